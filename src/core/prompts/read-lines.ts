// Reads a file as lines, a chunk at a time, so that a file of any size is read in bounded memory.

import { createReadStream } from 'node:fs';
import { LineSplitter } from './line-splitter';

export interface ReadOptions {
  /** Names the file in errors. */
  file: string;
  /** Bytes per read; tests pass tiny values to split lines and characters anywhere. */
  chunkSize?: number;
}

/** The lines completed by one read, and the number of the first of them. */
export interface LineBatch {
  firstLine: number;
  lines: string[];
}

/**
 * Lines arrive in batches, one per chunk read, which keeps the per-line cost low for huge files. A line
 * that is not UTF-8 ends the reading with a PromptInputError, after the lines before it.
 */
export async function* readLineBatches(path: string, options: ReadOptions): AsyncGenerator<LineBatch> {
  const splitter = new LineSplitter(options.file);
  const stream = createReadStream(path, { highWaterMark: options.chunkSize });
  for await (const chunk of stream) {
    const firstLine = splitter.nextLineNumber;
    const lines = splitter.push(chunk as Buffer);
    if (lines.length > 0) yield { firstLine, lines };
    if (splitter.failure) throw splitter.failure;
  }
  const firstLine = splitter.nextLineNumber;
  const last = splitter.end();
  if (last.length > 0) yield { firstLine, lines: last };
  if (splitter.failure) throw splitter.failure;
}

/** A whole file as text with '\n' line endings and no BOM, for the formats that are parsed in one piece. */
export async function readWholeText(path: string, options: ReadOptions): Promise<string> {
  const lines: string[] = [];
  for await (const batch of readLineBatches(path, options)) {
    for (const line of batch.lines) lines.push(line);
  }
  return lines.join('\n');
}
