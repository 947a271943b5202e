// Prompts from a file on disk. JSONL and one-prompt-per-line files are streamed a chunk at a time, so a
// file of a million prompts is never held in memory; JSON documents and text documents are read whole
// (they have to be parsed as one piece).

import { lineParserFor } from './line-formats';
import { parsePrompts } from './parse-prompt-text';
import { FailFast, ProblemCollector, type ProblemSink } from './problem-sink';
import { PromptInputError, type PromptInputWarning } from './prompt-input-error';
import type { BatchDefaults, PromptFormat, PromptItem } from './prompt-types';
import { readLineBatches, readWholeText, type ReadOptions } from './read-lines';

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
    tally.count = items.length;
    tally.defaults = defaults;
    return;
  }
  const parseLine = lineParserFor(format, read.file, sink);
  for await (const { firstLine, lines } of readLineBatches(path, read)) {
    for (let index = 0; index < lines.length; index++) {
      if (parseLine(lines[index], firstLine + index) !== undefined) tally.count++;
    }
  }
}

function readOptions(path: string, options: PromptFileOptions): ReadOptions {
  return { file: options.displayName ?? path, chunkSize: options.chunkSize };
}
