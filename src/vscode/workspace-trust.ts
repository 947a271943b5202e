// Whether this workspace is trusted, asked at each use: trust can be granted while the window is open, and
// the next render or read then goes by it. Templates are code (nunjucks does not sandbox), so Jinja2 renders
// only in a trusted workspace; and the files a workspace file names are read only inside the workspace
// folders until it is trusted (core/files: a cloned repository cannot reach ../secrets or ~/.ssh).

import * as vscode from 'vscode';
import { confinedTo, UNCONFINED, type FileAccess } from '../core/files/file-access';

export type TemplateTrust = 'trusted' | 'restricted';

export function templateTrust(): TemplateTrust {
  return vscode.workspace.isTrusted ? 'trusted' : 'restricted';
}

/** Any file in a trusted workspace; in Restricted Mode, only files inside a workspace folder (any of them). */
export function fileAccess(): FileAccess {
  if (vscode.workspace.isTrusted) return UNCONFINED;
  return confinedTo((vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath));
}
