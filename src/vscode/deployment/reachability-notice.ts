// When the deployment cannot be reached, say so once per URL and session, with the way out a newcomer needs
// most: the local simulator. The status bar keeps showing the state after that. It is the same cause as a
// command failing to connect, so the two share one notification; once the deployment answers again (or
// another one is chosen) the cause is gone, and a later failure is news.

import * as vscode from 'vscode';
import type { QueueMonitorView, QueueState } from '../../core/monitor/types';
import { editorMessage, FIX_DEPLOYMENT, outdatedBy, unreachableCause } from '../../host/notices/deployment-notices';
import type { ExtensionLog } from '../log';
import type { Connection } from './connection';

export class ReachabilityNotice implements vscode.Disposable {
  private readonly shownFor = new Set<string>();
  private previous: QueueState['kind'] | undefined;
  private readonly subscriptions: { dispose(): void }[];

  constructor(
    monitor: QueueMonitorView,
    private readonly connection: Connection,
    private readonly log: ExtensionLog,
  ) {
    this.subscriptions = [monitor.onDidChangeState((state) => this.changed(state)), connection.onDidChange(() => this.deploymentChanged())];
  }

  private changed(state: QueueState): void {
    const becameUnreachable = state.kind === 'unreachable' && this.previous !== 'unreachable';
    this.previous = state.kind;
    if (state.kind === 'ok' || state.kind === 'busy') {
      this.shownFor.delete(state.baseUrl);
      return this.log.resolved((cause) => cause === unreachableCause(state.baseUrl));
    }
    if (!becameUnreachable || this.shownFor.has(state.baseUrl)) return;
    this.shownFor.add(state.baseUrl);
    // A command that could not connect already says so: that notification stays the one.
    if (this.log.isShowing(unreachableCause(state.baseUrl))) return;
    this.log.notify({ cause: unreachableCause(state.baseUrl), message: editorMessage(state.error), severity: 'warning', actions: FIX_DEPLOYMENT });
  }

  /** Another deployment (or the simulator) now: what was said about the others is no longer the case. */
  private deploymentChanged(): void {
    // Chosen (again): whether it can be reached is news, even if it could not be earlier.
    this.shownFor.clear();
    this.previous = undefined;
    const current = this.connection.problem === undefined ? this.connection.baseUrl : undefined;
    this.log.resolved((cause) => outdatedBy(cause, current));
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}
