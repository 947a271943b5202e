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

  /** Logs the error and shows it once, with an "Open Log" action and any others given. */
  async showError(error: unknown, actions: { title: string; run: () => unknown }[] = []): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    this.channel.error(error instanceof Error ? (error.stack ?? message) : message);
    const openLog = { title: 'Open Log', run: () => this.channel.show(true) };
    const all = [...actions, openLog];
    const picked = await vscode.window.showErrorMessage(message, ...all.map((a) => a.title));
    await all.find((a) => a.title === picked)?.run();
  }

  dispose(): void {
    this.channel.dispose();
  }
}
