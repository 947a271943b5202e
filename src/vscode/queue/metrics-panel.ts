// The queue metrics view: a webview panel charting the queue monitor's last 10 minutes. One panel at a
// time; after a window reload the registered serializer brings it back and the page redraws from its
// own saved state. The page is not kept alive while hidden (no retainContextWhenHidden): it reloads when
// shown again, says `ready`, and gets a fresh snapshot.

import * as vscode from 'vscode';
import type { QueueMonitorView } from '../../core/monitor/types';
import { isMetricsWebviewMessage, type MetricsHostMessage } from '../../protocol/metrics';
import { DisposableStore } from '../../host/dispose';
import { toMetricsPoint, toViewState } from '../../host/queue/metrics-view-model';
import { panelColumn } from '../panel-column';
import { webviewHtml, webviewResourceRoots } from '../webview-html';

/** Named for what it shows, as the command that opens it is. */
const TITLE = 'Queue Metrics';

export class MetricsPanel implements vscode.Disposable {
  static readonly viewType = 'scalarlm.metrics';
  private static current: MetricsPanel | undefined;

  private readonly disposables = new DisposableStore();
  /** Whether the page listening now has said `ready`; posts before that would be lost. */
  private ready = false;

  /** Reveals the open panel, or opens one. */
  static show(extensionUri: vscode.Uri, monitor: QueueMonitorView): MetricsPanel {
    if (MetricsPanel.current) {
      MetricsPanel.current.panel.reveal();
      return MetricsPanel.current;
    }
    const panel = vscode.window.createWebviewPanel(MetricsPanel.viewType, TITLE, panelColumn(), webviewOptions(extensionUri));
    return new MetricsPanel(panel, extensionUri, monitor);
  }

  /** Restores the panel after a window reload (the extension activates on onWebviewPanel:scalarlm.metrics). */
  static registerSerializer(extensionUri: vscode.Uri, monitor: QueueMonitorView): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(MetricsPanel.viewType, {
      // The page keeps its points in its own webview state, so the host's saved state is not needed here.
      deserializeWebviewPanel: async (panel: vscode.WebviewPanel) => {
        // One panel at a time: one the user opened before the restore came through wins.
        if (MetricsPanel.current) {
          panel.dispose();
          return;
        }
        panel.webview.options = webviewOptions(extensionUri);
        new MetricsPanel(panel, extensionUri, monitor);
      },
    });
  }

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly monitor: QueueMonitorView,
  ) {
    MetricsPanel.current = this;
    panel.title = TITLE;
    const { webview } = panel;
    this.disposables.add(panel.onDidDispose(() => this.release()));
    this.disposables.add(
      webview.onDidReceiveMessage((message: unknown) => {
        if (isMetricsWebviewMessage(message)) this.sendSnapshot();
      }),
    );
    // A hidden page is torn down; stop posting until its successor says `ready`.
    this.disposables.add(
      panel.onDidChangeViewState(() => {
        if (!panel.visible) this.ready = false;
      }),
    );
    this.disposables.add(monitor.onDidSample((sample) => this.post({ type: 'sample', now: Date.now(), point: toMetricsPoint(sample) })));
    this.disposables.add(monitor.onDidChangeState((state) => this.post({ type: 'state', now: Date.now(), state: toViewState(state) })));
    webview.html = webviewHtml({
      webview,
      extensionUri,
      scriptName: 'metrics',
      stylesheets: ['metrics.css'],
      title: TITLE,
    });
  }

  /** Closes the panel; VS Code then fires onDidDispose, which releases everything else. */
  dispose(): void {
    this.panel.dispose();
  }

  private sendSnapshot(): void {
    this.ready = true;
    const points = this.monitor.history().map(toMetricsPoint);
    this.post({ type: 'snapshot', now: Date.now(), points, state: toViewState(this.monitor.state) });
  }

  private post(message: MetricsHostMessage): void {
    if (this.ready) void this.panel.webview.postMessage(message);
  }

  private release(): void {
    if (MetricsPanel.current === this) MetricsPanel.current = undefined;
    this.disposables.dispose();
  }
}

function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: webviewResourceRoots(extensionUri) };
}
