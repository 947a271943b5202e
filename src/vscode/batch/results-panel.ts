// The results of a batch run in a webview panel, one tab per run (the common part is RunPanel): the whole run
// when the page says `ready`, then the items each ledger line changes and the run's progress.

import * as vscode from 'vscode';
import type { BatchProgress } from '../../core/batch/runner';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { headerView, itemView, liveProgressView, storedProgressView } from '../../host/batch/results-view-model';
import { isResultsMessage, type ItemAction, type ResultsFromWebview, type ResultsToWebview, type RunAction } from '../../protocol/results';
import { copyText, openInEditor } from '../text-actions';
import { exportRun, resubmitUnknown, retryFailed, revealOrigin, type RunActionsDeps } from './run-actions';
import { RunPanel, sourceLabel, type RunPage } from './run-panel';

export const RESULTS_PAGE: RunPage = { viewType: 'scalarlm.results', script: 'results', stylesheets: ['panel.css', 'markdown.css', 'results.css'], title: 'ScalarLM Results' };

export class ResultsPanel extends RunPanel<ResultsToWebview> {
  constructor(panel: vscode.WebviewPanel, runId: string, extensionUri: vscode.Uri, protected override readonly deps: RunActionsDeps) {
    super(panel, runId, extensionUri, deps, RESULTS_PAGE);
  }

  protected async received(message: unknown): Promise<void> {
    if (!isResultsMessage(message)) return;
    if (message.type === 'ready') return this.sendInit();
    if (message.type === 'rendered') return this.deps.log.channel.trace(`Results panel rendered ${message.items} items in ${message.ms.toFixed(1)} ms.`);
    if (this.run) await this.act(message, this.run);
  }

  protected initMessage(run: RunProjection): ResultsToWebview {
    this.panel.title = `Results: ${run.header.title ?? this.runId.slice(0, 8)}`;
    const live = this.live;
    return {
      type: 'init',
      header: headerView(run.header, run.total, sourceLabel(run.header.source)),
      items: run.items.map((item) => itemView(item, live)),
      progress: live ? liveProgressView(this.deps.runs.latestProgress(this.runId), run) : storedProgressView(run),
    };
  }

  protected changedMessage(_run: RunProjection, items: readonly RunItem[]): ResultsToWebview {
    return { type: 'items', items: items.map((item) => itemView(item, this.live)) };
  }

  protected progressMessage(run: RunProjection, progress: BatchProgress | undefined, error?: string): ResultsToWebview {
    return { type: 'progress', progress: progress ? liveProgressView(progress, run) : storedProgressView(run, error) };
  }

  private async act(message: Exclude<ResultsFromWebview, { type: 'ready' | 'rendered' }>, run: RunProjection): Promise<void> {
    if (message.type === 'resubmitUnknown') return resubmitUnknown(this.runId, message.group, this.deps);
    if (message.type === 'run') return void (await this.runActions(run)[message.action]());
    const item = run.items[message.index];
    if (item) await this.itemActions(run, item)[message.action]();
  }

  /** One handler per action the protocol declares: a new action does not compile until it is handled here. */
  private runActions(run: RunProjection): Record<RunAction, () => unknown> {
    return {
      retryFailed: () => retryFailed(run, this.deps),
      exportJsonl: () => exportRun(run, 'jsonl', this.deps.log),
      exportCsv: () => exportRun(run, 'csv', this.deps.log),
      openLedger: () => vscode.window.showTextDocument(vscode.Uri.file(this.deps.runs.runStore.ledgerPath(this.runId)), { preview: false }),
      resumePending: () => this.deps.runs.resume(this.runId),
      cancel: () => this.deps.runs.cancel(this.runId),
    };
  }

  private itemActions(run: RunProjection, item: RunItem): Record<ItemAction, () => unknown> {
    return {
      reveal: () => revealOrigin(run, item),
      copyResponse: () => copyText(item.response, 'Response'),
      copyRequestId: () => copyText(item.requestId === null ? null : String(item.requestId), 'Request id'),
      openResponse: () => openInEditor(item.response ?? ''),
    };
  }
}
