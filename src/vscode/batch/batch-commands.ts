// "ScalarLM: Generate from Selection / One Prompt per Line / from File": read the prompts (bad input never
// half-sends: nothing goes out until every prompt is valid), confirm a large batch, start the run, and
// show its results panel.

import * as vscode from 'vscode';
import { planBatch, type BatchJob, type BatchSource } from '../../core/jobs/batch-job';
import { contextLimit, oversizeProblem } from '../../core/jobs/prompt-size';
import type { QueueMonitorView } from '../../core/monitor/types';
import { PromptProblems } from '../../core/prompts/problems';
import { configuredOverrides } from '../../host/batch/job-layers';
import { confirm } from '../confirm';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import type { Settings } from '../../host/settings-schema';
import type { Runs } from '../runs/runs';
import type { PromptDiagnostics } from './prompt-diagnostics';
import { fromClosedFile, fromDocument, fromLines, fromSelections, NothingToSendError } from './prompt-sources';

export interface BatchCommandDeps {
  runs: Runs;
  connection: Connection;
  monitor: QueueMonitorView;
  log: ExtensionLog;
  problems: PromptDiagnostics;
  showRun(runId: string): void;
}

export async function generateFromSelection(deps: BatchCommandDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open a document and select a prompt (or put the cursor on its line) first.');
  await send(deps, editor.document.uri, async () => editor.document, async () => fromSelections(editor));
}

export async function generateLines(deps: BatchCommandDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open a document with one prompt per line first.');
  await send(deps, editor.document.uri, async () => editor.document, async () => fromLines(editor));
}

/** From the explorer or an editor's context menu (`uri`), or the active editor. */
export async function generateFromFile(deps: BatchCommandDeps, uri?: vscode.Uri): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open or select a prompt file (.jsonl, .json, or text) first.');
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === target.toString());
  // A document open in the window is sent as it reads there (unsaved edits too); a closed file as it is on disk.
  const document = async () => open ?? vscode.workspace.openTextDocument(target);
  await send(deps, target, document, async () => {
    if (open) return fromDocument(open);
    const closed = await fromClosedFile(target);
    return closed === 'not utf-8' ? fromDocument(await document()) : closed;
  });
}

/** `document`: the source's document, opened when its problems are to be shown on it. */
async function send(deps: BatchCommandDeps, uri: vscode.Uri, document: () => Promise<vscode.TextDocument>, read: () => Promise<BatchSource | undefined>): Promise<void> {
  const settings = deps.connection.settings;
  let job: BatchJob;
  try {
    const source = await read();
    if (!source) return;
    job = await planBatch(source, { configured: configuredOverrides(settings) });
  } catch (error) {
    if (error instanceof PromptProblems) return deps.problems.show(error, await document());
    if (error instanceof NothingToSendError) return void vscode.window.showWarningMessage(`ScalarLM: ${error.message}`);
    throw error;
  }
  deps.problems.clear(uri);
  if (!(await confirmLargeBatch(job, settings, deps.monitor))) return;
  if (!(await confirmLongPrompt(job, deps.connection))) return;
  if (job.warnings.length > 0) showWarnings(job.warnings, deps.log);
  try {
    const runId = await deps.runs.start({ job });
    deps.showRun(runId);
  } catch (error) {
    deps.log.showError(error);
  }
}

/** One notification for what the planning noticed (the run's panel shows it too). */
function showWarnings(warnings: readonly string[], log: ExtensionLog): void {
  for (const warning of warnings) log.info(`Warning: ${warning}`);
  const more = warnings.length > 1 ? ` (and ${warnings.length - 1} more: see the log)` : '';
  void vscode.window.showWarningMessage(`ScalarLM: ${warnings[0]}${more}`, 'Open Log').then((choice) => choice && log.channel.show());
}

/** Above scalarlm.batch.confirmAbove prompts, one question with what the user needs to decide. */
async function confirmLargeBatch(job: BatchJob, settings: Settings, monitor: QueueMonitorView): Promise<boolean> {
  const { total: count, params } = job;
  if (count <= settings.batch.confirmAbove) return true;
  const state = monitor.state;
  const metrics = state.kind === 'ok' || state.kind === 'busy' ? state.sample.metrics : undefined;
  const depth = metrics?.queueDepth;
  const rate = metrics?.requestsPerSecond;
  // Short: the facts share one line of the question.
  const estimate = rate && rate > 0 ? `about ${formatMinutes((count + (depth ?? 0)) / rate)} at ${rate.toFixed(2)} requests/s` : 'no estimate yet';
  const facts = [params.model ?? "the deployment's default model", `max ${params.max_tokens} tokens`, `queue depth ${depth ?? 'unknown'}`, estimate];
  const prompts = count.toLocaleString('en-US');
  return confirm(`Send ${prompts} prompts to ScalarLM?`, facts, `Send ${prompts} prompts`, {
    placeHolder: `Asked above ${settings.batch.confirmAbove.toLocaleString('en-US')} prompts (scalarlm.batch.confirmAbove)`,
  });
}

/** A prompt longer than the model's context could hold (core/jobs/prompt-size.ts): asked, not sent unasked. */
async function confirmLongPrompt(job: BatchJob, connection: Connection): Promise<boolean> {
  const access = connection.api();
  if (!job.longest || !access.ok) return true;
  const problem = oversizeProblem(job.longest, await contextLimit(access.api, job.params.model), job.params.max_tokens);
  return problem === undefined || confirm('Send a prompt longer than the model can read?', [problem], 'Send it anyway');
}

function formatMinutes(seconds: number): string {
  return seconds < 90 ? `${Math.ceil(seconds)} s` : `${Math.ceil(seconds / 60)} min`;
}
