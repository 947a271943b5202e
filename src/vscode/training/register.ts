// Training in the editor: Train Adaptor…, the Training view with its Cancel and Copy Model Name, and the
// job panels (restored after a window reload).

import * as vscode from 'vscode';
import { requestCancel, TrainingClient } from '../../core/training';
import { DisposableStore } from '../../host/dispose';
import { cancelNotice } from '../../host/training/job-view';
import { registerCommand } from '../commands';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { copyText } from '../text-actions';
import { JobPanel } from './job-panel';
import { trainAdaptor } from './train-adaptor';
import { TrainingDiagnostics } from './training-diagnostics';
import { JobNode, OPEN_JOB_COMMAND, TrainingView } from './training-view';

/** `runsDir`: the runs folder, where training data's origins and adaptors' lineages are kept. */
export function registerTraining(extensionUri: vscode.Uri, connection: Connection, log: ExtensionLog, runsDir: () => string): vscode.Disposable {
  const disposables = new DisposableStore();
  const diagnostics = disposables.add(new TrainingDiagnostics());
  const view = disposables.add(new TrainingView(connection, log));
  const openJob = (hash: unknown): void => {
    if (typeof hash === 'string') JobPanel.show(extensionUri, connection, log, runsDir, hash);
  };
  disposables.add(JobPanel.registerSerializer(extensionUri, connection, log, runsDir));
  disposables.add({ dispose: () => JobPanel.disposeAll() });
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
  return disposables;
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
