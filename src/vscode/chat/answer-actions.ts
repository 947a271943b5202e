// What an answer's buttons do: copy it, insert it at the cursor of the editor last used (after the selection,
// which is kept), open it in an editor.

import * as vscode from 'vscode';
import type { AnswerAction } from '../../protocol/chat';
import { copyText, openInEditor } from '../text-actions';

/** The text editor the user was in before the chat panel took focus: "insert at cursor" goes there. */
let lastTextEditor: vscode.TextEditor | undefined;

export function trackLastTextEditor(): vscode.Disposable {
  lastTextEditor = vscode.window.activeTextEditor;
  return vscode.window.onDidChangeActiveTextEditor((editor) => {
    if (editor) lastTextEditor = editor;
  });
}

export async function answerAction(action: AnswerAction, text: string): Promise<void> {
  switch (action) {
    case 'copy':
      return copyText(text, 'Answer');
    case 'open':
      return openInEditor(text, vscode.ViewColumn.One);
    case 'insert':
      return insertAtCursor(text);
  }
}

/**
 * At each cursor; a selection (often the prompt the chat started from) is kept, and the answer goes on the
 * line after it.
 */
async function insertAtCursor(text: string): Promise<void> {
  const editor = lastTextEditor && vscode.window.visibleTextEditors.includes(lastTextEditor) ? lastTextEditor : undefined;
  if (!editor) return void vscode.window.showWarningMessage('ScalarLM: open the document to insert into, put the cursor there, then insert again.');
  const done = await editor.edit((edit) => {
    for (const selection of editor.selections) edit.insert(selection.end, afterSelection(selection, text));
  });
  if (done) await vscode.window.showTextDocument(editor.document, editor.viewColumn);
}

function afterSelection(selection: vscode.Selection, text: string): string {
  if (selection.isEmpty) return text;
  // A selection of whole lines ends at the start of the next one: the answer becomes a line of its own there.
  return selection.end.character === 0 ? `${text}\n` : `\n${text}`;
}
