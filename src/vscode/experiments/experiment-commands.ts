// "Run Experiment", "Run with Sample" and "Run Prompt over Dataset…": read the files (saved first), render and
// check every cell with the workspace's trust (nothing is sent while any fails), confirm a large run, start
// it through the shared runs and show its matrix.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { datasetExtensions } from '../../core/datasets';
import { ExperimentProblems } from '../../core/experiments/experiment-cells';
import { experimentFromConfig, experimentFromPrompty, type ExperimentSpec } from '../../core/experiments/experiment-spec';
import { overlongCell } from '../../core/experiments/overlong-cell';
import { planExperiment } from '../../core/experiments/run-experiment';
import type { ExperimentHeader } from '../../core/runs/ledger-schema';
import { asSentence } from '../../core/prompts/problems';
import { TemplateError, TemplateTrustError } from '../../core/templates';
import type { Runs } from '../runs/runs';
import { confirm } from '../confirm';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { isLocated } from '../../host/experiments/rendered-markdown';
import { unsavedQuestion, type UnsavedAnswer } from '../../host/experiments/unsaved-question';
import { showRenderFailure } from '../prompt-files/render-failure';
import type { TemplateDiagnostics } from './template-diagnostics';
import { fileAccess, templateTrust } from '../workspace-trust';

export interface ExperimentCommandDeps {
  runs: Runs;
  connection: Connection;
  log: ExtensionLog;
  /** Where cells that cannot render are shown, at their lines. */
  templateProblems: TemplateDiagnostics;
  showRun(runId: string): void;
}

/** The owner of the diagnostics a run's check leaves (replaced by the next run's). */
const RUN_CHECK = 'run';

/** An experiment file (a promptfoo config): from the explorer, a CodeLens or the active editor. Resolves with the run's id once started. */
export async function runExperimentFile(deps: ExperimentCommandDeps, uri?: vscode.Uri): Promise<string | undefined> {
  const target = await savedTarget(uri, 'an experiment file (promptfooconfig.yaml)');
  if (!target) return undefined;
  return start(deps, () => experimentFromConfig(target.fsPath, { access: fileAccess() }), { kind: 'config', path: target.fsPath });
}

/** A .prompty with its sample: one cell. */
export async function runPromptWithSample(deps: ExperimentCommandDeps, uri?: vscode.Uri): Promise<void> {
  const target = await savedTarget(uri, 'a .prompty file');
  if (!target) return;
  const model = deps.connection.settings.model || undefined;
  await start(deps, () => experimentFromPrompty(target.fsPath, { access: fileAccess(), ...(model ? { model } : {}) }), { kind: 'prompty', path: target.fsPath, ...(model ? { model } : {}) });
}

/** A .prompty over the rows of a dataset the user picks: a cell per row. */
export async function runPromptOverDataset(deps: ExperimentCommandDeps, uri?: vscode.Uri, dataset?: vscode.Uri): Promise<void> {
  const target = await savedTarget(uri, 'a .prompty file');
  if (!target) return;
  const rows = dataset ?? (await pickDataset(target));
  if (!rows) return;
  const model = deps.connection.settings.model || undefined;
  const origin = { kind: 'prompty' as const, path: target.fsPath, dataset: rows.fsPath, ...(model ? { model } : {}) };
  await start(deps, () => experimentFromPrompty(target.fsPath, { access: fileAccess(), dataset: rows.fsPath, datasetName: vscode.workspace.asRelativePath(rows), ...(model ? { model } : {}) }), origin);
}

async function start(deps: ExperimentCommandDeps, read: () => Promise<ExperimentSpec>, origin: ExperimentHeader['origin']): Promise<string | undefined> {
  const access = deps.connection.api();
  if (!access.ok) return void deps.log.showError(new Error(access.reason));
  let planned;
  try {
    const spec = await read();
    planned = await planExperiment(access.api, spec, origin, { trust: templateTrust(), maxTokens: deps.connection.settings.maxTokens });
  } catch (error) {
    return void reportUnrenderable(error, deps);
  }
  deps.templateProblems.setRenderProblems(RUN_CHECK, []);
  // A cell longer than a model's context is asked about, as the batch commands ask (the CLI refuses it).
  const tooLong = await overlongCell(access.api, planned);
  if (tooLong && !(await confirm('Send a prompt longer than the model can read?', [tooLong], 'Send it anyway'))) return undefined;
  const confirmAbove = deps.connection.settings.batch.confirmAbove;
  if (planned.cells > confirmAbove) {
    const facts = planned.columns.map((c) => `${c.prompt.label} × ${c.providerLabel}: ${c.model ?? "the deployment's default"}, ${c.transport}`);
    if (!(await confirm(`Run ${planned.cells.toLocaleString('en-US')} cells on ScalarLM?`, facts, `Run ${planned.cells.toLocaleString('en-US')} cells`))) return undefined;
  }
  for (const warning of planned.warnings) deps.log.info(`Warning: ${warning}`);
  if (planned.warnings.length > 0) {
    const more = planned.warnings.length > 1 ? ` (and ${planned.warnings.length - 1} more in the panel)` : '';
    void vscode.window.showWarningMessage(`ScalarLM: ${planned.warnings[0]}${more}`);
  }
  try {
    const runId = await deps.runs.startExperiment(planned);
    deps.showRun(runId);
    return runId;
  } catch (error) {
    deps.log.showError(error);
    return undefined;
  }
}

/** Cells that cannot render: on their files as diagnostics, the first in a notification with "Go to Line", all in the log. */
function reportUnrenderable(error: unknown, deps: ExperimentCommandDeps): void {
  const { log } = deps;
  const located = error instanceof ExperimentProblems ? error.problems : isLocated(error) ? [error] : [];
  deps.templateProblems.setRenderProblems(RUN_CHECK, located.map((problem) => ({ uri: vscode.Uri.file(problem.file), problem })));
  if (!(error instanceof ExperimentProblems)) return showRenderFailure(error, log, ' Nothing was sent.');
  for (const problem of error.problems) log.info(problem.message);
  const others = error.total - 1;
  const first = error.problems[0];
  const more = others > 0 ? ` ${others} more problem${others === 1 ? ' is' : 's are'} in the log.` : '';
  const location = { file: first.file, line: first.line, ...(first.column !== undefined ? { column: first.column } : {}) };
  // A refusal only trust lifts (an assertion value's template in Restricted Mode) is told as every trust refusal is.
  const Shown = first.needsTrust ? TemplateTrustError : TemplateError;
  showRenderFailure(new Shown(location, asSentence(first.detail) + more), log, ' Nothing was sent.');
}

async function savedTarget(uri: vscode.Uri | undefined, what: string): Promise<vscode.Uri | undefined> {
  const target = uri instanceof vscode.Uri ? uri : vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage(`ScalarLM: open or select ${what} first.`);
  return (await settleUnsaved(target)) ? target : undefined;
}

/**
 * The run reads the files from disk. Unsaved changes to the target or to files beside it (its prompts, tests)
 * are what the user means, and are saved; when they hold errors, the user says whether to save them, run
 * what is on disk, or stop. False: stop.
 */
async function settleUnsaved(target: vscode.Uri): Promise<boolean> {
  const folder = vscode.Uri.joinPath(target, '..').toString() + '/';
  const dirty = vscode.workspace.textDocuments.filter((document) => document.isDirty && (document.uri.toString() === target.toString() || document.uri.toString().startsWith(folder)));
  const files = dirty.map((document) => ({
    name: vscode.workspace.asRelativePath(document.uri),
    errors: vscode.languages.getDiagnostics(document.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length,
  }));
  const question = unsavedQuestion(files);
  let answer: UnsavedAnswer = 'saveAndRun';
  if (question) {
    const items = question.choices.map((choice) => ({ label: choice.label, ...(choice.detail ? { detail: choice.detail } : {}), answer: choice.answer }));
    answer = (await vscode.window.showQuickPick(items, { title: question.title, placeHolder: question.title, ignoreFocusOut: true }))?.answer ?? 'cancel';
  }
  if (answer === 'cancel') return false;
  if (answer === 'saveAndRun') for (const document of dirty) await document.save();
  return true;
}

async function pickDataset(prompty: vscode.Uri): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    title: `Run ${basename(prompty.fsPath)} over a dataset`,
    defaultUri: vscode.Uri.joinPath(prompty, '..'),
    canSelectMany: false,
    openLabel: 'Run over this dataset',
    filters: { Datasets: datasetExtensions.map((extension) => extension.replace(/^\./, '')) },
  });
  return picked?.[0];
}
