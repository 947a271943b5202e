// Runs in the editor: the run store, the runs of this window (batches and experiments), their panels (results,
// or an experiment's matrix), the Runs view, the commands that start them and the ones that copy a batch
// request as code, wired together. Runs a reload interrupted are taken up again.

import * as vscode from 'vscode';
import type { QueueMonitorView } from '../../core/monitor/types';
import { TOKEN_PLACEHOLDER, type SnippetFormat } from '../../core/snippets';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import { registerCommand } from '../commands';
import type { ExtensionLog } from '../log';
import { onDidChangeSettings } from '../settings';
import { storageDir } from '../storage-paths';
import { generateFromFile, generateFromSelection, generateLines, type BatchCommandDeps } from './batch-commands';
import { BatchRuns } from './batch-runs';
import { PromptDiagnostics } from './prompt-diagnostics';
import { runExperimentFile, runPromptOverDataset, runPromptWithSample, type ExperimentCommandDeps } from '../experiments/experiment-commands';
import type { TemplateDiagnostics } from '../experiments/template-diagnostics';
import { ExperimentPanel, EXPERIMENT_PAGE } from '../experiments/experiment-panel';
import { templateTrust } from '../experiments/trust';
import { ReadOnlyTexts } from '../read-only-texts';
import { RESULTS_PAGE, ResultsPanel } from './results-panel';
import { RunPanels } from './run-panel';
import { RunsView } from './runs-view';

export function registerBatch(context: vscode.ExtensionContext, connection: Connection, monitor: QueueMonitorView, log: ExtensionLog, templateProblems: TemplateDiagnostics): vscode.Disposable {
  const disposables = new DisposableStore();
  const runs = disposables.add(new BatchRuns(() => storageDir(context, connection.settings, 'runs'), connection, log, templateTrust));
  const settings = () => connection.settings;
  // An experiment's run opens as its matrix, any other as its results.
  const showRun = (runId: string) => (runs.runStore.has(runId) && runs.runStore.summary(runId).experiment ? experiments : results).show(runId);
  const texts = disposables.add(new ReadOnlyTexts());
  const panelDeps = { runs, log, settings, showRun, texts, headers: () => connection.headersShown(TOKEN_PLACEHOLDER) };
  const results = disposables.add(new RunPanels(context.extensionUri, RESULTS_PAGE, panelDeps, (panel, runId, uri) => new ResultsPanel(panel, runId, uri, panelDeps)));
  const experiments = disposables.add(new RunPanels(context.extensionUri, EXPERIMENT_PAGE, panelDeps, (panel, runId, uri) => new ExperimentPanel(panel, runId, uri, panelDeps)));
  const problems = disposables.add(new PromptDiagnostics());
  const runsView = disposables.add(new RunsView(runs, log, showRun));
  disposables.add(onDidChangeSettings(() => runsView.refresh()));

  const deps: BatchCommandDeps & ExperimentCommandDeps = { runs, connection, monitor, log, problems, showRun, templateProblems };
  const asUri = (value: unknown) => (value instanceof vscode.Uri ? value : undefined);
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'scalarlm.generateFromSelection': () => generateFromSelection(deps),
    'scalarlm.generateLines': () => generateLines(deps),
    'scalarlm.generateFromFile': (uri) => generateFromFile(deps, asUri(uri)),
    'scalarlm.runExperiment': (uri) => runExperimentFile(deps, asUri(uri)),
    'scalarlm.runPromptWithSample': (uri) => runPromptWithSample(deps, asUri(uri)),
    'scalarlm.runPromptOverDataset': (uri, dataset) => runPromptOverDataset(deps, asUri(uri), asUri(dataset)),
    'scalarlm.copyBatchRequestAsCurl': () => copyBatchRequest(results, 'curl'),
    'scalarlm.copyBatchRequestAsPython': () => copyBatchRequest(results, 'python'),
    'scalarlm.copyBatchRequestAsTypeScript': () => copyBatchRequest(results, 'typescript'),
  };
  for (const [id, run] of Object.entries(commands)) disposables.add(registerCommand(id, run, log));

  if (connection.api().ok) runs.resumeInterrupted();
  return disposables;
}

/** The results panel in front: the group of the item in its detail pane (else its first group) as code. */
async function copyBatchRequest(results: RunPanels, format: SnippetFormat): Promise<void> {
  const panel = results.activePanel();
  if (!(panel instanceof ResultsPanel)) return void vscode.window.showWarningMessage("ScalarLM: open a batch run's results first; the request of its selected item's group is copied.");
  await panel.copyRequest(format);
}


