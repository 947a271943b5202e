// What the results panel's buttons do for a run and its items.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { exportCsv, exportJsonl } from '../../core/runs/export';
import type { LoadedRun, RunItem } from '../../core/runs/run-items';
import { confirm } from '../confirm';
import type { ExtensionLog } from '../log';
import type { BatchRuns } from './batch-runs';

export interface RunActionsDeps {
  runs: BatchRuns;
  log: ExtensionLog;
  /** Opens the results panel of a run (a retry opens its own). */
  showRun(runId: string): void;
}

/** Selects the prompt's lines in the document it came from. */
export async function revealOrigin(run: LoadedRun, item: RunItem): Promise<void> {
  if (!item.origin || !run.header.source) {
    void vscode.window.showInformationMessage(`Prompt ${item.index} has no source location to reveal.`);
    return;
  }
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(run.header.source));
  const endLine = Math.min(item.origin.endLine, document.lineCount) - 1;
  const range = new vscode.Range(item.origin.line - 1, 0, endLine, document.lineAt(endLine).text.length);
  await vscode.window.showTextDocument(document, { selection: range, preview: false, viewColumn: vscode.ViewColumn.One });
}

/** A new run of the failed prompts, linked to this one. */
export async function retryFailed(run: LoadedRun, items: readonly RunItem[], deps: RunActionsDeps): Promise<void> {
  const failed = items.filter((item) => item.status === 'error' && item.prompt !== undefined);
  if (failed.length === 0) return void vscode.window.showInformationMessage('This run has no failed prompts to retry.');
  try {
    const runId = await deps.runs.start({
      items: failed.map((item) => ({ entry: item.prompt as NonNullable<RunItem['prompt']>, ...(item.origin ? { origin: item.origin } : {}) })),
      title: `Retry of ${run.header.title ?? run.header.runId}`,
      ...(run.header.source ? { source: run.header.source } : {}),
      params: run.header.params,
      parentRunId: run.header.runId,
    });
    deps.showRun(runId);
  } catch (error) {
    deps.log.showError(error);
  }
}

export async function exportRun(run: LoadedRun, items: readonly RunItem[], format: 'jsonl' | 'csv', log: ExtensionLog): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${(run.header.title ?? run.header.runId).replace(/[^\w.-]+/g, '-')}-results.${format}`;
  const target = await vscode.window.showSaveDialog({
    title: `Export ${items.length} results as ${format.toUpperCase()}`,
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON Lines': ['jsonl'] },
  });
  if (!target) return;
  try {
    await (format === 'csv' ? exportCsv : exportJsonl)(items, target.fsPath);
  } catch (error) {
    return log.showError(error);
  }
  const open = await vscode.window.showInformationMessage(`Exported ${items.length} results to ${basename(target.fsPath)}.`, 'Open');
  if (open) await vscode.window.showTextDocument(target);
}

/** Sends an unknown group again after the user confirms they accept it may run twice. */
export async function resubmitUnknown(runId: string, group: number, deps: RunActionsDeps): Promise<void> {
  const sure = await confirm(
    `Send group ${group} again?`,
    [
      'Its submit failed in a way that leaves open whether the deployment received it, and the deployment could not tell.',
      'If it did receive it, these prompts will run twice.',
    ],
    `Send group ${group} again`,
  );
  if (!sure) return;
  try {
    await deps.runs.resume(runId, [group]);
  } catch (error) {
    deps.log.showError(error);
  }
}
