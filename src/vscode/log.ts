// The "ScalarLM" log: one line per request, and errors shown once with an "Open Log" action.

import * as vscode from 'vscode';
import type { RequestLogEntry } from '../core/api/types';

export class ExtensionLog implements vscode.Disposable {
  readonly channel = vscode.window.createOutputChannel('ScalarLM', { log: true });

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

  /**
   * Logs the error and shows it once, with an "Open Log" action. The caller does not wait for the user:
   * a command is done when it failed, not when its notification is dismissed.
   */
  showError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.channel.error(error instanceof Error ? (error.stack ?? message) : message);
    void vscode.window.showErrorMessage(message, 'Open Log').then((picked) => picked && this.channel.show(true));
  }

  dispose(): void {
    this.channel.dispose();
  }
}
