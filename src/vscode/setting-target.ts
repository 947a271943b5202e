// Asks where a setting should be written: the user's settings or this workspace's.

import * as vscode from 'vscode';

interface TargetItem extends vscode.QuickPickItem {
  target: vscode.ConfigurationTarget;
}

const TARGETS: TargetItem[] = [
  { label: 'User settings', description: 'every window', target: vscode.ConfigurationTarget.Global },
  { label: 'Workspace settings', description: 'this workspace only', target: vscode.ConfigurationTarget.Workspace },
];

/** The chosen target, or undefined when cancelled. Without a workspace folder, user settings are the only choice. */
export async function pickTarget(setting: string): Promise<vscode.ConfigurationTarget | undefined> {
  if (!vscode.workspace.workspaceFolders?.length) return vscode.ConfigurationTarget.Global;
  const picked = await vscode.window.showQuickPick(TARGETS, { title: `Save ${setting} in…` });
  return picked?.target;
}
