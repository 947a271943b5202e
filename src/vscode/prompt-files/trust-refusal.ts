// The trust rule in the editor: templates are code (nunjucks does not sandbox), so Jinja2 renders only in a
// trusted workspace, and files a workspace file names are read only inside the workspace; in Restricted Mode
// either is refused with a way to manage trust, and mustache still renders. Every command that renders a
// template asks templateTrust() and fileAccess() and reports a refusal with showTrustRefusal().

import * as vscode from 'vscode';
import { asSentence } from '../../core/prompts/problems';
import type { TemplateTrustError } from '../../core/templates';
import { locatedText } from '../../host/experiments/rendered-markdown';
import { displayPath } from './prompt-documents';

export const MANAGE_TRUST = 'Manage Workspace Trust';
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

export const GO_TO_LINE = 'Go to Line';

/**
 * `ScalarLM: <message><consequence>` with "Manage Workspace Trust" (the fix) and "Go to Line" (what was refused):
 * every located refusal offers both. The caller does not wait for the user.
 */
export function showTrustRefusal(error: TemplateTrustError, consequence = ''): void {
  const text = locatedText(error, displayPath);
  void vscode.window.showErrorMessage(`ScalarLM: ${consequence ? `${asSentence(text)}${consequence}` : text}`, MANAGE_TRUST, GO_TO_LINE).then(async (choice) => {
    if (choice === MANAGE_TRUST) return void vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
    if (choice === GO_TO_LINE) await goToLine(error);
  });
}

/** Opens the file at the problem's line and column (1-based; the column defaults to the line's start). */
export async function goToLine({ file, line, column }: { file: string; line: number; column?: number }): Promise<void> {
  const position = new vscode.Position(Math.max(0, line - 1), Math.max(0, (column ?? 1) - 1));
  await vscode.window.showTextDocument(vscode.Uri.file(file), { selection: new vscode.Range(position, position) });
}
