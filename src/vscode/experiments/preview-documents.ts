// The read-only markdown documents of "Preview Prompt" and "Preview Cells", beside their source: each is
// rendered from the source as the editor holds it, again a moment after every edit (of the source, or of a
// file it read: a sample, a prompt, a tests file), and again when the workspace is trusted. One document
// per source: `scalarlm-preview:/<name>.preview.md?kind=prompt&source=<uri>`.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { TemplateTrustError } from '../../core/templates';
import { DisposableStore } from '../../host/dispose';
import { cellsPreview } from '../../host/experiments/cells-preview';
import { KeyedDebounce } from '../../host/experiments/keyed-debounce';
import { promptPreview } from '../../host/experiments/prompt-preview';
import { rowVars, sampleVars } from '../../host/experiments/preview-vars';
import type { LocatedProblem } from '../../host/experiments/rendered-markdown';
import { displayPath, fileNameOf, readReferenced, readText, templateOfDocument } from '../prompt-files/prompt-documents';
import type { TemplateDiagnostics } from './template-diagnostics';
import { showTrustRefusal } from '../prompt-files/trust-refusal';
import { fileAccess, templateTrust } from '../workspace-trust';

export const PREVIEW_SCHEME = 'scalarlm-preview';

export type PreviewKind = 'prompt' | 'cells';

const RENDER_DELAY_MS = 150;

interface PreviewState {
  uri: vscode.Uri;
  kind: PreviewKind;
  source: vscode.Uri;
  /** A dataset row chosen instead of the sample (prompt previews). */
  row?: { file: string; index: number };
  text: string;
  refusal?: TemplateTrustError;
  /** Paths the last render read; an edit to one renders again. */
  reads: Set<string>;
  /** Counts renders, so that only the newest one's result is kept. */
  generation: number;
}

export class PreviewDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly states = new Map<string, PreviewState>();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private readonly debounce = this.disposables.add(new KeyedDebounce<string>(RENDER_DELAY_MS, (key) => void this.render(key)));

  constructor(private readonly diagnostics: TemplateDiagnostics) {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, this));
    this.disposables.add(vscode.workspace.onDidChangeTextDocument(({ document }) => this.sourceChanged(document.uri)));
    // A dataset row is read from the disk: its edits count once saved.
    this.disposables.add(vscode.workspace.onDidSaveTextDocument((document) => this.sourceChanged(document.uri)));
    this.disposables.add(
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme !== PREVIEW_SCHEME) return;
        const key = document.uri.toString();
        this.states.delete(key);
        this.debounce.cancel(key);
        this.diagnostics.setRenderProblems(key, []);
      }),
    );
    // Granted trust never goes back without a reload: what was refused (Jinja2, files outside) can render now.
    this.disposables.add(vscode.workspace.onDidGrantWorkspaceTrust(() => this.states.forEach((_state, key) => this.debounce.schedule(key))));
  }

  /** Renders the preview of `source` and shows it beside the active editor, keeping the focus there. */
  async show(kind: PreviewKind, source: vscode.Uri): Promise<vscode.Uri> {
    const uri = previewUri(kind, source);
    await this.render(uri.toString(), this.stateFor(uri, kind, source));
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.languageId !== 'markdown') await vscode.languages.setTextDocumentLanguage(document, 'markdown');
    // A preview already on screen is brought forward where it is, not opened a second time.
    const shown = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString());
    await vscode.window.showTextDocument(document, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: true, preview: false });
    const refusal = this.states.get(uri.toString())?.refusal;
    if (refusal !== undefined) showTrustRefusal(refusal);
    return uri;
  }

  /** Renders with row `index` (0-based) of a dataset file instead of the sample; undefined goes back to the sample. */
  async useRow(preview: vscode.Uri, row: { file: string; index: number } | undefined): Promise<void> {
    const state = this.states.get(preview.toString());
    if (state === undefined || state.kind !== 'prompt') throw new Error('Choose a test row from an open prompt preview.');
    if (row === undefined) delete state.row;
    else state.row = row;
    await this.render(preview.toString());
  }

  /** What the preview's CodeLens offer depends on. */
  describe(preview: vscode.Uri): { kind: PreviewKind; source: vscode.Uri; usesRow: boolean; refused: boolean } | undefined {
    const state = this.states.get(preview.toString());
    return state && { kind: state.kind, source: state.source, usesRow: state.row !== undefined, refused: state.refusal !== undefined };
  }

  provideTextDocumentContent(uri: vscode.Uri): string | Promise<string> {
    const key = uri.toString();
    const known = this.states.get(key);
    if (known !== undefined) return known.text;
    // A preview the window restored after a reload: render it from its source again.
    const parsed = parsePreviewUri(uri);
    if (parsed === undefined) return `This preview's address does not name its source: ${key}\n`;
    const state = this.stateFor(uri, parsed.kind, parsed.source);
    return this.render(key, state).then(() => state.text);
  }

  private stateFor(uri: vscode.Uri, kind: PreviewKind, source: vscode.Uri): PreviewState {
    const key = uri.toString();
    let state = this.states.get(key);
    if (state === undefined) {
      state = { uri, kind, source, text: '', reads: new Set(), generation: 0 };
      this.states.set(key, state);
    }
    return state;
  }

  private sourceChanged(uri: vscode.Uri): void {
    if (uri.scheme === PREVIEW_SCHEME) return;
    const path = uri.scheme === 'file' ? uri.fsPath : undefined;
    for (const [key, state] of this.states) {
      if (state.source.toString() === uri.toString() || (path !== undefined && state.reads.has(path))) this.debounce.schedule(key);
    }
  }

  private async render(key: string, state = this.states.get(key)): Promise<void> {
    if (state === undefined) return;
    const generation = ++state.generation;
    const reads = new Set<string>();
    const read = (path: string): Promise<string> => {
      reads.add(path);
      return readText(path);
    };
    let result: Rendered;
    try {
      result = state.kind === 'prompt' ? await renderPrompt(state, read, reads) : await renderCells(state, read);
    } catch (error) {
      result = { text: `# Preview\n\nThe preview could not be made: ${error instanceof Error ? error.message : String(error)}\n`, problems: [] };
    }
    if (generation !== state.generation || this.states.get(key) !== state) return; // a newer render, or closed
    state.text = result.text;
    state.reads = reads;
    if (result.refusal === undefined) delete state.refusal;
    else state.refusal = result.refusal;
    // The source may be unsaved (untitled): its problems go on its own uri.
    const sourceFile = fileNameOf(state.source);
    this.diagnostics.setRenderProblems(
      key,
      result.problems.map((problem) => ({ uri: problem.file === sourceFile ? state.source : vscode.Uri.file(problem.file), problem })),
    );
    this.changed.fire(state.uri);
  }

  dispose(): void {
    for (const key of this.states.keys()) this.diagnostics.setRenderProblems(key, []);
    this.states.clear();
    this.disposables.dispose();
  }
}

interface Rendered {
  text: string;
  problems: LocatedProblem[];
  refusal?: TemplateTrustError;
}

async function renderPrompt(state: PreviewState, read: (path: string) => Promise<string>, reads: Set<string>): Promise<Rendered> {
  const document = await vscode.workspace.openTextDocument(state.source);
  const template = templateOfDocument(document);
  if (state.row !== undefined) reads.add(state.row.file);
  const vars = state.row === undefined ? await sampleVars(template, readReferenced(read)) : await rowVars(state.row.file, state.row.index, fileAccess());
  const preview = promptPreview({ template, vars, trust: templateTrust(), displayPath });
  return { text: preview.text, problems: preview.problem === undefined ? [] : [preview.problem], ...(preview.refusal ? { refusal: preview.refusal } : {}) };
}

async function renderCells(state: PreviewState, read: (path: string) => Promise<string>): Promise<Rendered> {
  const preview = await cellsPreview(fileNameOf(state.source), { readText: read, access: fileAccess(), trust: templateTrust(), displayPath });
  return { text: preview.text, problems: preview.problems, ...(preview.refusal ? { refusal: preview.refusal } : {}) };
}

export function previewUri(kind: PreviewKind, source: vscode.Uri): vscode.Uri {
  const suffix = kind === 'prompt' ? 'preview' : 'cells';
  const query = new URLSearchParams({ kind, source: source.toString() }).toString();
  return vscode.Uri.from({ scheme: PREVIEW_SCHEME, path: `/${basename(source.path)}.${suffix}.md`, query });
}

function parsePreviewUri(uri: vscode.Uri): { kind: PreviewKind; source: vscode.Uri } | undefined {
  const query = new URLSearchParams(uri.query);
  const kind = query.get('kind');
  const source = query.get('source');
  if ((kind !== 'prompt' && kind !== 'cells') || source === null) return undefined;
  return { kind, source: vscode.Uri.parse(source) };
}
