// Model output opened as read-only documents (a `scalarlm-text:` URI per text), so two answers can be put
// side by side in VS Code's diff editor without an untitled file to save or discard. The newest texts are
// kept; an older URI reopened after they are dropped says so instead of showing nothing.

import * as vscode from 'vscode';
import { DisposableStore } from '../host/dispose';

export const READ_ONLY_SCHEME = 'scalarlm-text';
const KEPT = 64;

export class ReadOnlyTexts implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly disposables = new DisposableStore();
  private next = 0;

  constructor() {
    this.disposables.add(vscode.workspace.registerTextDocumentContentProvider(READ_ONLY_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This text is no longer kept: open it again from the panel.';
  }

  /** A read-only document of `text`, named `name` in its tab (`.md`: shown as markdown). */
  uriOf(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: READ_ONLY_SCHEME, path: `/${this.next++}/${name.replace(/[\\/]+/g, '-')}` });
    this.texts.set(uri.toString(), text);
    for (const key of this.texts.keys()) {
      if (this.texts.size <= KEPT) break;
      this.texts.delete(key);
    }
    return uri;
  }

  /** `before` and `after` in the diff editor. */
  async diff(before: { name: string; text: string }, after: { name: string; text: string }, title: string): Promise<void> {
    await vscode.commands.executeCommand('vscode.diff', this.uriOf(before.name, before.text), this.uriOf(after.name, after.text), title, { preview: false });
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
