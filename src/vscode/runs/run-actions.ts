// What the results panel's buttons do for a run and its items.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { planBatch } from '../../core/jobs/batch-job';
import { exportCsv, exportJsonl } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { readItemNumbers, writeItemNumbers } from '../../core/runs/item-numbers';
import { configuredOverrides } from '../../host/batch/job-layers';
import type { Settings } from '../../host/settings-schema';
import { confirm } from '../confirm';
import type { ExtensionLog } from '../log';
import type { RunPanelDeps } from './run-panel';

export interface RunActionsDeps extends RunPanelDeps {
  settings(): Settings;
  /** The extra headers requests carry now, the gateway token as `$SCALARLM_TOKEN` (for code to copy). */
  headers(): Record<string, string>;
}

/** Selects the prompt's lines in the document it came from; `number` is the item's number in the panel. */
export async function revealOrigin(run: RunProjection, item: RunItem, number: number): Promise<void> {
  if (!item.origin || !run.header.source) {
    void vscode.window.showInformationMessage(`Item ${number} has no source location to reveal.`);
    return;
  }
  const document = await vscode.workspace.openTextDocument(sourceUri(run.header.source));
  const endLine = Math.min(item.origin.endLine, document.lineCount) - 1;
  const range = new vscode.Range(item.origin.line - 1, 0, endLine, document.lineAt(endLine).text.length);
  await vscode.window.showTextDocument(document, { selection: range, preview: false, viewColumn: vscode.ViewColumn.One });
}

/** A new run of the failed prompts, linked to this one; its items keep the numbers they have here. */
export async function retryFailed(run: RunProjection, deps: RunActionsDeps): Promise<void> {
  const failed = run.items.filter((item) => item.status === 'error' && item.prompt !== undefined);
  if (failed.length === 0) return void vscode.window.showInformationMessage('This run has no failed prompts to retry.');
  const { header } = run;
  try {
    // The same parameters as the run retried: they are what this run was asked for.
    const job = await planBatch(
      {
        kind: 'items',
        items: failed.map((item) => ({ entry: item.prompt as NonNullable<RunItem['prompt']>, ...(item.origin ? { origin: item.origin } : {}) })),
        title: `Retry of ${header.title ?? header.runId}`,
        ...(header.source ? { uri: header.source } : {}),
      },
      { explicit: { model: header.params.model, maxTokens: header.params.max_tokens, temperature: header.params.temperature }, configured: configuredOverrides(deps.settings()) },
    );
    const runId = await deps.runs.start({ job, parentRunId: header.runId });
    // A retry of a retry keeps the numbers of the first run.
    const kept = readItemNumbers(deps.runs.runStore.ledgerPath(header.runId));
    const indexes = failed.map((item) => kept?.indexes[item.index] ?? item.index);
    writeItemNumbers(deps.runs.runStore.ledgerPath(runId), { v: 1, of: kept?.of ?? header.runId, indexes });
    deps.showRun(runId);
  } catch (error) {
    deps.log.showError(error);
  }
}

export async function exportRun(run: RunProjection, format: 'jsonl' | 'csv', log: ExtensionLog): Promise<void> {
  const { items } = run;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${(run.header.title ?? run.header.runId).replace(/[^\w.-]+/g, '-')}-results.${format}`;
  const results = `${items.length.toLocaleString('en-US')} result${items.length === 1 ? '' : 's'}`;
  const target = await vscode.window.showSaveDialog({
    title: `Export ${results} as ${format.toUpperCase()}`,
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON Lines': ['jsonl'] },
  });
  if (!target) return;
  try {
    await (format === 'csv' ? exportCsv : exportJsonl)(items, target.fsPath);
  } catch (error) {
    return log.showError(error);
  }
  const open = await vscode.window.showInformationMessage(`Exported ${results} to ${basename(target.fsPath)}.`, 'Open');
  if (open) await vscode.window.showTextDocument(target);
}

/** Sends an unknown group again after the user confirms they accept it may run twice. */
export async function resubmitUnknown(runId: string, group: number, deps: RunActionsDeps): Promise<void> {
  const sure = await confirm(`Send group ${group} again?`, ['If the deployment did receive it, these prompts will run twice.'], `Send group ${group} again`, {
    placeHolder: 'Its submit failed in a way that leaves open whether the deployment received it, and the deployment could not tell.',
  });
  if (!sure) return;
  try {
    await deps.runs.resume(runId, [group]);
  } catch (error) {
    deps.log.showError(error);
  }
}

/** A run's recorded source: a URI (the editor's runs, and the CLI's file URIs), or a plain path (older CLI ledgers). */
export function sourceUri(source: string): vscode.Uri {
  return /^[a-z][\w+.-]+:/i.test(source) ? vscode.Uri.parse(source) : vscode.Uri.file(source);
}
