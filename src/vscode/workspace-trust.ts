// Whether this workspace is trusted, asked at each use: trust can be granted while the window is open.
// Templates are code (nunjucks does not sandbox), so Jinja2 renders only in a trusted workspace.

import * as vscode from 'vscode';

export type TemplateTrust = 'trusted' | 'restricted';

export function templateTrust(): TemplateTrust {
  return vscode.workspace.isTrusted ? 'trusted' : 'restricted';
}
