// A training file's bad line in the Problems panel, at file:line, with one notification that names it and
// offers to go there. Nothing was sent. The problem goes away when the file is edited or trains.

import * as vscode from 'vscode';
import type { TrainingDataError } from '../../core/training';
import { DisposableStore } from '../../host/dispose';

export class TrainingDiagnostics implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly collection = this.disposables.add(vscode.languages.createDiagnosticCollection('scalarlm-training'));

  constructor() {
    this.disposables.add(vscode.workspace.onDidChangeTextDocument((event) => this.clear(event.document.uri)));
  }

  show(error: TrainingDataError, uri: vscode.Uri): void {
    const line = Math.max(0, error.line - 1);
    const diagnostic = new vscode.Diagnostic(new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER), error.detail, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'ScalarLM';
    this.collection.set(uri, [diagnostic]);
    void vscode.window.showErrorMessage(`ScalarLM: ${error.message}. Nothing was sent.`, 'Go to Line').then(async (choice) => {
      if (choice !== 'Go to Line') return;
      const position = new vscode.Position(line, 0);
      await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position) });
    });
  }

  clear(uri: vscode.Uri): void {
    this.collection.delete(uri);
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
