// Files a test writes into the run's copy of the workspace.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

export async function workspaceFile(relativePath: string, content: string): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'The host tests need a workspace folder.');
  const uri = vscode.Uri.joinPath(folder, ...relativePath.split('/'));
  await vscode.workspace.fs.writeFile(uri, Buffer.from(content));
  return uri;
}
