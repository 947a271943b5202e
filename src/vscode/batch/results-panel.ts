// The results of a batch run in a webview panel, one tab per run (the common part is RunPanel): the whole run
// when the page says `ready`, then the items each ledger line changes and the run's progress. When an item's
// detail opens, what the deployment knows of it (tokens, timing) is asked for; a group's request is copied
// as code from the page's buttons or the Copy Batch Request commands.

import * as vscode from 'vscode';
import type { BatchProgress } from '../../core/batch/runner';
import { displayNumber, readItemNumbers, type ItemNumbers } from '../../core/runs/item-numbers';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import { SNIPPET_LABELS, snippetsFor, TOKEN_ENV, type SnippetFormat } from '../../core/snippets';
import { groupSnippet } from '../../host/batch/group-snippet';
import { headerView, itemUpdate, liveProgressView, storedProgressView } from '../../host/batch/results-view-model';
import { ServerFacts } from '../../host/batch/server-facts';
import { isResultsMessage, type ItemAction, type ItemUpdate, type ResultsFromWebview, type ResultsToWebview, type RunAction } from '../../protocol/results';
import { copyText, openInEditor } from '../text-actions';
import { exportRun, resubmitUnknown, retryFailed, revealOrigin, type RunActionsDeps } from '../runs/run-actions';
import { exportTrainingData } from '../runs/export-training';
import { RunPanel, sourceLabel, type RunPage } from '../runs/run-panel';

export const RESULTS_PAGE: RunPage = { viewType: 'scalarlm.results', script: 'results', laterScripts: ['markdown'], stylesheets: ['panel.css', 'markdown.css', 'results.css'], title: 'ScalarLM Results' };

export class ResultsPanel extends RunPanel<ResultsToWebview> {
  /** A retry's item numbers in the run it retries, read with the run. */
  private numbers: ItemNumbers | undefined;
  /** The item the page's detail pane shows: the group copied as code. */
  private shownIndex: number | undefined;
  /** The page has heard of every item below this index (their parts that never change were sent). */
  private heardOf = 0;
  /** What the deployment was asked about this run's groups, for the deployment it was asked of. */
  private facts: { baseUrl: string; facts: ServerFacts } | undefined;

  constructor(panel: vscode.WebviewPanel, runId: string, extensionUri: vscode.Uri, protected override readonly deps: RunActionsDeps) {
    super(panel, runId, extensionUri, deps, RESULTS_PAGE);
  }

  /** Copies the request of the group of the item shown in the detail pane (else the first group) as code. */
  async copyRequest(format: SnippetFormat): Promise<void> {
    const run = this.run;
    if (!run) return void vscode.window.showWarningMessage('ScalarLM: this run\'s results are still loading; try again in a moment.');
    const group = this.shownIndex === undefined ? 0 : (run.items[this.shownIndex]?.group ?? 0);
    const snippet = groupSnippet(run, group, this.deps.headers());
    if (!snippet.ok) return void vscode.window.showWarningMessage(`ScalarLM: ${snippet.problem}`);
    await copyText(snippetsFor(snippet.request)[format], `Group ${snippet.group}'s request as ${SNIPPET_LABELS[format]} (token as $${TOKEN_ENV})`);
  }

  protected async received(message: unknown): Promise<void> {
    if (!isResultsMessage(message)) return;
    if (message.type === 'ready') return this.sendInit();
    if (message.type === 'rendered') return this.deps.log.channel.trace(`Results panel rendered ${message.items} items in ${message.ms.toFixed(1)} ms.`);
    if (message.type === 'detailHidden') return void (this.shownIndex = undefined);
    if (message.type === 'copyRequest') return this.copyRequest(message.format);
    if (this.run) await this.act(message, this.run);
  }

  protected initMessage(run: RunProjection): ResultsToWebview {
    this.setTitle(`Results: ${run.header.title ?? this.runId.slice(0, 8)}`);
    this.numbers = readItemNumbers(this.deps.runs.runStore.ledgerPath(this.runId));
    const live = this.live;
    this.heardOf = 0;
    return {
      type: 'init',
      header: headerView(run.header, run.total, sourceLabel(run.header.source), this.parentOf(run)),
      items: run.items.map((item) => this.itemUpdate(item, live)),
      progress: live ? liveProgressView(this.deps.runs.latestProgress(this.runId), run) : storedProgressView(run),
    };
  }

  protected changedMessage(_run: RunProjection, items: readonly RunItem[]): ResultsToWebview {
    const live = this.live;
    return { type: 'items', items: items.map((item) => this.itemUpdate(item, live)) };
  }

  protected progressMessage(run: RunProjection, progress: BatchProgress | undefined, error?: string): ResultsToWebview {
    return { type: 'progress', progress: progress ? liveProgressView(progress, run) : storedProgressView(run, error) };
  }

  /** The item's update; with its parts that never change when the page has not heard of it (items come in index order). */
  private itemUpdate(item: RunItem, live: boolean): ItemUpdate {
    const fixed = item.index >= this.heardOf;
    if (fixed) this.heardOf = item.index + 1;
    return itemUpdate(item, live, fixed, displayNumber(this.numbers, item.index));
  }

  /** The run this one retries, when it is still stored. */
  private parentOf(run: RunProjection): { title: string; createdAt: string } | undefined {
    const parentId = run.header.parentRunId;
    const store = this.deps.runs.runStore;
    return parentId && store.has(parentId) ? store.summary(parentId) : undefined;
  }

  private async act(message: Exclude<ResultsFromWebview, { type: 'ready' | 'rendered' | 'detailHidden' | 'copyRequest' }>, run: RunProjection): Promise<void> {
    if (message.type === 'resubmitUnknown') return resubmitUnknown(this.runId, message.group, this.deps);
    if (message.type === 'run') return void (await this.runActions(run)[message.action]());
    const item = run.items[message.index];
    if (!item) return;
    if (message.type === 'detailShown') return this.tellFacts(run, item);
    await this.itemActions(run, item)[message.action]();
  }

  /** The request id of the item now shown in the detail pane at once, then what the deployment knows of it when it answers. */
  private async tellFacts(run: RunProjection, item: RunItem): Promise<void> {
    this.shownIndex = item.index;
    this.post({ type: 'itemDetail', index: item.index, requestId: item.requestId === null ? null : String(item.requestId) });
    const facts = await this.serverFacts(run.header.baseUrl).of(item.requestId);
    this.post({ type: 'serverFacts', index: item.index, facts });
  }

  /** Asked of the deployment the run went to, and of no other (this window may point elsewhere now). */
  private serverFacts(runBaseUrl: string): ServerFacts {
    const access = this.deps.runs.connectionApi();
    const baseUrl = access.ok ? access.api.baseUrl : '';
    if (this.facts?.baseUrl === baseUrl) return this.facts.facts;
    const lookup = !access.ok
      ? { unavailable: `Not asked: ${access.reason}` }
      : baseUrl !== runBaseUrl
        ? { unavailable: `Not asked: this run went to ${runBaseUrl}, and this window now talks to ${baseUrl}.` }
        : async (group: string) => {
            // The shared client of now: a settings change replaces it (and closes the one before).
            const current = this.deps.runs.connectionApi();
            if (!current.ok) throw new Error(current.reason);
            return (await current.api.lookupRequest(group)).data;
          };
    this.facts = { baseUrl, facts: new ServerFacts(lookup) };
    return this.facts.facts;
  }

  /** One handler per action the protocol declares: a new action does not compile until it is handled here. */
  private runActions(run: RunProjection): Record<RunAction, () => unknown> {
    return {
      retryFailed: () => retryFailed(run, this.deps),
      exportJsonl: () => exportRun(run, 'jsonl', this.deps.log),
      exportCsv: () => exportRun(run, 'csv', this.deps.log),
      exportTraining: () => exportTrainingData(this.deps, this.runId),
      openLedger: () => vscode.window.showTextDocument(vscode.Uri.file(this.deps.runs.runStore.ledgerPath(this.runId)), { preview: false }),
      resumePending: () => this.deps.runs.resume(this.runId),
      cancel: () => this.deps.runs.cancel(this.runId),
    };
  }

  private itemActions(run: RunProjection, item: RunItem): Record<ItemAction, () => unknown> {
    return {
      reveal: () => revealOrigin(run, item, displayNumber(this.numbers, item.index)),
      copyResponse: () => copyText(item.response, 'Response'),
      copyRequestId: () => copyText(item.requestId === null ? null : String(item.requestId), 'Request id'),
      openResponse: () => openInEditor(item.response ?? ''),
    };
  }
}
