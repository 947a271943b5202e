// Where runs and conversations are kept: VS Code's storage for this workspace, or (scalarlm.runs.location)
// `.scalarlm/` of the first workspace folder, beside the prompts.

import * as vscode from 'vscode';
import type { Settings } from './settings-schema';

export function storageDir(context: vscode.ExtensionContext, settings: Settings, name: 'runs' | 'chats'): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (settings.runs.location === 'workspaceFolder' && folder) return vscode.Uri.joinPath(folder, '.scalarlm', name).fsPath;
  return vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, name).fsPath;
}
