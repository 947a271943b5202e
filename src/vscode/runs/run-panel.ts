// What every run's panel does the same way (the results of a batch, the matrix of an experiment): one tab
// per run, restored after a reload through its serializer; the run read from its ledger when the page says
// `ready`, then followed live (ledger lines as they are written; the items they change and the progress
// posted at most every 100 ms, each item once however often it changed). When the run ends, what the ledger
// gained after the last line followed is read (the ledger is then the truth); only when the live lines left a
// gap is the whole ledger read again, and the page gets the items that read differently.

import { basename, dirname } from 'node:path';
import * as vscode from 'vscode';
import type { BatchProgress } from '../../core/batch/runner';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import { DisposableStore } from '../../host/dispose';
import { windowTabTitles } from '../../host/tab-titles';
import type { ExtensionLog } from '../log';
import { panelColumn } from '../panel-column';
import { webviewHtml, webviewResourceRoots } from '../webview-html';
import type { Runs, RunEvent } from './runs';

/** Items and progress change with every finished item; the page needs them at most this often. */
const POST_EVERY_MS = 100;

export interface RunPanelDeps {
  runs: Runs;
  log: ExtensionLog;
  /** Opens the panel of a run (a retry opens its own). */
  showRun(runId: string): void;
}

export interface RunPage {
  viewType: string;
  /** The bundle dist/webview/<script>.js. */
  script: string;
  /** Bundles the page does without at first (the markdown renderer), loaded after it. */
  laterScripts?: readonly string[];
  stylesheets: string[];
  /** The tab's title before the run is read. */
  title: string;
}

type Message = { type: string };

export abstract class RunPanel<ToWebview extends Message> {
  protected readonly disposables = new DisposableStore();
  private readonly closed = this.disposables.add(new vscode.EventEmitter<void>());
  readonly onDidClose = this.closed.event;
  /** The run as its ledger says, replayed when the page is ready and followed live since. */
  protected run: RunProjection | undefined;
  /** Whether every line since the read came live, none missing: the run's end then needs only what follows. */
  private followedWhole = true;
  private ready = false;
  /** The latest progress and the changed items not posted yet, and the timer that will post them. */
  private pendingProgress: ToWebview | undefined;
  private readonly pendingItems = new Map<number, RunItem>();
  private postTimer: NodeJS.Timeout | undefined;

  constructor(
    protected readonly panel: vscode.WebviewPanel,
    protected readonly runId: string,
    extensionUri: vscode.Uri,
    protected readonly deps: RunPanelDeps,
    page: RunPage,
  ) {
    this.disposables.add(panel.onDidDispose(() => this.release()));
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
    this.disposables.add(panel.webview.onDidReceiveMessage((message: unknown) => void this.receivedSafely(message)));
    this.disposables.add(deps.runs.onDidChange((event) => this.runChanged(event)));
    panel.webview.html = webviewHtml({ webview: panel.webview, extensionUri, scriptName: page.script, ...(page.laterScripts ? { laterScripts: page.laterScripts } : {}), stylesheets: page.stylesheets, title: page.title });
  }

  reveal(): void {
    this.panel.reveal(undefined, true);
  }

  /** Whether the panel is the active editor (a command from its title bar or the palette acts on it). */
  get active(): boolean {
    return this.panel.active;
  }

  dispose(): void {
    this.panel.dispose();
  }

  /** The tab's title: `base`, numbered when another open tab already reads the same. */
  protected setTitle(base: string): void {
    this.panel.title = windowTabTitles.claim(this, base);
  }

  protected get live(): boolean {
    return this.deps.runs.isActive(this.runId);
  }

  /** A message from the page (checked by the subclass); `ready` is answered with sendInit(). */
  protected abstract received(message: unknown): Promise<void>;
  /** The whole run for the page. */
  protected abstract initMessage(run: RunProjection): ToWebview;
  /** Items a live ledger line changed; undefined when the page need not hear of them. */
  protected abstract changedMessage(run: RunProjection, items: readonly RunItem[]): ToWebview | undefined;
  protected abstract progressMessage(run: RunProjection, progress: BatchProgress | undefined, error?: string): ToWebview;

  /** The whole run from the ledger: after `ready`. */
  protected sendInit(): void {
    this.ready = true;
    this.pendingItems.clear();
    this.run = this.followed();
    this.post(this.initMessage(this.run));
  }

  /** The run read from its ledger, its later lines' items queued for the page as they change. */
  private followed(): RunProjection {
    const run: RunProjection = new RunProjection({
      keepItems: true,
      onItems: (items) => {
        if (run !== this.run) return;
        for (const item of items) this.pendingItems.set(item.index, item);
        this.postSoon();
      },
    });
    run.read(this.deps.runs.runStore.ledgerPath(this.runId));
    this.followedWhole = true;
    return run;
  }

  /** The run ended: the ledger's last lines read, or (after a gap) all of it again, and what changed sent. */
  private reread(error: string | undefined): void {
    const before = this.run;
    if (before && this.followedWhole) {
      // The lines followed live are the ledger's up to here: read what came after them, nothing twice.
      before.read(this.deps.runs.runStore.ledgerPath(this.runId));
      const items = [...this.pendingItems.values()];
      this.pendingItems.clear();
      this.pendingProgress = undefined;
      const message = items.length > 0 ? this.changedMessage(before, items) : undefined;
      if (message) this.post(message);
      this.post(this.progressMessage(before, undefined, error));
      return;
    }
    const unposted = new Set(this.pendingItems.keys());
    const run = this.followed();
    this.run = run;
    // Items not posted yet go now, as the ledger has them; stale progress must not follow the end's.
    this.pendingItems.clear();
    this.pendingProgress = undefined;
    const changed = run.items.filter((item, index) => unposted.has(index) || !sameItem(item, before?.items[index]));
    const message = changed.length > 0 ? this.changedMessage(run, changed) : undefined;
    if (message) this.post(message);
    this.post(this.progressMessage(run, undefined, error));
  }

  protected post(message: ToWebview): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private async receivedSafely(message: unknown): Promise<void> {
    try {
      await this.received(message);
    } catch (error) {
      this.deps.log.showError(error);
    }
  }

  /** Another run's event (an experiment panel follows the run grading it). */
  protected otherRunChanged(_event: RunEvent): void {}

  private runChanged(event: RunEvent): void {
    if (!this.run) return;
    if (event.runId !== this.runId) return this.otherRunChanged(event);
    for (const { event: line, offset, next } of event.lines ?? []) {
      if (offset > this.run.readTo) this.followedWhole = false;
      this.run.apply(line, offset, next);
    }
    if (event.progress) {
      this.pendingProgress = this.progressMessage(this.run, event.progress);
      this.postSoon();
    }
    if (event.ended && this.ready) this.reread(event.ended instanceof Error ? event.ended.message : event.ended.error?.message);
  }

  /** Changed items (one message) and the latest progress, at most every POST_EVERY_MS. */
  private postSoon(): void {
    this.postTimer ??= setTimeout(() => {
      this.postTimer = undefined;
      const run = this.run;
      const progress = this.pendingProgress;
      this.pendingProgress = undefined;
      if (run && this.pendingItems.size > 0) {
        const items = [...this.pendingItems.values()];
        this.pendingItems.clear();
        const message = this.changedMessage(run, items);
        if (message) this.post(message);
      }
      if (progress) this.post(progress);
    }, POST_EVERY_MS);
  }

  private release(): void {
    // An answer still on its way (a server lookup) must not post to a disposed webview.
    this.ready = false;
    clearTimeout(this.postTimer);
    windowTabTitles.release(this);
    this.closed.fire();
    this.disposables.dispose();
  }
}

/** The open panels of one kind, one per run, and their restoring after a reload. */
export class RunPanels implements vscode.Disposable {
  private readonly open = new Map<string, RunPanel<Message>>();
  private readonly disposables = new DisposableStore();

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly page: RunPage,
    private readonly deps: RunPanelDeps,
    private readonly create: (panel: vscode.WebviewPanel, runId: string, extensionUri: vscode.Uri, deps: RunPanelDeps) => RunPanel<Message>,
  ) {
    this.disposables.add(
      vscode.window.registerWebviewPanelSerializer(page.viewType, {
        deserializeWebviewPanel: async (panel: vscode.WebviewPanel, state: unknown) => {
          const runId = (state as { runId?: unknown } | undefined)?.runId;
          if (typeof runId !== 'string' || !this.deps.runs.runStore.has(runId) || this.open.has(runId)) return panel.dispose();
          this.adopt(panel, runId);
        },
      }),
    );
  }

  /** Reveals the run's panel, or opens one. */
  show(runId: string): void {
    const existing = this.open.get(runId);
    if (existing) return existing.reveal();
    const panel = vscode.window.createWebviewPanel(this.page.viewType, this.page.title, { viewColumn: panelColumn(), preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: webviewResourceRoots(this.extensionUri),
    });
    this.adopt(panel, runId);
  }

  /** The run's open panel, if it has one. */
  panel(runId: string): RunPanel<Message> | undefined {
    return this.open.get(runId);
  }

  /** The panel of this kind that is the active editor, if one is. */
  activePanel(): RunPanel<Message> | undefined {
    return [...this.open.values()].find((panel) => panel.active);
  }

  private adopt(panel: vscode.WebviewPanel, runId: string): void {
    panel.webview.options = { enableScripts: true, localResourceRoots: webviewResourceRoots(this.extensionUri) };
    const opened = this.create(panel, runId, this.extensionUri, this.deps);
    this.open.set(runId, opened);
    opened.onDidClose(() => this.open.delete(runId));
  }

  dispose(): void {
    for (const panel of this.open.values()) panel.dispose();
    this.disposables.dispose();
  }
}

/**
 * A run's source for people: workspace-relative for a file in a workspace folder; outside every folder (the
 * walkthrough's examples in the extension's storage, with no folder open) its folder and name, not a long
 * absolute path; else the last part of its URI.
 */
export function sourceLabel(source: string | undefined): string | undefined {
  if (!source) return undefined;
  try {
    const uri = vscode.Uri.parse(source);
    if (uri.scheme !== 'file') return basename(uri.path);
    return vscode.workspace.getWorkspaceFolder(uri) ? vscode.workspace.asRelativePath(uri) : `${basename(dirname(uri.path))}/${basename(uri.path)}`;
  } catch {
    return source;
  }
}

/** Whether two readings of an item show the same on the page. */
function sameItem(a: RunItem, b: RunItem | undefined): boolean {
  return b !== undefined && a.status === b.status && a.response === b.response && a.error === b.error && a.requestId === b.requestId && a.latencyMs === b.latencyMs && a.usage?.p === b.usage?.p && a.usage?.c === b.usage?.c;
}
