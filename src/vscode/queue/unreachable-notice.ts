// When the deployment cannot be reached, say so once per URL and session, and offer the way out a
// newcomer needs most: the local simulator. The status bar keeps showing the state after that.

import * as vscode from 'vscode';
import type { QueueMonitorView, QueueState } from '../../core/monitor/types';

export class UnreachableNotice implements vscode.Disposable {
  private readonly shownFor = new Set<string>();
  private previous: QueueState['kind'] | undefined;
  private readonly subscription: { dispose(): void };

  constructor(monitor: QueueMonitorView) {
    this.subscription = monitor.onDidChangeState((state) => this.changed(state));
  }

  private changed(state: QueueState): void {
    const becameUnreachable = state.kind === 'unreachable' && this.previous !== 'unreachable';
    this.previous = state.kind;
    if (!becameUnreachable || this.shownFor.has(state.baseUrl)) return;
    this.shownFor.add(state.baseUrl);
    void this.show(state.error);
  }

  private async show(error: string): Promise<void> {
    const actions = {
      'Start Local Simulator': 'scalarlm.startSimulator',
      'Select Deployment URL': 'scalarlm.selectDeploymentUrl',
      'Open Log': 'scalarlm.openLog',
    };
    const picked = await vscode.window.showWarningMessage(`ScalarLM: ${error}`, ...Object.keys(actions));
    if (picked) await vscode.commands.executeCommand(actions[picked as keyof typeof actions]);
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
