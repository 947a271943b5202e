// The queue in the status bar: queue depth and tokens/s, a short tooltip (the state, health in one line, the
// main figures, the deployment), and a click that opens the queue actions, which list every metric.
// Users can hide it by its name.

import * as vscode from 'vscode';
import type { QueueMonitorView, QueueState } from '../../core/monitor/types';
import { escapeMarkdown } from '../../host/markdown-text';
import { presentQueueState, tooltipLines } from '../../host/queue/queue-status-text';

export const QUEUE_STATUS_ID = 'scalarlm.queue';

export class QueueStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(QUEUE_STATUS_ID, vscode.StatusBarAlignment.Left, 50);
  private readonly subscription: { dispose(): void };

  constructor(monitor: QueueMonitorView) {
    this.item.name = 'ScalarLM Queue';
    this.item.command = 'scalarlm.showQueueActions';
    this.show(monitor.state);
    this.subscription = monitor.onDidChangeState((state) => this.show(state));
    this.item.show();
  }

  private show(state: QueueState): void {
    const view = presentQueueState(state);
    this.item.text = view.text;
    this.item.backgroundColor = view.background ? new vscode.ThemeColor(`statusBarItem.${view.background}Background`) : undefined;
    const [summary, ...rest] = tooltipLines(view);
    const lines = [`**ScalarLM** · ${escapeMarkdown(summary)}`, ...rest.map(escapeMarkdown), 'Click for every metric and the queue actions.'];
    this.item.tooltip = new vscode.MarkdownString(lines.join('\n\n'));
    this.item.accessibilityInformation = { label: `ScalarLM queue: ${view.summary}` };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
