// The queue in the status bar: queue depth and tokens/s, a tooltip with every metric, the health of
// api / vLLM / Megatron and the server generation detected, and a click that opens the queue actions.
// Users can hide it by its name.

import * as vscode from 'vscode';
import type { QueueMonitorView, QueueState } from '../../core/monitor/types';
import { escapeMarkdown } from '../../host/markdown-text';
import { presentQueueState } from '../../host/queue/queue-status-text';

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
    const tooltip = new vscode.MarkdownString(`**ScalarLM** · ${escapeMarkdown(view.summary)}\n\n`);
    if (view.rows.length > 0) {
      tooltip.appendMarkdown('| | |\n|:--|--:|\n');
      for (const [name, value] of view.rows) tooltip.appendMarkdown(`| ${escapeMarkdown(name)} | ${escapeMarkdown(value)} |\n`);
    }
    if (view.server !== undefined) tooltip.appendMarkdown(`\n\n${escapeMarkdown(view.server)}`);
    tooltip.appendMarkdown('\n\nClick for queue actions.');
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label: `ScalarLM queue: ${view.summary}` };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}
