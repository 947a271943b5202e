// What the batch commands send: prompts taken from the editor's selections or its lines (cut out here with
// the core's rules), or a whole document (read by the core's job planner, like the CLI reads a file). A
// document whose format is ambiguous (several lines of text, no `---`) is asked about once per send.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { BatchSource } from '../../core/jobs/batch-job';
import { detectFormat } from '../../core/prompts/formats';
import { parsePromptText, parseSelectionText } from '../../core/prompts/sources';
import { type PromptFormat, type PromptItem } from '../../core/prompts/types';

/** A user error, not a bug: the message says what to do. */
export class NothingToSendError extends Error {}

/**
 * Each selection is one prompt, or several when it is a JSON array or JSONL of entries. With nothing selected,
 * the line under each cursor is sent instead (as REST Client sends the request under the cursor).
 */
export function fromSelections(editor: vscode.TextEditor): BatchSource {
  const { document } = editor;
  const name = fileName(document);
  const selections = editor.selections.filter((s) => !s.isEmpty);
  if (selections.length === 0) return fromCursorLines(editor);
  const items = selections
    .sort((a, b) => a.start.compareTo(b.start))
    .flatMap((selection) => parseSelectionText(document.getText(selection), name, selection.start.line + 1));
  if (items.length === 0) throw new NothingToSendError('Select the text of a prompt first (several selections send several prompts).');
  return { kind: 'items', items, title: `${selections.length > 1 ? 'Selections' : 'Selection'} in ${name}`, uri: document.uri.toString() };
}

/** The line under each cursor (each line once), read like a selection of that line. */
function fromCursorLines(editor: vscode.TextEditor): BatchSource {
  const { document } = editor;
  const name = fileName(document);
  const lines = [...new Set(editor.selections.map((s) => s.active.line))].sort((a, b) => a - b);
  const items = lines.flatMap((line) => parseSelectionText(document.lineAt(line).text, name, line + 1));
  if (items.length === 0) {
    const where = lines.length > 1 ? 'The lines under the cursors are' : 'The line under the cursor is';
    throw new NothingToSendError(`${where} blank: put the cursor on a prompt's line, or select the prompt's text.`);
  }
  const numbers = lines.map((line) => line + 1).join(', ');
  const title = lines.length === 1 ? `Line ${numbers} of ${name}` : lines.length <= 3 ? `Lines ${numbers} of ${name}` : `${lines.length} cursor lines of ${name}`;
  return { kind: 'items', items, title, uri: document.uri.toString() };
}

/** Each non-blank line of the selections (or of the whole document without a selection) is one prompt. */
export function fromLines(editor: vscode.TextEditor): BatchSource {
  const { document } = editor;
  const name = fileName(document);
  const ranges = editor.selections.some((s) => !s.isEmpty) ? editor.selections.filter((s) => !s.isEmpty) : [fullRange(document)];
  const items = ranges
    .sort((a, b) => a.start.compareTo(b.start))
    .flatMap((range) => offset(parsePromptText(document.getText(range), { fileName: name, format: 'lines' }).items, range.start.line));
  if (items.length === 0) throw new NothingToSendError(`${name} has no non-blank lines to send.`);
  return { kind: 'items', items, title: `Lines of ${name}`, uri: document.uri.toString() };
}

/**
 * A whole document, read the way the CLI reads a file (by extension and content); undefined when the user
 * dismissed the question about an ambiguous text.
 */
export async function fromDocument(document: vscode.TextDocument): Promise<BatchSource | undefined> {
  const name = fileName(document);
  const text = document.getText();
  // An untitled buffer has no extension: its language says what it holds.
  const format = await documentFormat(name, text, document.isUntitled ? document.languageId : undefined);
  if (format === undefined) return undefined;
  return { kind: 'text', text, fileName: name, uri: document.uri.toString(), format };
}

/**
 * A file no editor has open, read from disk as the CLI reads it, without making it a document first (a
 * 10,000-line document is a round trip through the window); undefined when it is not UTF-8 (VS Code's
 * decoding then reads it) or the user dismissed the question about an ambiguous text.
 */
export async function fromClosedFile(uri: vscode.Uri): Promise<BatchSource | undefined | 'not utf-8'> {
  const bytes = await vscode.workspace.fs.readFile(uri);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not utf-8';
  }
  const name = basename(uri.path);
  const format = await documentFormat(name, text, undefined);
  if (format === undefined) return undefined;
  return { kind: 'text', text, fileName: name, uri: uri.toString(), format };
}

/** `untitledLanguage`: the language of an untitled buffer, which has no extension to go by. */
async function documentFormat(name: string, text: string, untitledLanguage: string | undefined): Promise<PromptFormat | undefined> {
  const byLanguage: Record<string, PromptFormat> = { jsonl: 'jsonl', json: 'json', markdown: 'document' };
  const guess = detectFormat(name, text);
  if (untitledLanguage !== undefined && byLanguage[untitledLanguage]) return byLanguage[untitledLanguage];
  if (!guess.ambiguous) return guess.format;
  const lines = parsePromptText(text, { fileName: name, format: 'lines' }).items.length;
  const picked = await vscode.window.showQuickPick(
    [
      { label: `One prompt per line`, description: `${lines} prompts`, format: 'lines' as const },
      { label: 'The whole file as one prompt', description: 'separate several prompts with lines of ---', format: 'document' as const },
    ],
    { title: `How should ${name} be sent?`, placeHolder: `${name} has several lines and no --- separators`, ignoreFocusOut: true },
  );
  return picked?.format;
}

function fileName(document: vscode.TextDocument): string {
  return document.isUntitled ? document.uri.path : basename(document.uri.path);
}

function fullRange(document: vscode.TextDocument): vscode.Range {
  return new vscode.Range(0, 0, document.lineCount, 0);
}

/** Origins of a range's text, moved to the document's lines (the range starts at 0-based `startLine`). */
function offset(items: PromptItem[], startLine: number): PromptItem[] {
  return items.map(({ entry, origin }) => ({ entry, origin: { line: origin.line + startLine, endLine: origin.endLine + startLine } }));
}
