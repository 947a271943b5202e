// Bad prompt input in the Problems panel: every problem of a file the user tried to send, at its line and
// column, plus one notification that names the first and offers to go there. The diagnostics of a document
// go away when it is edited or sent successfully.

import * as vscode from 'vscode';
import { asSentence, type PromptInputError, type PromptProblems } from '../../core/prompts/problems';
import { DisposableStore } from '../../host/dispose';

export class PromptDiagnostics implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly collection = this.disposables.add(vscode.languages.createDiagnosticCollection('scalarlm-prompts'));

  constructor() {
    this.disposables.add(vscode.workspace.onDidChangeTextDocument((event) => this.clear(event.document.uri)));
  }

  /** Shows every problem on the document; the notification does not wait for the user. */
  show(problems: PromptProblems, document: vscode.TextDocument): void {
    this.collection.set(document.uri, problems.errors.map((error) => diagnosticOf(error, document)));
    const [first] = problems.errors;
    const others = problems.errorCount - 1;
    const more = others > 0 ? ` ${others} more problem${others === 1 ? ' is' : 's are'} in the Problems panel.` : '';
    const message = `ScalarLM: ${asSentence(first.message)}${more} Nothing was sent.`;
    void vscode.window.showErrorMessage(message, 'Go to Line').then(async (choice) => {
      if (choice !== 'Go to Line') return;
      const position = positionOf(first);
      await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
    });
  }

  clear(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}

function positionOf(error: PromptInputError): vscode.Position {
  return new vscode.Position(Math.max(0, error.line - 1), Math.max(0, (error.column ?? 1) - 1));
}

function diagnosticOf(error: PromptInputError, document: vscode.TextDocument): vscode.Diagnostic {
  const start = positionOf(error);
  const line = Math.min(start.line, Math.max(0, document.lineCount - 1));
  const range = error.column === undefined ? document.lineAt(line).range : new vscode.Range(start, document.lineAt(line).range.end);
  const diagnostic = new vscode.Diagnostic(range, error.detail, vscode.DiagnosticSeverity.Error);
  diagnostic.source = 'ScalarLM';
  return diagnostic;
}
