// The runs of this window, wired: the run store behind them, the kinds of panel a run opens in, the Runs view.
// Batch and experiments each add their panel kind and commands on this (vscode/batch, vscode/experiments);
// once they have, runs a reload interrupted are taken up again.

import * as vscode from 'vscode';
import { TOKEN_PLACEHOLDER } from '../../core/snippets';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';
import { onDidChangeSettings } from '../settings';
import { storageDir } from '../storage-paths';
import { fileAccess, templateTrust } from '../workspace-trust';
import { registerCommand } from '../commands';
import { exportFromPalette } from './export-training';
import type { RunActionsDeps } from './run-actions';
import { RunPanelKinds } from './run-panel-kinds';
import { Runs } from './runs';
import { RunsView } from './runs-view';

/** What the batch and experiment shells build their panels and commands on. */
export interface RunsShell {
  runs: Runs;
  kinds: RunPanelKinds;
  /** What every run panel and run action needs. */
  panelDeps: RunActionsDeps;
  /** Takes up the runs a window reload interrupted: called once every panel kind is added. */
  resumeInterrupted(): void;
}

export function registerRuns(context: vscode.ExtensionContext, connection: Connection, log: ExtensionLog): { shell: RunsShell; disposable: vscode.Disposable } {
  const disposables = new DisposableStore();
  const runs = disposables.add(new Runs(() => storageDir(context, connection.settings, 'runs'), connection, log, templateTrust, fileAccess));
  const kinds = new RunPanelKinds(runs);
  const showRun = (runId: string) => kinds.show(runId);
  const panelDeps: RunActionsDeps = { runs, log, settings: () => connection.settings, showRun, headers: () => connection.headersShown(TOKEN_PLACEHOLDER) };
  const runsView = disposables.add(new RunsView(runs, log, showRun));
  disposables.add(registerCommand('scalarlm.exportTrainingData', (runId, args) => exportFromPalette(panelDeps, runId, args), log));
  disposables.add(onDidChangeSettings(() => runsView.refresh()));
  const resumeInterrupted = () => {
    if (connection.api().ok) runs.resumeInterrupted();
  };
  return { shell: { runs, kinds, panelDeps, resumeInterrupted }, disposable: disposables };
}
