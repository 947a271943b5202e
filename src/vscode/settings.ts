// The extension's settings as one typed object, read fresh whenever they change (no reload needed).

import * as vscode from 'vscode';
import { readSettings, type SettingKey, type Settings } from '../host/settings-schema';

export const SECTION = 'scalarlm';

export function currentSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return readSettings((key: SettingKey) => config.get(key));
}

/** Fires `listener` with the new settings whenever a `scalarlm.*` setting changes. */
export function onDidChangeSettings(listener: (settings: Settings) => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) listener(currentSettings());
  });
}
