// CodeLens at the top of a preview: choose a test row (or go back to the sample), manage workspace trust
// when a template was refused, and open the source.

import * as vscode from 'vscode';
import { DisposableStore } from '../../host/dispose';
import type { PreviewDocuments } from './preview-documents';
import { MANAGE_TRUST, MANAGE_TRUST_COMMAND } from '../prompt-files/trust-refusal';

export const PREVIEW_COMMANDS = {
  useTestRow: 'scalarlm.previewUseTestRow',
  useSample: 'scalarlm.previewUseSample',
} as const;

export class PreviewLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly previews: PreviewDocuments) {
    // What a preview offers changes with its render (a row chosen, trust refused or granted).
    this.disposables.add(previews.onDidChange(() => this.changed.fire()));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const preview = this.previews.describe(document.uri);
    if (preview === undefined) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses: vscode.CodeLens[] = [];
    if (preview.kind === 'prompt') {
      lenses.push(new vscode.CodeLens(top, { title: 'Use Test Row…', command: PREVIEW_COMMANDS.useTestRow, tooltip: 'Render with a row of a dataset file instead of the sample', arguments: [document.uri] }));
      if (preview.usesRow) lenses.push(new vscode.CodeLens(top, { title: 'Use Sample', command: PREVIEW_COMMANDS.useSample, tooltip: "Render with the file's sample again", arguments: [document.uri] }));
    }
    if (preview.refused) lenses.push(new vscode.CodeLens(top, { title: MANAGE_TRUST, command: MANAGE_TRUST_COMMAND, tooltip: 'Jinja2 templates render, and files outside the workspace are read, only in a trusted workspace' }));
    lenses.push(new vscode.CodeLens(top, { title: 'Open Source', command: 'vscode.open', tooltip: preview.source.fsPath, arguments: [preview.source] }));
    return lenses;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
