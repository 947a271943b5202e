// "Insert at Cursor" of the completion panel: the continuation goes into the document it continues, at
// its editor's cursor, or after its selection when there is one (never over it: the selection is
// usually the prompt). With that document in no visible editor, it is opened and the text goes where
// the prompt ended.

import * as vscode from 'vscode';

export async function insertCompletion(text: string, document: vscode.Uri, promptEnd: vscode.Position): Promise<void> {
  const visible = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === document.toString());
  const editor = visible ?? (await vscode.window.showTextDocument(document, { preserveFocus: false, preview: false }));
  const at = visible ? (editor.selection.isEmpty ? editor.selection.active : editor.selection.end) : editor.document.validatePosition(promptEnd);
  const done = await editor.edit((edit) => edit.insert(at, text));
  if (!done) return void vscode.window.showWarningMessage(`ScalarLM: the completion could not be inserted into ${vscode.workspace.asRelativePath(document)} (is it read-only?).`);
  // The cursor goes after the inserted text, so typing carries on from the continuation.
  const after = endOfInserted(at, text);
  editor.selection = new vscode.Selection(after, after);
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
}

/** Where `text` inserted at `at` ends, counted in lines: the document may turn each \n into \r\n. */
function endOfInserted(at: vscode.Position, text: string): vscode.Position {
  const lines = text.split(/\r\n|\r|\n/);
  const last = lines[lines.length - 1];
  return lines.length === 1 ? at.translate(0, last.length) : new vscode.Position(at.line + lines.length - 1, last.length);
}
