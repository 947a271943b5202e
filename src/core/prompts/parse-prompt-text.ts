// Prompts from a text already in memory: an editor's document or a small file.

import { splitDocument } from './document-format';
import { parseJsonPromptDocument } from './json-document';
import { lineParserFor } from './line-formats';
import { FailFast, type ProblemSink } from './problem-sink';
import type { PromptInputWarning } from './prompt-input-error';
import type { ParsedPrompts, PromptFormat, PromptItem } from './prompt-types';
import { splitTextLines, stripByteOrderMark } from './text-lines';

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
