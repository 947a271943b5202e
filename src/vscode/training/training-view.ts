// The Training view: the deployment's jobs from list_models, newest first. While a job runs it refreshes
// every few seconds, but only while the view shows and the window has focus; with no running job it waits
// for the user (or a job this window started). With no jobs, its welcome text says how to start one.

import * as vscode from 'vscode';
import type { TrainingJob } from '../../core/api/types';
import { DisposableStore } from '../../host/dispose';
import { jobRows, refreshesAgain, type JobRow } from '../../host/training/job-list';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';

export const TRAINING_VIEW_ID = 'scalarlm.training';
export const OPEN_JOB_COMMAND = 'scalarlm.training.openJob';

/** Between two reads of list_models while a job runs. */
const REFRESH_MS = 2000;

export class JobNode extends vscode.TreeItem {
  constructor(readonly row: JobRow) {
    super(`${row.name.slice(0, 12)}…`, vscode.TreeItemCollapsibleState.None);
    this.id = row.name;
    this.description = row.description;
    this.tooltip = `${row.name}\n${row.detail}`;
    this.iconPath = new vscode.ThemeIcon(row.running ? 'sync~spin' : row.status === 'COMPLETED' ? 'pass' : row.status === 'FAILED' ? 'error' : 'circle-outline');
    // The menu's Cancel, Restart and Delete read it (package.json: view/item/context).
    this.contextValue = row.running ? 'scalarlmTrainingJobRunning' : row.restartable ? 'scalarlmTrainingJobRestartable' : 'scalarlmTrainingJob';
    this.command = { command: OPEN_JOB_COMMAND, title: 'Open Training Job', arguments: [row.name] };
  }
}

export class TrainingView implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  private readonly treeView: vscode.TreeView<JobNode>;
  private jobs: TrainingJob[] = [];
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    this.treeView = this.disposables.add(
      vscode.window.createTreeView(TRAINING_VIEW_ID, { treeDataProvider: { onDidChangeTreeData: this.changed.event, getTreeItem: (node) => node, getChildren: () => jobRows(this.jobs).map((row) => new JobNode(row)) } }),
    );
    this.disposables.add(this.treeView.onDidChangeVisibility(() => (this.treeView.visible ? void this.refresh() : this.stopTimer())));
    this.disposables.add(vscode.window.onDidChangeWindowState(() => this.schedule()));
    this.disposables.add(
      connection.onDidChange(() => {
        this.jobs = [];
        this.changed.fire();
        if (this.treeView.visible) void this.refresh();
      }),
    );
    this.disposables.add({ dispose: () => this.stopTimer() });
    if (this.treeView.visible) void this.refresh();
  }

  /** Reads list_models now (one read at a time). */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
      this.schedule();
    });
    return this.loading;
  }

  private async load(): Promise<void> {
    const access = this.connection.api();
    if (!access.ok) {
      this.show([], undefined);
      return;
    }
    try {
      const found = await access.api.trainingJobs();
      if (found.data.state === 'route-missing') this.show([], 'This deployment has no training routes (GET /v1/megatron/list_models is not there).');
      else this.show(found.data.jobs, undefined);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.channel.warn(`Training view: ${message}`);
      this.show(this.jobs, `Could not read the training jobs: ${message}`);
    }
  }

  private show(jobs: TrainingJob[], message: string | undefined): void {
    this.jobs = jobs;
    this.treeView.message = message;
    this.changed.fire();
  }

  /** The next refresh, while a job runs, the view shows and the window has focus. */
  private schedule(): void {
    this.stopTimer();
    if (!refreshesAgain(this.jobs, { visible: this.treeView.visible, focused: vscode.window.state.focused })) return;
    this.timer = setTimeout(() => void this.refresh(), REFRESH_MS);
  }

  private stopTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
