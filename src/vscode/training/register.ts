// Training in the editor: Train Adaptor…, the Training view with its Cancel, Restart, Delete and Copy Model Name,
// the job panels (restored after a window reload), and the notice when a job they follow completes.

import * as vscode from 'vscode';
import { requestCancel, restartedWords, TrainingClient, type TrainingJobDetail } from '../../core/training';
import { DisposableStore } from '../../host/dispose';
import { CompletionTracker } from '../../host/training/completion';
import { cancelNotice, completedNotice } from '../../host/training/job-view';
import { registerCommand } from '../commands';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { copyText } from '../text-actions';
import { ADD_TO_EXPERIMENT, COMPARE_WITH_BASE, runAdaptorAction } from './adaptor-actions';
import { DELETE_COMMAND, deleteAfterAsking, RESTART_COMMAND } from './job-actions';
import { JobPanel, type JobPanelDeps } from './job-panel';
import { SubmittedJobs } from './submitted-jobs';
import { trainAdaptor } from './train-adaptor';
import { TrainingDiagnostics } from './training-diagnostics';
import { JobNode, OPEN_JOB_COMMAND, TrainingView } from './training-view';

/** `runsDir`: the runs folder, where training data's origins and adaptors' lineages are kept. */
export function registerTraining(extensionUri: vscode.Uri, connection: Connection, log: ExtensionLog, runsDir: () => string): vscode.Disposable {
  const disposables = new DisposableStore();
  const diagnostics = disposables.add(new TrainingDiagnostics());
  const view = disposables.add(new TrainingView(connection, log));
  const completions = new CompletionTracker();
  const onDetail = (detail: TrainingJobDetail): void => (completions.saw(detail.hash, detail.status.status) ? notifyCompleted(detail, log) : undefined);
  const submitted = new SubmittedJobs(connection, log, onDetail);
  const onClosed = (hash: string): void => (completions.followsOn(hash) ? submitted.follow(hash) : undefined);
  const panels: JobPanelDeps = { extensionUri, connection, log, runsDir, onDetail, onClosed };
  const openJob = (hash: unknown): void => {
    if (typeof hash === 'string') JobPanel.show(panels, hash);
  };
  disposables.add(JobPanel.registerSerializer(panels));
  disposables.add({ dispose: () => JobPanel.disposeAll() });
  // Disposed before the panels close (in reverse order), so their closing follows nothing on.
  disposables.add(submitted);
  disposables.add(
    registerCommand(
      'scalarlm.trainAdaptor',
      (target) =>
        trainAdaptor(
          {
            connection,
            log,
            diagnostics,
            runsDir,
            started: (job) => {
              if (!job.existing) completions.submitted(job.hash);
              openJob(job.hash);
              void view.refresh();
            },
          },
          target,
        ),
      log,
    ),
  );
  disposables.add(registerCommand(OPEN_JOB_COMMAND, openJob, log));
  disposables.add(registerCommand('scalarlm.training.refresh', () => view.refresh(), log));
  disposables.add(registerCommand('scalarlm.training.copyModelName', (node) => (node instanceof JobNode ? copyText(node.row.name, 'Model name') : undefined), log));
  disposables.add(registerCommand('scalarlm.training.cancel', (node) => (node instanceof JobNode ? cancelJob(connection, node.row.name, view) : undefined), log));
  // A job restarted here is followed as one submitted here: its panel, when open, else on its own until it ends.
  const restarted = (hash: string): boolean => {
    completions.submitted(hash);
    const inPanel = JobPanel.followAgain(hash);
    if (!inPanel) submitted.follow(hash);
    return inPanel;
  };
  disposables.add(registerCommand(RESTART_COMMAND, (target) => withJob(target, connection, view, (training, hash) => restartJob(training, hash, restarted, openJob)), log));
  disposables.add(registerCommand(DELETE_COMMAND, (target) => withJob(target, connection, view, deleteJob), log));
  return disposables;
}

/** A job the editor watched has completed: said, with the next steps for its adaptor. */
function notifyCompleted(detail: TrainingJobDetail, log: ExtensionLog): void {
  void vscode.window
    .showInformationMessage(`ScalarLM: ${completedNotice(detail)}`, ADD_TO_EXPERIMENT, COMPARE_WITH_BASE)
    .then((picked) => (picked ? runAdaptorAction(picked, detail.hash) : undefined))
    .then(undefined, (error: unknown) => log.showError(error));
}

/** A command's job: a Training view item, or a job hash (the job panel's buttons, scripts and tests). */
function hashOf(target: unknown): string | undefined {
  if (target instanceof JobNode) return target.row.name;
  return typeof target === 'string' ? target : undefined;
}

/** Runs `action` on the target's job with a client of its own; the view is read again after. */
async function withJob(target: unknown, connection: Connection, view: TrainingView, action: (training: TrainingClient, hash: string) => Promise<void>): Promise<void> {
  const hash = hashOf(target);
  if (hash === undefined) return;
  const access = connection.createClient();
  if (!access.ok) throw new Error(access.reason);
  try {
    await action(new TrainingClient(access.api), hash);
  } finally {
    await access.api.close();
    void view.refresh();
  }
}

/** Restart from the view: said, with the job's panel to follow it (an open one follows again). */
async function restartJob(training: TrainingClient, hash: string, restarted: (hash: string) => boolean, openJob: (hash: string) => void): Promise<void> {
  const detail = await training.restart(hash);
  const follow = restarted(hash) ? 'Its panel follows it.' : 'Open Job shows it as it runs.';
  void vscode.window.showInformationMessage(`ScalarLM: ${restartedWords(detail, follow)}`, 'Open Job').then((picked) => (picked ? openJob(hash) : undefined));
}

/** Delete, asked first; the job's panel closes, since there is nothing left to show. */
async function deleteJob(training: TrainingClient, hash: string): Promise<void> {
  const deleted = await deleteAfterAsking(training, hash);
  if (deleted === undefined) return;
  JobPanel.close(hash);
  void vscode.window.showInformationMessage(`ScalarLM: ${deleted}`);
}

/** Cancel from the view: said plainly, including when the job runs on. */
async function cancelJob(connection: Connection, hash: string, view: TrainingView): Promise<void> {
  const access = connection.createClient();
  if (!access.ok) throw new Error(access.reason);
  try {
    const outcome = await requestCancel(new TrainingClient(access.api), hash, { watchMs: 3000, pollMs: 500 });
    void vscode.window.showInformationMessage(`ScalarLM: ${cancelNotice(hash, outcome)}`);
  } finally {
    await access.api.close();
    void view.refresh();
  }
}
