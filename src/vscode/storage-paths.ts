// Where runs and conversations are kept: VS Code's storage for this workspace, or `.scalarlm/` of the first
// workspace folder, beside the prompts (scalarlm.runs.location). Runs follow the CLI's rule as well: a
// workspace folder that has .scalarlm/runs keeps its runs there, so terminal and editor share them.

import * as vscode from 'vscode';
import { runsDirFor } from '../core/runs/run-store';
import type { Settings } from '../host/settings-schema';

export function storageDir(context: vscode.ExtensionContext, settings: Settings, name: 'runs' | 'chats'): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const preferFolder = settings.runs.location === 'workspaceFolder';
  const fallback = vscode.Uri.joinPath(context.storageUri ?? context.globalStorageUri, name).fsPath;
  if (name === 'runs') return runsDirFor(folder?.scheme === 'file' ? folder.fsPath : undefined, { preferFolder, fallback });
  return preferFolder && folder ? vscode.Uri.joinPath(folder, '.scalarlm', name).fsPath : fallback;
}
