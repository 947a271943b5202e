// The extension's selection rule: a selection is one prompt, unless the selected text is a JSON array or
// JSONL of prompt entries (or one entry object spread over several lines); then each entry is one.
// Entries are taken only when every one of them is valid: a selection that merely looks like JSON is
// sent as the text it is.

import { parseJsonPromptDocument } from './json-document';
import { lineParserFor } from './line-formats';
import { ProblemCollector } from './problem-sink';
import type { PromptItem, PromptOrigin } from './prompt-types';
import { isBlank, splitTextLines, stripByteOrderMark } from './text-lines';
import { validatePromptEntry } from './validate-entry';

/**
 * `firstLine` is the 1-based line where the selection starts in its document, and origins are given
 * in the document's lines. A blank selection gives no prompts. Line endings become '\n'.
 */
export function parseSelectionText(text: string, fileName: string, firstLine: number): PromptItem[] {
  const lines = splitTextLines(text);
  const content = contentLines(lines);
  if (content === undefined) return [];
  const wholeText = { entry: stripByteOrderMark(text).replace(/\r\n/g, '\n'), origin: { line: 1, endLine: lines.length } };
  const items = entriesIn(lines, fileName, content) ?? [wholeText];
  return items.map(({ entry, origin }) => ({
    entry,
    origin: { line: origin.line + firstLine - 1, endLine: origin.endLine + firstLine - 1 },
  }));
}

/** The entries the selection holds, when it holds only valid entries; origins in selection lines. */
function entriesIn(lines: string[], fileName: string, content: PromptOrigin): PromptItem[] | undefined {
  const start = lines[content.line - 1].trimStart();
  if (start.startsWith('[')) return validArrayEntries(lines.join('\n'), fileName);
  if (start.startsWith('{') || start.startsWith('"')) {
    return validJsonlEntries(lines, fileName) ?? validSingleEntry(lines.join('\n'), content);
  }
  return undefined;
}

function validArrayEntries(text: string, fileName: string): PromptItem[] | undefined {
  const sink = new ProblemCollector(0);
  const { items } = parseJsonPromptDocument(text, fileName, sink);
  return sink.errorCount === 0 && items.length > 0 ? items : undefined;
}

function validJsonlEntries(lines: string[], fileName: string): PromptItem[] | undefined {
  const sink = new ProblemCollector(0);
  const parseLine = lineParserFor('jsonl', fileName, sink);
  const items: PromptItem[] = [];
  for (let index = 0; index < lines.length && sink.errorCount === 0; index++) {
    const item = parseLine(lines[index], index + 1);
    if (item !== undefined) items.push(item);
  }
  return sink.errorCount === 0 ? items : undefined;
}

/** A single entry object such as a pretty-printed {"messages": [...]}. */
function validSingleEntry(text: string, content: PromptOrigin): PromptItem[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const check = validatePromptEntry(value);
  return 'entry' in check ? [{ entry: check.entry, origin: content }] : undefined;
}

/** The first and last non-blank lines (1-based), or undefined when all are blank. */
function contentLines(lines: string[]): PromptOrigin | undefined {
  const first = lines.findIndex((line) => !isBlank(line));
  if (first === -1) return undefined;
  let last = lines.length - 1;
  while (isBlank(lines[last])) last--;
  return { line: first + 1, endLine: last + 1 };
}
