// What the results panel's buttons do for a run and its items.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { planBatch } from '../../core/jobs/batch-job';
import { exportCsv, exportJsonl } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { configuredOverrides } from '../../host/batch/job-layers';
import type { Settings } from '../../host/settings-schema';
import { confirm } from '../confirm';
import type { ExtensionLog } from '../log';
import type { RunPanelDeps } from './run-panel';

export interface RunActionsDeps extends RunPanelDeps {
  settings(): Settings;
}

/** Selects the prompt's lines in the document it came from. */
export async function revealOrigin(run: RunProjection, item: RunItem): Promise<void> {
  if (!item.origin || !run.header.source) {
    void vscode.window.showInformationMessage(`Prompt ${item.index + 1} has no source location to reveal.`);
    return;
  }
  const document = await vscode.workspace.openTextDocument(sourceUri(run.header.source));
  const endLine = Math.min(item.origin.endLine, document.lineCount) - 1;
  const range = new vscode.Range(item.origin.line - 1, 0, endLine, document.lineAt(endLine).text.length);
  await vscode.window.showTextDocument(document, { selection: range, preview: false, viewColumn: vscode.ViewColumn.One });
}

/** A new run of the failed prompts, linked to this one. */
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
    deps.showRun(runId);
  } catch (error) {
    deps.log.showError(error);
  }
}

export async function exportRun(run: RunProjection, format: 'jsonl' | 'csv', log: ExtensionLog): Promise<void> {
  const { items } = run;
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

/** A run's recorded source: a URI (the editor's runs, and the CLI's file URIs), or a plain path (older CLI ledgers). */
export function sourceUri(source: string): vscode.Uri {
  return /^[a-z][\w+.-]+:/i.test(source) ? vscode.Uri.parse(source) : vscode.Uri.file(source);
}
