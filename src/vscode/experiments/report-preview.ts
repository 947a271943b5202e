// An exported HTML report, opened as a page rather than as its source: in a webview tab (scripts off, nothing
// loaded, under the report's own strict policy) or in the browser, as the user picks.

import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import * as vscode from 'vscode';

export const REPORT_PREVIEW_VIEW_TYPE = 'scalarlm.reportPreview';
const PREVIEW = 'Preview';
const BROWSER = 'Open in Browser';

/** Says where the report went and offers to show it. */
export async function offerReport(target: vscode.Uri, message: string): Promise<void> {
  const choice = await vscode.window.showInformationMessage(message, PREVIEW, BROWSER);
  if (choice === PREVIEW) await previewReport(target);
  else if (choice === BROWSER) await vscode.env.openExternal(target);
}

export async function previewReport(target: vscode.Uri): Promise<vscode.WebviewPanel> {
  const html = await readFile(target.fsPath, 'utf8');
  const panel = vscode.window.createWebviewPanel(REPORT_PREVIEW_VIEW_TYPE, `Report: ${basename(target.fsPath)}`, vscode.ViewColumn.Active, {
    enableScripts: false,
    localResourceRoots: [],
  });
  // The report carries its own Content-Security-Policy (default-src 'none', inline style): nothing runs or loads.
  panel.webview.html = html;
  return panel;
}
