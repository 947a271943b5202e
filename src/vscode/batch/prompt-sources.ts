// What the batch commands send: prompts taken from the editor's selections, its lines, or a whole file,
// each with its origin in the document. Bad input throws a PromptInputError naming file and line.

import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { BatchInput } from '../../core/batch/types';
import { parsePromptText, parseSelectionText, type BatchDefaults, type PromptFormat, type PromptItem } from '../../core/prompts';

export interface PromptSource {
  items: BatchInput[];
  /** "Selection in notes.md", "prompts.jsonl" */
  title: string;
  /** The document's URI, for revealing origins later. */
  uri: string;
  /** Batch settings the file itself carries (a GenerateRequest-shaped JSON). */
  defaults: BatchDefaults;
}

/** A user error, not a bug: the message says what to do. */
export class NothingToSendError extends Error {}

/** Each selection is one prompt, or several when it is a JSON array or JSONL of entries. */
export function fromSelections(editor: vscode.TextEditor): PromptSource {
  const { document } = editor;
  const name = fileName(document);
  const selections = editor.selections.filter((s) => !s.isEmpty);
  const items = selections
    .sort((a, b) => a.start.compareTo(b.start))
    .flatMap((selection) => parseSelectionText(document.getText(selection), name, selection.start.line + 1));
  if (items.length === 0) throw new NothingToSendError('Select the text of a prompt first (several selections send several prompts).');
  return { items: inputs(items), title: `${selections.length > 1 ? 'Selections' : 'Selection'} in ${name}`, uri: document.uri.toString(), defaults: {} };
}

/** Each non-blank line of the selections (or of the whole document without a selection) is one prompt. */
export function fromLines(editor: vscode.TextEditor): PromptSource {
  const { document } = editor;
  const name = fileName(document);
  const ranges = editor.selections.some((s) => !s.isEmpty) ? editor.selections.filter((s) => !s.isEmpty) : [fullRange(document)];
  const items = ranges
    .sort((a, b) => a.start.compareTo(b.start))
    .flatMap((range) => offset(parsePromptText(document.getText(range), { fileName: name, format: 'lines' }).items, range.start.line));
  if (items.length === 0) throw new NothingToSendError(`${name} has no non-blank lines to send.`);
  return { items: inputs(items), title: `Lines of ${name}`, uri: document.uri.toString(), defaults: {} };
}

/**
 * A whole file: .jsonl (one entry per line), .json (an array, or {"prompts": [...], "model", "max_tokens"}),
 * anything else as text: the whole file is one prompt, or several separated by lines of `---`.
 */
export function fromDocument(document: vscode.TextDocument): PromptSource {
  const name = fileName(document);
  const parsed = parsePromptText(document.getText(), { fileName: name, format: documentFormat(document) });
  if (parsed.items.length === 0) throw new NothingToSendError(`${name} holds no prompts.`);
  return { items: inputs(parsed.items), title: name, uri: document.uri.toString(), defaults: parsed.defaults };
}

function documentFormat(document: vscode.TextDocument): PromptFormat {
  const extension = document.uri.path.toLowerCase().split('.').pop();
  if (extension === 'jsonl' || extension === 'ndjson' || document.languageId === 'jsonl') return 'jsonl';
  if (extension === 'json' || document.languageId === 'json') return 'json';
  return 'document';
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

function inputs(items: PromptItem[]): BatchInput[] {
  return items.map(({ entry, origin }) => ({ entry, origin }));
}
