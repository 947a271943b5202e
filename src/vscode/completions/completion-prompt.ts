// The text a completion continues: the primary selection, or with nothing selected everything before the
// cursor (a raw completion continues a text, so what comes before is its context). It is inserted, when
// asked, where the prompt ends.

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CompletionSource } from '../../host/completions/completion-view';

export interface CompletionPrompt {
  text: string;
  source: CompletionSource;
  document: vscode.Uri;
  /** Where the prompt ends: the continuation goes here. */
  end: vscode.Position;
}

export function completionPrompt(editor: vscode.TextEditor): CompletionPrompt {
  const { document, selection } = editor;
  const fileName = document.isUntitled ? document.uri.path : path.basename(document.uri.path);
  if (!selection.isEmpty) {
    // A selection of whole lines ends at column 0 of the line after: that line is not part of it.
    const lastLine = selection.end.character === 0 && selection.end.line > selection.start.line ? selection.end.line - 1 : selection.end.line;
    return {
      text: document.getText(selection),
      source: { fileName, kind: 'selection', startLine: selection.start.line + 1, endLine: lastLine + 1 },
      document: document.uri,
      end: selection.end,
    };
  }
  const cursor = selection.active;
  return {
    text: document.getText(new vscode.Range(new vscode.Position(0, 0), cursor)),
    source: { fileName, kind: 'before-cursor', startLine: 1, endLine: cursor.line + 1 },
    document: document.uri,
    end: cursor,
  };
}
