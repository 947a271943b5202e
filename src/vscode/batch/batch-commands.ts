// "ScalarLM: Generate from Selection / One Prompt per Line / from File": read the prompts (bad input never
// half-sends: nothing goes out until every prompt is valid), confirm a large batch, start the run, and
// show its results panel.

import * as vscode from 'vscode';
import type { BatchParams } from '../../core/batch/types';
import type { QueueMonitorView } from '../../core/monitor/types';
import { PromptInputError } from '../../core/prompts';
import { confirm } from '../confirm';
import type { Connection } from '../connection';
import type { ExtensionLog } from '../log';
import type { Settings } from '../settings-schema';
import { showPromptInputError } from '../text-actions';
import type { BatchRuns } from './batch-runs';
import { fromDocument, fromLines, fromSelections, NothingToSendError, type PromptSource } from './prompt-sources';

export interface BatchCommandDeps {
  runs: BatchRuns;
  connection: Connection;
  monitor: QueueMonitorView;
  log: ExtensionLog;
  showRun(runId: string): void;
}

export async function generateFromSelection(deps: BatchCommandDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open a document and select a prompt first.');
  await send(deps, editor.document, () => fromSelections(editor));
}

export async function generateLines(deps: BatchCommandDeps): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open a document with one prompt per line first.');
  await send(deps, editor.document, () => fromLines(editor));
}

/** From the explorer or an editor's context menu (`uri`), or the active editor. */
export async function generateFromFile(deps: BatchCommandDeps, uri?: vscode.Uri): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open or select a prompt file (.jsonl, .json, or text) first.');
  const document = await vscode.workspace.openTextDocument(target);
  await send(deps, document, () => fromDocument(document));
}

async function send(deps: BatchCommandDeps, document: vscode.TextDocument, read: () => PromptSource): Promise<void> {
  let source: PromptSource;
  try {
    source = read();
  } catch (error) {
    if (error instanceof PromptInputError) return showPromptInputError(error, document, ' Nothing was sent.');
    if (error instanceof NothingToSendError) return void vscode.window.showWarningMessage(`ScalarLM: ${error.message}`);
    throw error;
  }
  const settings = deps.connection.settings;
  const params = batchParams(settings, source);
  if (!(await confirmLargeBatch(source.items.length, params, settings, deps.monitor))) return;
  try {
    const runId = await deps.runs.start({ items: source.items, title: source.title, source: source.uri, params });
    deps.showRun(runId);
  } catch (error) {
    deps.log.showError(error);
  }
}

/** The settings, unless the file carries its own (a GenerateRequest-shaped JSON wins: it is the more specific). */
function batchParams(settings: Settings, source: PromptSource): BatchParams {
  const { defaults } = source;
  const model = defaults.model ?? (settings.model || undefined);
  const temperature = defaults.temperature ?? settings.temperature;
  return {
    ...(model ? { model } : {}),
    max_tokens: defaults.max_tokens ?? settings.maxTokens,
    ...(temperature ? { temperature } : {}),
    ...(defaults.tools ? { tools: defaults.tools } : {}),
    ...(defaults.tool_choice ? { tool_choice: defaults.tool_choice } : {}),
  };
}

/** Above scalarlm.batch.confirmAbove prompts, one question with what the user needs to decide. */
async function confirmLargeBatch(count: number, params: BatchParams, settings: Settings, monitor: QueueMonitorView): Promise<boolean> {
  if (count <= settings.batch.confirmAbove) return true;
  const state = monitor.state;
  const metrics = state.kind === 'ok' || state.kind === 'busy' ? state.sample.metrics : undefined;
  const depth = metrics?.queueDepth;
  const rate = metrics?.requestsPerSecond;
  const estimate =
    rate && rate > 0
      ? `about ${formatMinutes((count + (depth ?? 0)) / rate)} at the deployment's current ${rate.toFixed(2)} requests/s`
      : 'none yet: the deployment reports no recent request rate';
  const facts = [
    `Model: ${params.model ?? "the deployment's default"}`,
    `Max tokens: ${params.max_tokens}`,
    `Queue depth now: ${depth ?? 'unknown'}`,
    `Estimate: ${estimate}`,
    `Asked above ${settings.batch.confirmAbove} prompts (scalarlm.batch.confirmAbove)`,
  ];
  return confirm(`Send ${count.toLocaleString('en-US')} prompts to ScalarLM?`, facts, `Send ${count.toLocaleString('en-US')} prompts`);
}

function formatMinutes(seconds: number): string {
  return seconds < 90 ? `${Math.ceil(seconds)} s` : `${Math.ceil(seconds / 60)} min`;
}
