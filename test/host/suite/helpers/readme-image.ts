// The README's images, taken by the tests that have each feature on screen: notifications cleared first (no
// connection or theme toasts over the feature), one of them in a dark theme. They are written to
// test-results/screenshots/readme/, and `npm run docs:images` copies the last run's into docs/images.

import * as vscode from 'vscode';
import { screenshot, webviewEval } from './page';
import { waitFor } from './wait';

const DARK_THEME = 'Default Dark Modern';

export interface ReadmeImageOptions {
  /** Taken in the dark theme; the webview (by text it shows) is waited on until it has the theme too. */
  darkWebview?: string;
}

export async function readmeImage(name: string, options: ReadmeImageOptions = {}): Promise<void> {
  await vscode.commands.executeCommand('notifications.clearAll');
  const settings = vscode.workspace.getConfiguration('workbench');
  const theme = settings.inspect<string>('colorTheme')?.globalValue;
  try {
    if (options.darkWebview) await wearDarkTheme(options.darkWebview);
    await screenshot(name, { readme: true });
  } finally {
    if (options.darkWebview) await settings.update('colorTheme', theme, vscode.ConfigurationTarget.Global);
  }
}

async function wearDarkTheme(webview: string): Promise<void> {
  await vscode.workspace.getConfiguration('workbench').update('colorTheme', DARK_THEME, vscode.ConfigurationTarget.Global);
  await waitFor(() => vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Dark, { timeoutMs: 10_000, what: 'the dark theme' });
  await waitFor(() => webviewEval<boolean>(webview, `document.body.classList.contains('vscode-dark')`), { timeoutMs: 10_000, what: `the webview showing "${webview}" in the dark theme` });
}
