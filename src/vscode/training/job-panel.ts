// A training job's panel: status, step of max steps, the loss chart, the logs as they come (from the first
// line the page does not have, so a reload or a dropped connection picks up where it stopped), the config,
// the dataset (paged, searchable), the adaptor's lineage when it was trained from this runs folder, Cancel, Restart
// (a FAILED or CANCELLED job), Delete, and for a completed job Add to Experiment… and Compare with Base. One panel
// per job; restored after a window reload from the job hash the page saved. The page is torn down while hidden and
// says `ready` again when shown.

import * as vscode from 'vscode';
import { adaptorLineage, LineageError, requestCancel, restartedWords, TrainingClient, type AdaptorLineage, type TrainingJobDetail } from '../../core/training';
import { DisposableStore } from '../../host/dispose';
import { cancelNotice, datasetView, jobPanelView } from '../../host/training/job-view';
import { JobWatch } from '../../host/training/job-watch';
import { isJobPanelState, isTrainingWebviewMessage, type TrainingHostMessage, type TrainingWebviewMessage } from '../../protocol/training';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { panelColumn } from '../panel-column';
import { copyText } from '../text-actions';
import { ADD_TO_EXPERIMENT, COMPARE_WITH_BASE, runAdaptorAction } from './adaptor-actions';
import { DELETE_COMMAND } from './job-actions';
import { webviewHtml, webviewResourceRoots } from '../webview-html';

/** What every job panel is made with. */
export interface JobPanelDeps {
  extensionUri: vscode.Uri;
  connection: Connection;
  log: ExtensionLog;
  /** The runs folder, where adaptors' lineages are kept. */
  runsDir: () => string;
  /** Each read of the job (the completion notice watches them). */
  onDetail(detail: TrainingJobDetail): void;
  /** The panel was closed (its job may be followed on without it). */
  onClosed(hash: string): void;
}

const POLL_MS = 1000;
/** Dataset rows per page. */
const PAGE = 20;

export class JobPanel {
  static readonly viewType = 'scalarlm.trainingJob';
  private static readonly open = new Map<string, JobPanel>();

  private readonly disposables = new DisposableStore();
  private ready = false;
  private detail: TrainingJobDetail | undefined;
  /** What the last action came to (a cancel). */
  private actionNotice: string | undefined;
  /** Why the last read failed; cleared by the next one that succeeds. */
  private readProblem: string | undefined;
  private readonly watch: JobWatch | undefined;
  private readonly training: TrainingClient | undefined;
  /** The adaptor's lineage in the runs folder, read when the page is ready (a job just trained has it by then). */
  private lineage: AdaptorLineage | undefined;

  static show(deps: JobPanelDeps, hash: string): void {
    const shown = JobPanel.open.get(hash);
    if (shown) return shown.panel.reveal();
    const panel = vscode.window.createWebviewPanel(JobPanel.viewType, titleOf(hash), panelColumn(), webviewOptions(deps.extensionUri));
    new JobPanel(panel, deps, hash);
  }

  static registerSerializer(deps: JobPanelDeps): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(JobPanel.viewType, {
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
        if (!isJobPanelState(state) || JobPanel.open.has(state.hash)) return panel.dispose();
        panel.webview.options = webviewOptions(deps.extensionUri);
        new JobPanel(panel, deps, state.hash);
      },
    });
  }

  /** A job restarted elsewhere (the Training view): its open panel follows it again; false when none is open. */
  static followAgain(hash: string): boolean {
    const watch = JobPanel.open.get(hash)?.watch;
    watch?.followAgain();
    return watch !== undefined;
  }

  /** A deleted job's panel: nothing is left to show. */
  static close(hash: string): void {
    JobPanel.open.get(hash)?.panel.dispose();
  }

  static disposeAll(): void {
    for (const panel of [...JobPanel.open.values()]) panel.panel.dispose();
  }

  private readonly log: ExtensionLog;
  private readonly runsDir: () => string;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    deps: JobPanelDeps,
    private readonly hash: string,
  ) {
    const { extensionUri, connection } = deps;
    this.log = deps.log;
    this.runsDir = deps.runsDir;
    JobPanel.open.set(hash, this);
    panel.title = titleOf(hash);
    const access = connection.createClient();
    if (access.ok) {
      this.disposables.add({ dispose: () => void access.api.close() });
      this.training = new TrainingClient(access.api);
      this.watch = new JobWatch(this.training, hash, POLL_MS, {
        onDetail: (detail) => {
          this.detail = detail;
          this.readProblem = undefined;
          this.postView();
          deps.onDetail(detail);
        },
        onLogs: (lines) => this.post({ type: 'logs', lines: lines.map(({ lineNumber, line }) => ({ lineNumber, line })) }),
        onError: (error) => {
          this.readProblem = `Could not read the job (${error instanceof Error ? error.message : String(error)}); trying again.`;
          this.postView();
        },
      });
      this.disposables.add({ dispose: () => this.watch?.stop() });
    } else this.readProblem = access.reason;
    const { webview } = panel;
    this.disposables.add(
      panel.onDidDispose(() => {
        this.release();
        deps.onClosed(hash);
      }),
    );
    this.disposables.add(webview.onDidReceiveMessage((message: unknown) => (isTrainingWebviewMessage(message) ? void this.handle(message) : undefined)));
    // A hidden page is torn down; posts wait for its successor's `ready`.
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
    webview.html = webviewHtml({ webview, extensionUri, scriptName: 'training', stylesheets: ['panel.css', 'training.css'], title: titleOf(hash), bodyAttributes: { 'data-job': hash } });
  }

  private async handle(message: TrainingWebviewMessage): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.ready = true;
        this.readLineage();
        this.postView();
        this.watch?.resumeFrom(message.nextLine);
        return this.loadDataset(0, '');
      case 'cancel':
        return this.cancel();
      case 'restart':
        return this.restart();
      case 'delete':
        // The command asks first, says what was deleted and closes this panel.
        return void vscode.commands.executeCommand(DELETE_COMMAND, this.hash);
      case 'addToExperiment':
        return runAdaptorAction(ADD_TO_EXPERIMENT, this.hash).catch((error: unknown) => this.log.showError(error));
      case 'compareWithBase':
        return runAdaptorAction(COMPARE_WITH_BASE, this.hash).catch((error: unknown) => this.log.showError(error));
      case 'copyName':
        return copyText(this.hash, 'Model name');
      case 'dataset':
        return this.loadDataset(message.offset, message.query);
    }
  }

  private async cancel(): Promise<void> {
    if (!this.training) return;
    this.actionNotice = 'Cancel requested; watching whether the job stops…';
    this.postView();
    try {
      const outcome = await requestCancel(this.training, this.hash, { watchMs: 3 * POLL_MS, pollMs: POLL_MS / 2 });
      this.actionNotice = cancelNotice(this.hash, outcome);
    } catch (error) {
      this.actionNotice = `The cancel did not go through: ${error instanceof Error ? error.message : String(error)}`;
      this.log.channel.warn(`Cancel of training job ${this.hash}: ${this.actionNotice}`);
    }
    this.postView();
    this.watch?.pollNow();
  }

  private async restart(): Promise<void> {
    if (!this.training) return;
    this.actionNotice = 'Restart requested…';
    this.postView();
    try {
      this.actionNotice = restartedWords(await this.training.restart(this.hash), 'This panel follows it.');
    } catch (error) {
      this.actionNotice = `The restart did not go through: ${error instanceof Error ? error.message : String(error)}`;
      this.log.channel.warn(`Restart of training job ${this.hash}: ${this.actionNotice}`);
    }
    this.postView();
    this.watch?.followAgain();
  }

  private async loadDataset(offset: number, query: string): Promise<void> {
    if (!this.training) return;
    try {
      const page = await this.training.dataset(this.hash, { offset, limit: PAGE, q: query });
      this.post({ type: 'dataset', page: datasetView(page, offset, PAGE, query) });
    } catch (error) {
      const problem = `Could not read the dataset: ${error instanceof Error ? error.message : String(error)}`;
      this.post({ type: 'dataset', page: { offset, limit: PAGE, query, total: 0, matched: 0, truncated: false, rows: [], problem } });
    }
  }

  private readLineage(): void {
    try {
      this.lineage = adaptorLineage(this.runsDir(), this.hash);
    } catch (error) {
      if (!(error instanceof LineageError)) throw error;
      this.log.channel.warn(error.message);
    }
  }

  private postView(): void {
    const notice = this.readProblem ?? this.actionNotice;
    const view = this.detail
      ? jobPanelView(this.detail, notice, this.lineage)
      : { hash: this.hash, status: 'LOADING', progress: '', deployed: '', loss: [], config: [], canCancel: false, canRestart: false, canUseAdaptor: false, ...(notice ? { notice } : {}) };
    this.post({ type: 'show', view });
  }

  private post(message: TrainingHostMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private release(): void {
    if (JobPanel.open.get(this.hash) === this) JobPanel.open.delete(this.hash);
    this.disposables.dispose();
  }
}

function titleOf(hash: string): string {
  return `Training ${hash.slice(0, 12)}…`;
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: webviewResourceRoots(extensionUri) };
}
