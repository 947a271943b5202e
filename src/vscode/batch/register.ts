// Batch runs in the editor: the generate commands (selection, lines, a file) with their prompt diagnostics, the
// results panel as the panel kind of every run that is not an experiment, and the commands that copy a batch
// request as code.

import * as vscode from 'vscode';
import type { QueueMonitorView } from '../../core/monitor/types';
import type { SnippetFormat } from '../../core/snippets';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import { registerCommand } from '../commands';
import type { ExtensionLog } from '../log';
import type { RunsShell } from '../runs/register';
import { RunPanels } from '../runs/run-panel';
import { generateFromFile, generateFromSelection, generateLines, type BatchCommandDeps } from './batch-commands';
import { PromptDiagnostics } from './prompt-diagnostics';
import { RESULTS_PAGE, ResultsPanel } from './results-panel';

export function registerBatch(context: vscode.ExtensionContext, shell: RunsShell, connection: Connection, monitor: QueueMonitorView, log: ExtensionLog): vscode.Disposable {
  const disposables = new DisposableStore();
  const { runs, kinds, panelDeps } = shell;
  const results = disposables.add(new RunPanels(context.extensionUri, RESULTS_PAGE, panelDeps, (panel, runId, uri) => new ResultsPanel(panel, runId, uri, panelDeps)));
  disposables.add(kinds.add({ shows: (summary) => !summary?.experiment, show: (runId) => results.show(runId) }));
  const problems = disposables.add(new PromptDiagnostics());

  const deps: BatchCommandDeps = { runs, connection, monitor, log, problems, showRun: panelDeps.showRun };
  const asUri = (value: unknown) => (value instanceof vscode.Uri ? value : undefined);
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'scalarlm.generateFromSelection': () => generateFromSelection(deps),
    'scalarlm.generateLines': () => generateLines(deps),
    'scalarlm.generateFromFile': (uri) => generateFromFile(deps, asUri(uri)),
    'scalarlm.copyBatchRequestAsCurl': () => copyBatchRequest(results, 'curl'),
    'scalarlm.copyBatchRequestAsPython': () => copyBatchRequest(results, 'python'),
    'scalarlm.copyBatchRequestAsTypeScript': () => copyBatchRequest(results, 'typescript'),
  };
  for (const [id, run] of Object.entries(commands)) disposables.add(registerCommand(id, run, log));
  return disposables;
}

/** The results panel in front: the group of the item in its detail pane (else its first group) as code. */
async function copyBatchRequest(results: RunPanels, format: SnippetFormat): Promise<void> {
  const panel = results.activePanel();
  if (!(panel instanceof ResultsPanel)) return void vscode.window.showWarningMessage("ScalarLM: open a batch run's results first; the request of its selected item's group is copied.");
  await panel.copyRequest(format);
}
