// An experiment run's matrix in a webview panel, one tab per run (the common part is RunPanel): the columns,
// the rows (its stored tests) and every cell when the page says `ready`, then the cells each ledger line
// changes and the run's progress; a cell's detail when the page asks for it; and the run's actions.

import * as vscode from 'vscode';
import type { BatchProgress } from '../../core/batch/runner';
import { cellKey, planExperiment, readTestsFile, specOf, testsFileOf, type StoredTest } from '../../core/experiments';
import { cellRecords, writeCellRecords } from '../../core/experiments/cell-records';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { cellDetailView, cellViews, experimentHeaderView, experimentProgressView, rowViews } from '../../host/experiments/experiment-view-model';
import { isExperimentMessage, type CellAction, type ExperimentAction, type ExperimentFromWebview, type ExperimentToWebview } from '../../protocol/experiments';
import type { RunActionsDeps } from '../batch/run-actions';
import { sourceUri } from '../batch/run-actions';
import { RunPanel, sourceLabel, type RunPage } from '../batch/run-panel';
import { copyText, openInEditor } from '../text-actions';
import { templateTrust } from './trust';

export const EXPERIMENT_PAGE: RunPage = { viewType: 'scalarlm.experiment', script: 'experiments', stylesheets: ['panel.css', 'markdown.css', 'experiments.css'], title: 'ScalarLM Experiment' };

export class ExperimentPanel extends RunPanel<ExperimentToWebview> {
  /** The run's tests as they were when it began (its rows). */
  private tests: Map<number, StoredTest> = new Map();
  /** Where each cell is among the run's items. */
  private readonly cells = new Map<string, number>();

  constructor(panel: vscode.WebviewPanel, runId: string, extensionUri: vscode.Uri, protected override readonly deps: RunActionsDeps) {
    super(panel, runId, extensionUri, deps, EXPERIMENT_PAGE);
  }

  protected async received(message: unknown): Promise<void> {
    if (!isExperimentMessage(message)) return;
    if (message.type === 'ready') return this.sendInit();
    if (message.type === 'rendered') return this.deps.log.channel.trace(`Experiment panel rendered ${message.cells} cells in ${message.ms.toFixed(1)} ms.`);
    if (this.run) await this.act(message, this.run);
  }

  protected initMessage(run: RunProjection): ExperimentToWebview {
    this.tests = readTestsFile(testsFileOf(this.deps.runs.runStore.ledgerPath(this.runId)));
    this.cells.clear();
    run.items.forEach((item, index) => item.cell && this.cells.set(cellKey(...item.cell), index));
    this.panel.title = `Experiment: ${run.header.title ?? this.runId.slice(0, 8)}`;
    const header = experimentHeaderView(run, sourceLabel(run.header.source) ?? '');
    const live = this.live;
    return { type: 'init', header, rows: rowViews(this.tests, header.rowCount), cells: cellViews(run.items, live), progress: experimentProgressView(run, this.deps.runs.latestProgress(this.runId), live) };
  }

  protected changedMessage(_run: RunProjection, items: readonly RunItem[]): ExperimentToWebview {
    return { type: 'cells', cells: cellViews(items, this.live) };
  }

  protected progressMessage(run: RunProjection, progress: BatchProgress | undefined, error?: string): ExperimentToWebview {
    return { type: 'progress', progress: experimentProgressView(run, progress, this.live && progress !== undefined, error) };
  }

  private async act(message: Exclude<ExperimentFromWebview, { type: 'ready' | 'rendered' }>, run: RunProjection): Promise<void> {
    if (message.type === 'run') return void (await this.runActions(run)[message.action]());
    const index = this.cells.get(cellKey(message.column, message.row, message.repeat));
    const item = index === undefined ? undefined : run.items[index];
    if (item) await this.cellActions(item)[message.action]();
  }

  /** One handler per action the protocol declares: a new action does not compile until it is handled here. */
  private runActions(run: RunProjection): Record<ExperimentAction, () => unknown> {
    return {
      rerunFailed: () => this.rerunFailed(run),
      resume: () => this.deps.runs.resume(this.runId),
      cancel: () => this.deps.runs.cancel(this.runId),
      exportJsonl: () => this.export(run, 'jsonl'),
      exportCsv: () => this.export(run, 'csv'),
      openLedger: () => vscode.window.showTextDocument(vscode.Uri.file(this.deps.runs.runStore.ledgerPath(this.runId)), { preview: false }),
      openSource: () => run.header.source && vscode.window.showTextDocument(sourceUri(run.header.source), { preview: false, viewColumn: vscode.ViewColumn.One }),
    };
  }

  private cellActions(item: RunItem): Record<CellAction, () => unknown> {
    return {
      detail: () => {
        const cell = cellDetailView(item, this.tests, this.live);
        if (cell) this.post({ type: 'detail', cell });
      },
      copyOutput: () => copyText(item.response, 'Output'),
      openOutput: () => openInEditor(item.response ?? ''),
      openPrompt: () => openInEditor(cellDetailView(item, this.tests, this.live)?.prompt ?? ''),
    };
  }

  /** A new run of the cells that failed, each sent alone (so the server computes it again), linked to this one. */
  private async rerunFailed(run: RunProjection): Promise<void> {
    const experiment = run.header.experiment;
    const failed = run.items.filter((item) => item.status === 'error' && item.cell);
    if (!experiment || failed.length === 0) return void vscode.window.showInformationMessage('This run has no failed cells to rerun.');
    const access = this.deps.runs.connectionApi();
    if (!access.ok) throw new Error(access.reason);
    const spec = await specOf(experiment.origin, { repeat: experiment.repeat });
    const planned = await planExperiment(access.api, spec, experiment.origin, {
      trust: templateTrust(),
      maxTokens: this.deps.settings().maxTokens,
      only: new Set(failed.map((item) => cellKey(...(item.cell as [number, number, number])))),
    });
    const runId = await this.deps.runs.startExperiment(planned, run.header.runId);
    this.deps.showRun(runId);
  }

  private async export(run: RunProjection, format: 'jsonl' | 'csv'): Promise<void> {
    const experiment = run.header.experiment;
    if (!experiment) return;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `${(run.header.title ?? run.header.runId).replace(/[^\w.-]+/g, '-')}-cells.${format}`;
    const records = cellRecords(run, this.tests);
    const target = await vscode.window.showSaveDialog({
      title: `Export ${records.length} cells as ${format.toUpperCase()}`,
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
      filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON Lines': ['jsonl'] },
    });
    if (!target) return;
    await writeCellRecords(target.fsPath, records, { runId: run.header.runId, title: run.header.title ?? run.header.runId, header: experiment });
    const open = await vscode.window.showInformationMessage(`Exported ${records.length} cells to ${vscode.workspace.asRelativePath(target)}.`, 'Open');
    if (open) await vscode.window.showTextDocument(target);
  }
}
