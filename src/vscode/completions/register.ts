// Raw completions: the Complete Selection command and its panel.

import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { Connection } from '../deployment/connection';
import type { ExtensionLog } from '../log';
import { completeSelection } from './complete-selection';
import { CompletionPanel } from './completion-panel';

export function registerCompletions(extensionUri: vscode.Uri, connection: Connection, log: ExtensionLog): vscode.Disposable {
  return vscode.Disposable.from(
    registerCommand('scalarlm.completeSelection', () => completeSelection(extensionUri, connection, log), log),
    { dispose: () => CompletionPanel.disposeCurrent() },
  );
}
