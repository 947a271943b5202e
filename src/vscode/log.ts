// The "ScalarLM" log: one line per request, and errors shown as one notification per cause, prefixed
// "ScalarLM:", with the actions that fix the cause (the deployment side knows those) or "Open Log".

import * as vscode from 'vscode';
import type { RequestLogEntry } from '../core/api/types';
import { OPEN_LOG, OpenNotices, prefixed, type Notice } from '../host/notices/open-notices';

export class ExtensionLog implements vscode.Disposable {
  readonly channel = vscode.window.createOutputChannel('ScalarLM', { log: true });
  private readonly notices = new OpenNotices();
  private explain: (error: unknown) => Notice | undefined = () => undefined;

  /** One line per HTTP request. Polling routes log at trace level so the log stays readable. */
  request(entry: RequestLogEntry, polling = false): void {
    const line = `${entry.method} ${entry.path} ${entry.status ?? '-'} ${Math.round(entry.ms)} ms trace=${entry.traceId}${entry.error ? ` ${entry.error}` : ''}`;
    if (entry.error && !polling) this.channel.warn(line);
    else if (polling) this.channel.trace(line);
    else this.channel.info(line);
  }

  info(message: string): void {
    this.channel.info(message);
  }

  /** How errors with a known cause are shown; the log is made before the connection that knows the causes. */
  explainErrorsWith(explain: (error: unknown) => Notice | undefined): void {
    this.explain = explain;
  }

  /**
   * Logs the error and shows it as one notification. The caller does not wait for the user: a command is
   * done when it failed, not when its notification is dismissed.
   */
  showError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.channel.error(error instanceof Error ? (error.stack ?? message) : message);
    this.notify(this.explain(error) ?? { cause: message, message, severity: 'error', actions: [OPEN_LOG] });
  }

  /** Shows a notice unless its cause already has a notification open, in which case that one comes back in front. */
  notify(notice: Notice): void {
    const shown = this.notices.show({ ...notice, message: prefixed(notice.message) });
    const show = shown.notice.severity === 'error' ? vscode.window.showErrorMessage : vscode.window.showWarningMessage;
    const { actions } = shown.notice;
    void show(shown.notice.message, ...actions.map((action) => action.label)).then((picked) => {
      shown.closed();
      const action = actions.find((candidate) => candidate.label === picked);
      if (action) void vscode.commands.executeCommand(action.command);
    });
  }

  /** Whether a notification about `cause` is open (shown, and neither dismissed nor acted on). */
  isShowing(cause: string): boolean {
    return this.notices.isOpen(cause);
  }

  /** The causes went away (the deployment answers again, another one was chosen): their next notification is news. */
  resolved(gone: (cause: string) => boolean): void {
    this.notices.forget(gone);
  }

  dispose(): void {
    this.channel.dispose();
  }
}
