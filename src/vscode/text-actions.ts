// Small things done with text across the extension's panels and commands: copy it, open it in an editor,
// and show a prompt file's error with a way to the line.

import * as vscode from 'vscode';
import type { PromptInputError } from '../core/prompts/problems';

/** Copies `text` and says so in the status bar: "<what> copied." */
export async function copyText(text: string | null, what: string): Promise<void> {
  await vscode.env.clipboard.writeText(text ?? '');
  vscode.window.setStatusBarMessage(`ScalarLM: ${what} copied.`, 3000);
}

/** Model output in an untitled markdown editor, to read, edit or save. */
export async function openInEditor(text: string, viewColumn?: vscode.ViewColumn): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'markdown' });
  await vscode.window.showTextDocument(document, { preview: false, ...(viewColumn ? { viewColumn } : {}) });
}

/** Names file and line (plus what it means, `consequence`) and offers to go there; the caller does not wait. */
export function showPromptInputError(error: PromptInputError, document: vscode.TextDocument, consequence = ''): void {
  void vscode.window.showErrorMessage(`ScalarLM: ${error.message}${consequence}`, 'Go to Line').then(async (choice) => {
    if (choice !== 'Go to Line') return;
    const position = new vscode.Position(Math.max(0, error.line - 1), Math.max(0, (error.column ?? 1) - 1));
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
  });
}
