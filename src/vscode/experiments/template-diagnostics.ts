// Problems of .prompty and experiment files in the Problems panel while they are typed: a .prompty's
// template check (YAML, role markers, syntax, includes, undeclared variables) and the variables its sample
// leaves undefined; an experiment file's errors, warnings and ignored keys. Checked on open and after each
// pause in typing, cleared on close. Open previews add what stopped their render, on whichever file it is in.

import * as vscode from 'vscode';
import { checkExperimentConfigText } from '../../core/experiments/config';
import { checkTemplate, parsePrompty, type PromptyFile } from '../../core/templates';
import { DisposableStore } from '../../host/dispose';
import { diagnosticData, onePerPlace, type DiagnosticData, type ProblemAt } from '../../host/experiments/diagnostic-data';
import { KeyedDebounce } from '../../host/experiments/keyed-debounce';
import type { LocatedProblem } from '../../host/experiments/rendered-markdown';
import { sampleGaps } from '../../host/experiments/sample-gaps';
import { sampleVars } from '../../host/experiments/preview-vars';
import { displayPath, fileNameOf, isExperimentDocument, isPromptyDocument, isUserDocument, readReferenced } from '../prompt-files/prompt-documents';

const CHECK_DELAY_MS = 150;

export class TemplateDiagnostics implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly collection = this.disposables.add(vscode.languages.createDiagnosticCollection('scalarlm-templates'));
  /** By document uri: the typing check's diagnostics. */
  private readonly checked = new Map<string, { uri: vscode.Uri; items: DiagnosticData[] }>();
  /** By owner (a preview), then by file uri: what stopped the owner's render. */
  private readonly rendered = new Map<string, Map<string, { uri: vscode.Uri; items: DiagnosticData[] }>>();
  /** By document uri: other files the check read (a sample file), whose edits call for a new check. */
  private readonly dependencies = new Map<string, string[]>();
  private readonly debounce = new KeyedDebounce<string>(CHECK_DELAY_MS, (key) => void this.check(key));

  constructor() {
    this.disposables.add(this.debounce);
    this.disposables.add(vscode.workspace.onDidOpenTextDocument((document) => this.schedule(document)));
    this.disposables.add(
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        this.schedule(document);
        if (document.uri.scheme !== 'file') return;
        for (const [key, paths] of this.dependencies) if (paths.includes(document.uri.fsPath)) this.debounce.schedule(key);
      }),
    );
    this.disposables.add(vscode.workspace.onDidCloseTextDocument((document) => this.forget(document.uri)));
    // A sample outside the workspace, refused in Restricted Mode, is read once the folder is trusted.
    this.disposables.add(vscode.workspace.onDidGrantWorkspaceTrust(() => vscode.workspace.textDocuments.forEach((document) => this.schedule(document))));
    for (const document of vscode.workspace.textDocuments) this.schedule(document);
  }

  /** What stopped `owner`'s render, each on its file (none: it rendered); replaces what the owner said before. */
  setRenderProblems(owner: string, problems: { uri: vscode.Uri; problem: LocatedProblem }[]): void {
    const byFile = new Map<string, { uri: vscode.Uri; items: DiagnosticData[] }>();
    for (const { uri, problem } of problems) {
      const entry = byFile.get(uri.toString()) ?? { uri, items: [] };
      entry.items.push(toData({ ...problem, severity: 'error' }, openDocument(uri)));
      byFile.set(uri.toString(), entry);
    }
    const before = this.rendered.get(owner);
    if (byFile.size === 0) this.rendered.delete(owner);
    else this.rendered.set(owner, byFile);
    const touched = new Map<string, vscode.Uri>();
    for (const entry of [...(before?.values() ?? []), ...byFile.values()]) touched.set(entry.uri.toString(), entry.uri);
    for (const uri of touched.values()) this.publish(uri);
  }

  private schedule(document: vscode.TextDocument): void {
    if (isUserDocument(document) && (isPromptyDocument(document) || isExperimentDocument(document))) this.debounce.schedule(document.uri.toString());
    else if (this.checked.has(document.uri.toString())) this.forget(document.uri); // renamed or no longer an experiment
  }

  private async check(key: string): Promise<void> {
    const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === key);
    if (document === undefined) return;
    const version = document.version;
    const found = isPromptyDocument(document) ? await this.promptyProblems(document) : experimentProblems(document);
    if (document.isClosed || document.version !== version) return; // a newer check is on its way
    this.checked.set(key, { uri: document.uri, items: found.map((problem) => toData(problem, document)) });
    this.publish(document.uri);
  }

  private async promptyProblems(document: vscode.TextDocument): Promise<ProblemAt[]> {
    const template = parsePrompty(document.getText(), fileNameOf(document.uri));
    const problems: ProblemAt[] = checkTemplate(template);
    const sample = template.sample;
    this.dependencies.set(document.uri.toString(), sample?.kind === 'file' ? [sample.path] : []);
    if (sample === undefined || problems.some((problem) => problem.severity === 'error')) return problems;
    const vars = await sampleVars(template, readReferenced());
    if (vars.kind === 'sample') problems.push(...sampleGaps(template, vars.values, vars.file === undefined ? 'the sample' : displayPath(vars.file)));
    else if (vars.kind === 'unreadable') problems.push(sampleProblem(vars.error, template));
    return problems;
  }

  private forget(uri: vscode.Uri): void {
    const key = uri.toString();
    this.debounce.cancel(key);
    this.dependencies.delete(key);
    if (this.checked.delete(key)) this.publish(uri);
  }

  private publish(uri: vscode.Uri): void {
    const key = uri.toString();
    const items = [...(this.checked.get(key)?.items ?? [])];
    for (const byFile of this.rendered.values()) items.push(...(byFile.get(key)?.items ?? []));
    if (items.length === 0) return this.collection.delete(uri);
    this.collection.set(uri, onePerPlace(items).map(diagnosticOf));
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

function experimentProblems(document: vscode.TextDocument): ProblemAt[] {
  return checkExperimentConfigText(document.getText(), fileNameOf(document.uri));
}

/** A sample that cannot be read, said on the .prompty at its `sample:` (the file at fault is named). */
function sampleProblem(error: unknown, template: PromptyFile): ProblemAt {
  const where = template.sample ?? { line: 1, column: 1 };
  const located = error as Partial<LocatedProblem> & Error;
  const inSample = typeof located.file === 'string' && located.file !== template.file;
  const detail = inSample ? `the sample file cannot be used: ${displayPath(located.file!)}:${located.line}: ${located.detail}` : (located.detail ?? located.message);
  return { line: where.line, column: where.column, severity: 'warning', detail };
}

function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
}

function toData(problem: ProblemAt, document: vscode.TextDocument | undefined): DiagnosticData {
  if (document === undefined) return diagnosticData(problem, () => undefined, Number.MAX_SAFE_INTEGER);
  return diagnosticData(problem, (line) => (line < document.lineCount ? document.lineAt(line).text : undefined), document.lineCount);
}

const severities: Record<DiagnosticData['severity'], vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
};

function diagnosticOf(data: DiagnosticData): vscode.Diagnostic {
  const range = new vscode.Range(data.line, data.startColumn, data.line, data.endColumn);
  const diagnostic = new vscode.Diagnostic(range, data.message, severities[data.severity]);
  diagnostic.source = 'ScalarLM';
  return diagnostic;
}
