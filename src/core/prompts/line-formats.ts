// The two formats read one line at a time, so a file is never held whole: JSONL (one JSON entry per line)
// and plain lines (one string prompt per line). Blank lines are skipped in both.

import { jsonLineError } from './json-line';
import { PromptInputError, PromptInputWarning } from './prompt-input-error';
import type { ProblemSink } from './problem-sink';
import type { PromptItem } from './prompt-types';
import { isBlank } from './text-lines';
import { validatePromptEntry } from './validate-entry';

/** Turns one line into a prompt, or nothing (a blank line, or a problem told to the sink). */
export type LineParser = (line: string, lineNumber: number) => PromptItem | undefined;

export function lineParserFor(format: 'jsonl' | 'lines', file: string, sink: ProblemSink): LineParser {
  return format === 'jsonl' ? jsonlLineParser(file, sink) : plainLine;
}

/** The text of the line is the prompt, leading spaces and all. */
function plainLine(line: string, lineNumber: number): PromptItem | undefined {
  if (isBlank(line)) return undefined;
  return { entry: line, origin: { line: lineNumber, endLine: lineNumber } };
}

function jsonlLineParser(file: string, sink: ProblemSink): LineParser {
  return (line, lineNumber) => {
    if (isBlank(line)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (parseError) {
      sink.error(() => jsonLineError(line, parseError, file, lineNumber));
      return undefined;
    }
    const check = validatePromptEntry(value);
    if ('problem' in check) {
      sink.error(() => new PromptInputError({ file, line: lineNumber }, check.problem));
      return undefined;
    }
    const warning = check.warning;
    if (warning !== undefined) sink.warning(() => new PromptInputWarning({ file, line: lineNumber }, warning));
    return { entry: check.entry, origin: { line: lineNumber, endLine: lineNumber } };
  };
}
