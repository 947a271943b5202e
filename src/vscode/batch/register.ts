// Batch generate in the editor: the run store, the runs of this window, their results panels, the Runs view
// and the commands, wired together. Runs a reload interrupted are taken up again.

import * as vscode from 'vscode';
import type { QueueMonitorView } from '../../core/monitor/types';
import { RunStore } from '../../core/runs/run-store';
import type { Connection } from '../deployment/connection';
import { DisposableStore } from '../../host/dispose';
import type { ExtensionLog } from '../log';
import { onDidChangeSettings } from '../settings';
import type { Settings } from '../../host/settings-schema';
import { storageDir } from '../storage-paths';
import { generateFromFile, generateFromSelection, generateLines, type BatchCommandDeps } from './batch-commands';
import { BatchRuns } from './batch-runs';
import { PromptDiagnostics } from './prompt-diagnostics';
import { ResultsPanels } from './results-panel';
import { RunsView } from './runs-view';

export function registerBatch(context: vscode.ExtensionContext, connection: Connection, monitor: QueueMonitorView, log: ExtensionLog): vscode.Disposable {
  const disposables = new DisposableStore();
  const runs = disposables.add(new BatchRuns(runStore(context, connection.settings), connection, log, () => (vscode.workspace.isTrusted ? 'trusted' : 'restricted')));
  disposables.add(onDidChangeSettings((settings) => runs.useStore(runStore(context, settings))));
  const settings = () => connection.settings;
  const panels = disposables.add(new ResultsPanels(context.extensionUri, { runs, log, settings }));
  const problems = disposables.add(new PromptDiagnostics());
  const showRun = (runId: string) => panels.show(runId);
  const runsView = disposables.add(new RunsView(runs, log, showRun));
  disposables.add(onDidChangeSettings(() => runsView.refresh()));
  disposables.add(watchSharedRuns(() => {
    runs.useStore(runStore(context, connection.settings));
    runsView.refresh();
  }));

  const deps: BatchCommandDeps = { runs, connection, monitor, log, problems, showRun };
  const commands: Record<string, (uri?: vscode.Uri) => unknown> = {
    'scalarlm.generateFromSelection': () => generateFromSelection(deps),
    'scalarlm.generateLines': () => generateLines(deps),
    'scalarlm.generateFromFile': (uri) => generateFromFile(deps, uri instanceof vscode.Uri ? uri : undefined),
  };
  for (const [id, run] of Object.entries(commands)) disposables.add(vscode.commands.registerCommand(id, run));

  if (connection.api().ok) runs.resumeInterrupted();
  return disposables;
}

/**
 * Runs a terminal writes to the workspace folder's .scalarlm/runs show up as they go; the folder coming (or
 * going) moves the store there (or back).
 */
function watchSharedRuns(changed: () => void): vscode.Disposable {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return new vscode.Disposable(() => undefined);
  const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '.scalarlm/runs{,/*.ledger.jsonl}'));
  let timer: NodeJS.Timeout | undefined;
  // A ledger is appended to many times a second while a run goes: one refresh per half second is enough.
  const soon = () => (timer ??= setTimeout(() => ((timer = undefined), changed()), 500));
  watcher.onDidCreate(soon);
  watcher.onDidChange(soon);
  watcher.onDidDelete(soon);
  return new vscode.Disposable(() => {
    clearTimeout(timer);
    watcher.dispose();
  });
}

/** The CLI's rule too (core/runs/run-store.ts): .scalarlm/runs of the workspace folder when it has one. */
function runStore(context: vscode.ExtensionContext, settings: Settings): RunStore {
  return new RunStore(storageDir(context, settings, 'runs'));
}
