// Prompt and experiment files in the editor: the `prompty` language's CodeLens, diagnostics while typing,
// the live previews and their commands, the context keys of the menus, the commands that run an experiment,
// and the experiment panel as the panel kind of every experiment run, wired together. The chat commands for
// a .prompty live with the chat (../chat/register.ts), which owns the chat panels.

import * as vscode from 'vscode';
import { DisposableStore } from '../../host/dispose';
import { SharedReviews } from '../../host/experiments/shared-reviews';
import { registerCommand } from '../commands';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { ReadOnlyTexts } from '../read-only-texts';
import type { RunsShell } from '../runs/register';
import { RunPanels } from '../runs/run-panel';
import { addAdaptorToExperiment, compareWithBase, type AdaptorCommandDeps } from './adaptor-commands';
import { ExperimentBaselines } from './experiment-baselines';
import { ExperimentContext } from './experiment-context';
import { runExperimentFile, runPromptOverDataset, runPromptWithSample, type ExperimentCommandDeps } from './experiment-commands';
import { EXPERIMENT_PAGE, ExperimentPanel, type ExperimentPanelDeps } from './experiment-panel';
import { PREVIEW_SCHEME, PreviewDocuments } from './preview-documents';
import { PREVIEW_COMMANDS, PreviewLenses } from './preview-lenses';
import { previewCells, previewPrompt, useSample, useTestRow, type PreviewCommandDeps } from './preview-commands';
import { PROMPT_FILE_SELECTOR, PromptFileLenses } from './prompt-file-lenses';
import type { TemplateDiagnostics } from './template-diagnostics';

/** `diagnostics` are the template problems of the workspace, which the run commands report to as well. */

/** Set once an adaptor has been compared with its base: the walkthrough's training step listens for it. */
const ADAPTOR_COMPARED_CONTEXT = 'scalarlm.adaptorCompared';
export function registerExperiments(context: vscode.ExtensionContext, shell: RunsShell, connection: Connection, log: ExtensionLog, diagnostics: TemplateDiagnostics): vscode.Disposable {
  const disposables = new DisposableStore();
  const previews = disposables.add(new PreviewDocuments(diagnostics));
  disposables.add(new ExperimentContext());
  disposables.add(vscode.languages.registerCodeLensProvider(PROMPT_FILE_SELECTOR, new PromptFileLenses()));
  disposables.add(vscode.languages.registerCodeLensProvider({ scheme: PREVIEW_SCHEME }, disposables.add(new PreviewLenses(previews))));

  const baselines = disposables.add(new ExperimentBaselines(shell.runs));
  const panelDeps: ExperimentPanelDeps = { ...shell.panelDeps, texts: disposables.add(new ReadOnlyTexts()), baselines, reviews: new SharedReviews(() => shell.runs.runStore.dir) };
  const panels = disposables.add(new RunPanels(context.extensionUri, EXPERIMENT_PAGE, panelDeps, (panel, runId, uri) => new ExperimentPanel(panel, runId, uri, panelDeps)));
  disposables.add(shell.kinds.add({ shows: (summary) => summary?.experiment !== undefined, show: (runId) => panels.show(runId) }));

  const previewDeps: PreviewCommandDeps = { previews, log };
  const runDeps: ExperimentCommandDeps = { runs: shell.runs, connection, log, templateProblems: diagnostics, showRun: panelDeps.showRun };
  const adaptorDeps: AdaptorCommandDeps = {
    ...runDeps,
    showAdaptorComparison: (runId, model) => {
      const panel = panels.panel(runId);
      if (panel instanceof ExperimentPanel) panel.compareAdaptorWithBase(model);
    },
  };
  const asUri = (value: unknown) => (value instanceof vscode.Uri ? value : undefined);
  const asString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  // A run id, or the Runs view's node of a run.
  const asRunId = (value: unknown) => asString(value) ?? asString((value as { run?: { runId?: unknown } } | undefined)?.run?.runId);
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'scalarlm.previewPrompt': (uri) => previewPrompt(previewDeps, uri),
    'scalarlm.previewCells': (uri) => previewCells(previewDeps, uri),
    [PREVIEW_COMMANDS.useTestRow]: (preview, file, row) => useTestRow(previewDeps, preview, file, row),
    [PREVIEW_COMMANDS.useSample]: (preview) => useSample(previewDeps, preview),
    'scalarlm.runExperiment': (uri) => runExperimentFile(runDeps, asUri(uri)),
    'scalarlm.runPromptWithSample': (uri) => runPromptWithSample(runDeps, asUri(uri)),
    'scalarlm.runPromptOverDataset': (uri, dataset) => runPromptOverDataset(runDeps, asUri(uri), asUri(dataset)),
    'scalarlm.addAdaptorToExperiment': (uri, model, label) => addAdaptorToExperiment(runDeps, asUri(uri), asString(model), asString(label)),
    'scalarlm.compareWithBase': async (uri, model, label) => {
      const runId = await compareWithBase(adaptorDeps, asUri(uri), asString(model), asString(label));
      // The walkthrough's training step is done once an adaptor is compared, however the command was run.
      if (runId) await vscode.commands.executeCommand('setContext', ADAPTOR_COMPARED_CONTEXT, true);
      return runId;
    },
    'scalarlm.setBaseline': (run) => {
      const runId = asRunId(run);
      if (runId) baselines.set(runId);
    },
  };
  for (const [id, run] of Object.entries(commands)) disposables.add(registerCommand(id, run, log));
  return disposables;
}
