// The HTML shell of every webview panel: a strict Content Security Policy, the panel's bundled script and
// its stylesheets loaded as files, and nothing inline. Only types come from 'vscode', so the policy is
// unit-tested on Node with a fake webview.

import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type * as vscode from 'vscode';

export interface WebviewHtmlOptions {
  webview: Pick<vscode.Webview, 'cspSource' | 'asWebviewUri'>;
  extensionUri: vscode.Uri;
  /** The bundle dist/webview/<scriptName>.js, built from src/webview/<scriptName>/main.ts. */
  scriptName: string;
  /** Bundles the page does without at first (the markdown renderer): loaded after it, without holding it up. */
  laterScripts?: readonly string[];
  /** File names under media/, e.g. "metrics.css". */
  stylesheets: readonly string[];
  title: string;
  bodyAttributes?: Readonly<Record<string, string>>;
}

/** The folders a webview may load from: the bundles and the media. Nothing else of the extension or the workspace. */
export function webviewResourceRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [joinUri(extensionUri, 'dist', 'webview'), joinUri(extensionUri, 'media')];
}

export function webviewHtml(options: WebviewHtmlOptions): string {
  const { webview, extensionUri } = options;
  // A fresh unguessable nonce per page: only the script tags below carry it, so nothing injected can run.
  const nonce = randomBytes(16).toString('base64');
  const policy = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  const bundle = (name: string) => escapeHtml(webview.asWebviewUri(joinUri(extensionUri, 'dist', 'webview', `${name}.js`)).toString());
  const styles = options.stylesheets.map((name) => webview.asWebviewUri(joinUri(extensionUri, 'media', name)));
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    ...styles.map((uri) => `<link rel="stylesheet" href="${escapeHtml(uri.toString())}">`),
    `<title>${escapeHtml(options.title)}</title>`,
    '</head>',
    `<body${bodyAttributes(options.bodyAttributes ?? {})}>`,
    `<script nonce="${nonce}" src="${bundle(options.scriptName)}"></script>`,
    // async: fetched and compiled beside the page's own script and run when ready, never holding it up.
    ...(options.laterScripts ?? []).map((name) => `<script nonce="${nonce}" async src="${bundle(name)}"></script>`),
    '</body>',
    '</html>',
  ].join('\n');
}

function bodyAttributes(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => {
      // Names come from code, values may not: a bad name is a bug to surface, a value is always escaped.
      if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`Not a valid HTML attribute name: ${name}`);
      return ` ${name}="${escapeHtml(value)}"`;
    })
    .join('');
}

/** For text and double-quoted attribute values (every attribute here is double-quoted). */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Uri.joinPath without needing the 'vscode' module at run time. */
function joinUri(base: vscode.Uri, ...segments: string[]): vscode.Uri {
  return base.with({ path: posix.join(base.path, ...segments) });
}
