// Sets scalarlm.* user settings for a test, and puts them back afterwards.

import * as vscode from 'vscode';

const touched = new Set<string>();

export async function setSettings(values: Record<string, unknown>): Promise<void> {
  const config = vscode.workspace.getConfiguration('scalarlm');
  for (const [key, value] of Object.entries(values)) {
    touched.add(key);
    await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
}

export async function resetSettings(): Promise<void> {
  const config = vscode.workspace.getConfiguration('scalarlm');
  for (const key of touched) {
    await config.update(key, undefined, vscode.ConfigurationTarget.Global);
    await config.update(key, undefined, vscode.ConfigurationTarget.Workspace);
  }
  touched.clear();
}
