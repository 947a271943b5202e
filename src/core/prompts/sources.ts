// Prompts from where they come: a text in one piece, an editor selection, or a file on disk (streamed).

import { splitDocument, parseJsonPromptDocument, lineParserFor } from './formats';
import { FailFast, type ProblemSink, type PromptInputWarning, ProblemCollector, PromptInputError } from './problems';
import { splitTextLines, stripByteOrderMark, isBlank, readLineBatches, readWholeText, type ReadOptions } from './text';
import type { ParsedPrompts, PromptFormat, PromptItem, PromptOrigin, BatchDefaults } from './types';
import { validatePromptEntry } from './validation';

// Prompts from a text already in memory: an editor's document or a small file.

export interface ParsedPromptText extends ParsedPrompts {
  /** Input that is accepted but will not all take effect (the first 20). */
  warnings: PromptInputWarning[];
}

export interface ParseOptions {
  /** Names the text in errors and warnings. */
  fileName: string;
  format: PromptFormat;
}

const warningLimit = 20;

export interface PromptTextCheck extends ParsedPromptText {
  /** The first `maxErrors` errors, in text order; `errorCount` counts them all. */
  errors: PromptInputError[];
  errorCount: number;
}

/** Parses the whole text and lists every problem, so that all of them can be shown and nothing sent. */
export function checkPromptText(text: string, options: ParseOptions, maxErrors = 20): PromptTextCheck {
  const sink = new ProblemCollector(Math.max(maxErrors, warningLimit));
  const parsed = parsePrompts(text, options, sink);
  return { ...parsed, warnings: sink.warnings, errors: sink.errors.slice(0, maxErrors), errorCount: sink.errorCount };
}

/** Throws a PromptInputError at the first problem. */
export function parsePromptText(text: string, options: ParseOptions): ParsedPromptText {
  const sink = new FailFast(warningLimit);
  const parsed = parsePrompts(text, options, sink);
  return { ...parsed, warnings: sink.warnings };
}

/** The parse itself, telling problems to the sink (shared with the file readers). */
export function parsePrompts(text: string, { fileName, format }: ParseOptions, sink: ProblemSink): ParsedPrompts {
  if (format === 'json') return parseJsonPromptDocument(stripByteOrderMark(text), fileName, sink);
  const lines = splitTextLines(text);
  if (format === 'document') return { items: splitDocument(lines), defaults: {} };
  const parseLine = lineParserFor(format, fileName, sink);
  const items: PromptItem[] = [];
  lines.forEach((line, index) => {
    const item = parseLine(line, index + 1);
    if (item !== undefined) items.push(item);
  });
  return { items, defaults: {} };
}

// The extension's selection rule: a selection is one prompt, unless the selected text is a JSON array or
// JSONL of prompt entries (or one entry object spread over several lines); then each entry is one.
// Entries are taken only when every one of them is valid: a selection that merely looks like JSON is
// sent as the text it is.

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

// Prompts from a file on disk. JSONL and one-prompt-per-line files are streamed a chunk at a time, so a
// file of a million prompts is never held in memory; JSON documents and text documents are read whole
// (they have to be parsed as one piece).

export interface PromptFileOptions {
  format: PromptFormat;
  /** Names the file in errors (for example '<stdin>' for a spooled copy); defaults to the path. */
  displayName?: string;
  /** Bytes per read (default 64 KiB); tests pass tiny values. */
  chunkSize?: number;
}

/** Yields the prompts in file order; throws a PromptInputError at the first problem. */
export async function* readPromptFile(path: string, options: PromptFileOptions): AsyncGenerator<PromptItem> {
  const read = readOptions(path, options);
  const sink = new FailFast(0);
  if (options.format === 'json' || options.format === 'document') {
    yield* parsePrompts(await readWholeText(path, read), { fileName: read.file, format: options.format }, sink).items;
    return;
  }
  const parseLine = lineParserFor(options.format, read.file, sink);
  for await (const { firstLine, lines } of readLineBatches(path, read)) {
    for (let index = 0; index < lines.length; index++) {
      const item = parseLine(lines[index], firstLine + index);
      if (item !== undefined) yield item;
    }
  }
}

export interface PromptFileCheck {
  /** How many valid prompts the file holds. */
  count: number;
  /** The longest of them, when there is one. */
  longest?: LongestPrompt;
  defaults: BatchDefaults;
  /** The first `maxErrors` errors, in file order. */
  errors: PromptInputError[];
  /** All errors, including those not listed. */
  errorCount: number;
  /** The first `maxErrors` warnings: input that is accepted but will not all take effect. */
  warnings: PromptInputWarning[];
  warningCount: number;
}

/**
 * Reads the whole file once and lists its problems, so that a caller can report them all and submit
 * nothing. JSONL and line files are streamed, holding no prompts. Invalid UTF-8 ends the pass (the rest
 * of the file cannot be trusted to be text).
 */
export async function validatePromptFile(
  path: string,
  options: PromptFileOptions & { maxErrors?: number },
): Promise<PromptFileCheck> {
  const read = readOptions(path, options);
  const sink = new ProblemCollector(options.maxErrors ?? 20);
  const tally: Tally = { count: 0, defaults: {} };
  try {
    await countPrompts(path, options.format, read, sink, tally);
  } catch (error) {
    if (!(error instanceof PromptInputError)) throw error;
    sink.error(() => error);
  }
  return {
    ...tally,
    errors: sink.errors,
    errorCount: sink.errorCount,
    warnings: sink.warnings,
    warningCount: sink.warningCount,
  };
}

interface Tally {
  count: number;
  defaults: BatchDefaults;
  /** The longest prompt (in characters) and its line, to tell one no model could take before it is sent. */
  longest?: LongestPrompt;
}

export interface LongestPrompt {
  line: number;
  chars: number;
}

function note(tally: Tally, item: PromptItem): void {
  tally.count++;
  const chars = promptChars(item.entry);
  if (!tally.longest || chars > tally.longest.chars) tally.longest = { line: item.origin.line, chars };
}

/** The characters of what a prompt sends: its text, or its messages' texts. */
export function promptChars(entry: PromptItem['entry']): number {
  if (typeof entry === 'string') return entry.length;
  if ('prompt' in entry) return entry.prompt.length;
  return entry.messages.reduce((sum, m) => sum + (typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content ?? '').length), 0);
}

/** Counts into `tally` as it goes, so that a pass ended by unreadable text still tells how far it got. */
async function countPrompts(
  path: string,
  format: PromptFormat,
  read: ReadOptions,
  sink: ProblemSink,
  tally: Tally,
): Promise<void> {
  if (format === 'json' || format === 'document') {
    const { items, defaults } = parsePrompts(await readWholeText(path, read), { fileName: read.file, format }, sink);
    items.forEach((item) => note(tally, item));
    tally.defaults = defaults;
    return;
  }
  const parseLine = lineParserFor(format, read.file, sink);
  for await (const { firstLine, lines } of readLineBatches(path, read)) {
    for (let index = 0; index < lines.length; index++) {
      const item = parseLine(lines[index], firstLine + index);
      if (item !== undefined) note(tally, item);
    }
  }
}

function readOptions(path: string, options: PromptFileOptions): ReadOptions {
  return { file: options.displayName ?? path, chunkSize: options.chunkSize };
}
