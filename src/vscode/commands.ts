// Registering a command whose failure is shown once, as ScalarLM's own notification (prefixed, with the
// actions that fix its cause). A command that rejected would also get VS Code's generic notification of the
// same error, without those actions: two for one cause.

import * as vscode from 'vscode';
import type { ExtensionLog } from './log';

export function registerCommand(id: string, run: (...args: unknown[]) => unknown, log: ExtensionLog): vscode.Disposable {
  return vscode.commands.registerCommand(id, (...args: unknown[]) => Promise.resolve(run(...args)).catch((error: unknown) => log.showError(error)));
}
