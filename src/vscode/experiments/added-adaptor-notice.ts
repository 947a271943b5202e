// What Add Adaptor to Experiment… (and Compare with Base) changed, said where the user looks: the provider added,
// its label and the file, with Undo, which puts the file back as it was (the edit is a WorkspaceEdit, not typed in
// the editor, so Ctrl+Z there is not where a person looks for it), and Open File.

import * as vscode from 'vscode';
import type { ExtensionLog } from '../log';

/** The edit Add Adaptor made: the document, its text before and right after. */
export interface ProviderEdit {
  document: vscode.TextDocument;
  id: string;
  label: string;
  before: string;
  after: string;
}

const UNDO = 'Undo';
const OPEN = 'Open File';

/** `also`: what else the user must know (the adaptor is not served yet). Never waits for the user's answer. */
export function announceAdded(edit: ProviderEdit, log: ExtensionLog, also?: string): void {
  const file = vscode.workspace.asRelativePath(edit.document.uri);
  const text = `ScalarLM: Added ${edit.id} as "${edit.label}" to ${file}.${also ? ` ${also}` : ''}`;
  const show = also ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const answered = async (action: string | undefined): Promise<void> => {
    if (action === UNDO) await undo(edit, file);
    if (action === OPEN) await vscode.window.showTextDocument(edit.document);
  };
  show(text, UNDO, OPEN).then(answered).then(undefined, (error: unknown) => log.showError(error));
}

/** The file as it was, saved; refused when it changed since the edit (the user's own changes are not undone). */
async function undo(edit: ProviderEdit, file: string): Promise<void> {
  const { document } = edit;
  if (document.getText() !== edit.after) {
    void vscode.window.showWarningMessage(`ScalarLM: ${file} changed after ${edit.id} was added, so it was not undone: remove the provider there.`);
    return;
  }
  const back = new vscode.WorkspaceEdit();
  back.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), edit.before);
  if (!(await vscode.workspace.applyEdit(back))) {
    void vscode.window.showWarningMessage(`ScalarLM: the undo of ${file} was not applied.`);
    return;
  }
  await document.save();
  vscode.window.setStatusBarMessage(`ScalarLM: ${edit.id} taken out of ${file} again.`, 5000);
}
