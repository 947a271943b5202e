// The results of a batch run in a webview panel, one tab per run. The page gets the whole run from the
// ledger when it says `ready` (also after a window reload, through the serializer), then each settled
// group and each progress update while the run goes.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import { isResultsMessage, type ItemAction, type ProgressView, type ResultsFromWebview, type ResultsPanelState, type ResultsToWebview, type RunAction } from '../../protocol/results';
import { DisposableStore } from '../../host/dispose';
import { webviewHtml, webviewResourceRoots } from '../webview-html';
import type { RunEvent } from './batch-runs';
import { copyText, openInEditor } from '../text-actions';
import { exportRun, resubmitUnknown, retryFailed, revealOrigin, type RunActionsDeps } from './run-actions';
import { headerView, itemView, liveProgressView, storedProgressView } from '../../host/batch/results-view-model';

export const RESULTS_VIEW_TYPE = 'scalarlm.results';

/** Progress changes with every finished item; the page needs it at most this often. */
const PROGRESS_EVERY_MS = 100;

export class ResultsPanels implements vscode.Disposable {
  private readonly open = new Map<string, ResultsPanel>();
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly deps: Omit<RunActionsDeps, 'showRun'>,
  ) {
    this.disposables.add(
      vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
          const runId = (state as ResultsPanelState | undefined)?.runId;
          if (!runId || !this.deps.runs.runStore.has(runId) || this.open.has(runId)) return panel.dispose();
          this.adopt(panel, runId);
        },
      }),
    );
  }

  /** Reveals the run's panel, or opens one. */
  show(runId: string): void {
    const existing = this.open.get(runId);
    if (existing) return existing.reveal();
    const panel = vscode.window.createWebviewPanel(RESULTS_VIEW_TYPE, 'ScalarLM Results', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: webviewResourceRoots(this.extensionUri),
    });
    this.adopt(panel, runId);
  }

  private adopt(panel: vscode.WebviewPanel, runId: string): void {
    panel.webview.options = { enableScripts: true, localResourceRoots: webviewResourceRoots(this.extensionUri) };
    const results = new ResultsPanel(panel, runId, this.extensionUri, { ...this.deps, showRun: (id) => this.show(id) });
    this.open.set(runId, results);
    results.onDidClose(() => this.open.delete(runId));
  }

  dispose(): void {
    for (const panel of this.open.values()) panel.dispose();
    this.disposables.dispose();
  }
}

class ResultsPanel {
  private readonly disposables = new DisposableStore();
  private readonly closed = this.disposables.add(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;
  /** The run as its ledger says, replayed when the page is ready and followed live since. */
  private run: RunProjection | undefined;
  private ready = false;
  /** The latest progress not posted yet, and the timer that will post it. */
  private pendingProgress: ProgressView | undefined;
  private progressTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly panel: vscode.WebviewPanel,
    private readonly runId: string,
    extensionUri: vscode.Uri,
    private readonly deps: RunActionsDeps,
  ) {
    this.disposables.add(panel.onDidDispose(() => this.release()));
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
    this.disposables.add(panel.webview.onDidReceiveMessage((message: unknown) => void this.received(message)));
    this.disposables.add(deps.runs.onDidChange((event) => this.runChanged(event)));
    panel.webview.html = webviewHtml({ webview: panel.webview, extensionUri, scriptName: 'results', stylesheets: ['panel.css', 'markdown.css', 'results.css'], title: 'ScalarLM Results' });
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  dispose(): void {
    this.panel.dispose();
  }

  private get live(): boolean {
    return this.deps.runs.isActive(this.runId);
  }

  private async received(message: unknown): Promise<void> {
    if (!isResultsMessage(message)) return;
    if (message.type === 'ready') return this.sendInit();
    if (message.type === 'rendered') return this.deps.log.channel.trace(`Results panel rendered ${message.items} items in ${message.ms.toFixed(1)} ms.`);
    const run = this.run;
    if (!run) return;
    try {
      await this.act(message, run);
    } catch (error) {
      this.deps.log.showError(error);
    }
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

  /** The whole run from the ledger: after `ready`, and after a run ends (the ledger is then the truth). */
  private sendInit(): void {
    this.ready = true;
    const run = new RunProjection({ keepItems: true, onItems: (items) => this.itemsChanged(run, items) });
    run.read(this.deps.runs.runStore.ledgerPath(this.runId));
    this.run = run;
    this.panel.title = `Results: ${run.header.title ?? this.runId.slice(0, 8)}`;
    const live = this.live;
    this.post({
      type: 'init',
      header: headerView(run.header, run.total, sourceLabel(run.header.source)),
      items: run.items.map((item) => itemView(item, live)),
      progress: live ? liveProgressView(this.deps.runs.latestProgress(this.runId), run) : storedProgressView(run),
    });
  }

  /** Items a live ledger line changed (replaying the ledger posts nothing: `init` carries it whole). */
  private itemsChanged(run: RunProjection, items: readonly RunItem[]): void {
    if (run === this.run) this.post({ type: 'items', items: items.map((item) => itemView(item, this.live)) });
  }

  private runChanged(event: RunEvent): void {
    if (event.runId !== this.runId || !this.run) return;
    for (const { event: line, offset, next } of event.lines ?? []) this.run.apply(line, offset, next);
    if (event.progress) this.postProgressSoon(liveProgressView(event.progress, this.run));
    if (event.ended && this.ready) {
      const error = event.ended instanceof Error ? event.ended.message : event.ended.error?.message;
      this.sendInit();
      if (error) this.post({ type: 'progress', progress: storedProgressView(this.run, error) });
    }
  }

  private postProgressSoon(progress: ProgressView): void {
    this.pendingProgress = progress;
    this.progressTimer ??= setTimeout(() => {
      this.progressTimer = undefined;
      if (this.pendingProgress) this.post({ type: 'progress', progress: this.pendingProgress });
      this.pendingProgress = undefined;
    }, PROGRESS_EVERY_MS);
  }

  private post(message: ResultsToWebview): void {
    // Whatever is posted replaces older progress: an end's init must not be followed by stale progress.
    if (message.type !== 'progress') this.pendingProgress = undefined;
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private release(): void {
    clearTimeout(this.progressTimer);
    this.closed.fire();
    this.disposables.dispose();
  }
}

function sourceLabel(source: string | undefined): string | undefined {
  if (!source) return undefined;
  try {
    const uri = vscode.Uri.parse(source);
    return uri.scheme === 'file' ? vscode.workspace.asRelativePath(uri) : basename(uri.path);
  } catch {
    return source;
  }
}
