// The "Runs" view: this workspace's batch runs, newest first, with their counts; open, export, delete.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { RunProjection } from '../../core/runs/run-projection';
import type { RunSummary } from '../../core/runs/run-store';
import { confirm } from '../confirm';
import { DisposableStore } from '../../host/dispose';
import { escapeMarkdown } from '../../host/markdown-text';
import type { ExtensionLog } from '../log';
import type { Runs } from './runs';
import { exportRun } from './run-actions';

/** How often a visible Runs view looks for runs other processes write. */
const OTHER_RUNS_EVERY_MS = 2000;

class RunItemNode extends vscode.TreeItem {
  constructor(
    readonly run: RunSummary,
    active: boolean,
    /** The run this one retries, when it is still stored. */
    parent: RunSummary | undefined,
  ) {
    super(run.title, vscode.TreeItemCollapsibleState.None);
    const { ok, error, pending, unknown, unsent } = run.counts;
    const parts = [`${ok} ok`, error && `${error} error`, pending && `${pending} pending`, unknown && `${unknown} unknown`, unsent && `${unsent} unsent`];
    const phase = active ? 'running' : run.goingElsewhere !== undefined ? `running in another process (pid ${run.goingElsewhere})` : run.phase;
    this.description = `${parts.filter(Boolean).join(' · ')} · ${phase}`;
    this.tooltip = new vscode.MarkdownString(
      `**${escapeMarkdown(run.title)}**\n\n${plural(run.total, 'prompt')} · model ${escapeMarkdown(run.model ?? "deployment's default")}\n\n` +
        `Started ${new Date(run.createdAt).toLocaleString()}${run.parentRunId ? `\n\n${escapeMarkdown(retryOf(parent))}` : ''}`,
    );
    this.iconPath = new vscode.ThemeIcon(active ? 'sync~spin' : error > 0 || unknown > 0 ? 'warning' : pending + unsent > 0 ? 'debug-pause' : 'pass');
    // An experiment's run can be its experiment's baseline (the menu's Set as Baseline).
    this.contextValue = run.experiment ? 'scalarlmRunExperiment' : 'scalarlmRun';
    this.id = run.runId;
    this.command = { command: 'scalarlm.runs.open', title: 'Open Results', arguments: [this] };
  }
}

export class RunsView implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  /** While the view shows: the timer that looks for other processes' runs. */
  private looking: NodeJS.Timeout | undefined;

  constructor(
    private readonly runs: Runs,
    private readonly log: ExtensionLog,
    showRun: (runId: string) => void,
  ) {
    const provider: vscode.TreeDataProvider<RunItemNode> = {
      onDidChangeTreeData: this.changed.event,
      getTreeItem: (node) => node,
      getChildren: () => this.nodes(),
    };
    const view = this.disposables.add(vscode.window.createTreeView('scalarlm.runs', { treeDataProvider: provider }));
    // Runs of other processes (a terminal's, in the shared .scalarlm/runs) are not events of this window:
    // while the view shows, it looks again every few seconds (listing reads only what ledgers gained).
    const look = () => {
      clearInterval(this.looking);
      this.looking = view.visible ? setInterval(() => this.refresh(), OTHER_RUNS_EVERY_MS) : undefined;
      if (view.visible) this.refresh();
    };
    this.disposables.add(view.onDidChangeVisibility(look));
    look();
    const seen = new Set<string>();
    this.disposables.add(
      runs.onDidChange((event) => {
        // A run appears with its first event; its counts move with every settled group and its end.
        const first = !seen.has(event.runId);
        seen.add(event.runId);
        if (first || event.ended || event.lines?.some((line) => line.event.t === 'group-done')) this.refresh();
      }),
    );
    const commands: Record<string, (node?: RunItemNode) => unknown> = {
      'scalarlm.runs.refresh': () => this.refresh(),
      'scalarlm.runs.export': (node) => node && this.export(node.run),
      'scalarlm.runs.delete': (node) => node && this.delete(node.run),
    };
    // From the view (a node), or from anywhere with a run id.
    const open = (target?: RunItemNode | string) => target && showRun(typeof target === 'string' ? target : target.run.runId);
    this.disposables.add(vscode.commands.registerCommand('scalarlm.runs.open', open));
    for (const [id, run] of Object.entries(commands)) this.disposables.add(vscode.commands.registerCommand(id, run));
  }

  refresh(): void {
    this.changed.fire();
  }

  private nodes(): RunItemNode[] {
    const stored = this.runs.runStore.list((path, error) => this.log.info(`Skipping the damaged run ledger ${path}: ${error.message}`));
    const byId = new Map(stored.map((run) => [run.runId, run]));
    return stored.map((run) => new RunItemNode(run, this.runs.isActive(run.runId), run.parentRunId ? byId.get(run.parentRunId) : undefined));
  }

  private async export(run: RunSummary): Promise<void> {
    const format = await vscode.window.showQuickPick(['JSONL', 'CSV'], { title: `Export ${run.title}` });
    if (!format) return;
    await exportRun(RunProjection.replay(run.ledgerPath, { keepItems: true }), format === 'CSV' ? 'csv' : 'jsonl', this.log);
  }

  private async delete(run: RunSummary): Promise<void> {
    if (this.runs.isActive(run.runId)) return void vscode.window.showWarningMessage('ScalarLM: this run is still going; cancel it first.');
    if (run.goingElsewhere !== undefined) {
      return void vscode.window.showWarningMessage(`ScalarLM: another process (pid ${run.goingElsewhere}) is writing this run; stop it there first.`);
    }
    const store = this.runs.runStore;
    const files = store.files(run.runId).map((path) => basename(path));
    const placeHolder = `Its ledger and the files kept beside it, in ${store.dir}, are removed for good.`;
    if (!(await confirm(`Delete the run "${run.title}"?`, files, `Delete ${plural(files.length, 'file')}`, { placeHolder }))) return;
    store.delete(run.runId);
    this.refresh();
  }

  dispose(): void {
    clearInterval(this.looking);
    this.disposables.dispose();
  }
}

/** "Retry of the failed prompts of prompts.jsonl (started 31/01/2025, 14:05:00)", naming the parent by its title. */
function retryOf(parent: RunSummary | undefined): string {
  return parent ? `Retry of the failed prompts of ${parent.title} (started ${new Date(parent.createdAt).toLocaleString()})` : 'Retry of the failed prompts of a run since deleted';
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;
}
