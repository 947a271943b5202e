// Text as lines: line endings and byte order marks, offsets to line and column, bytes split into lines as
// they stream from a file.

import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PromptInputError } from './problems';

// Line handling shared by every format: prompts never carry a BOM or CRLF line endings, whatever the
// editor or platform the text came from.

const byteOrderMark = '\uFEFF';

export function stripByteOrderMark(text: string): string {
  return text.startsWith(byteOrderMark) ? text.slice(1) : text;
}

/** The lines of an in-memory text, without their '\r\n' or '\n' (a final newline ends the last line). */
export function splitTextLines(text: string): string[] {
  const lines = stripByteOrderMark(text).split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map(withoutCarriageReturn);
}

export function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

const nonBlank = /\S/;

export function isBlank(line: string): boolean {
  return !nonBlank.test(line);
}

// Turns offsets in a text into 1-based lines and columns. Built once per text; each lookup is a binary
// search, so locating every element of a large JSON array stays linear overall.

export interface TextPosition {
  line: number;
  column: number;
}

export class LineIndex {
  /** Offsets at which each line starts; lineStarts[0] is 0. */
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
      this.lineStarts.push(newline + 1);
    }
  }

  /** Columns count UTF-16 code units, as editors do. */
  positionOf(offset: number): TextPosition {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low] + 1 };
  }

  lineOf(offset: number): number {
    return this.positionOf(offset).line;
  }
}

// Cuts a byte stream into text lines, holding only the line in progress. It splits on the '\n' byte
// before decoding: in UTF-8 that byte never occurs inside a multi-byte character, so chunks may end
// anywhere (even mid-character) and an invalid byte sequence is reported on its exact line.

const newline = 0x0a;

export class LineSplitter {
  /** The bytes of the line in progress, as the chunks delivered them. */
  private pending: Buffer[] = [];
  private linesEmitted = 0;
  private invalidLine?: PromptInputError;

  /** `file` names the input in an error about invalid UTF-8. */
  constructor(private readonly file: string) {}

  /** The number of the next line to be returned (1-based). */
  get nextLineNumber(): number {
    return this.linesEmitted + 1;
  }

  /**
   * Set once a line is not valid UTF-8. The lines before it have been returned; nothing after it is,
   * since the rest of the input cannot be trusted to be text.
   */
  get failure(): PromptInputError | undefined {
    return this.invalidLine;
  }

  /** The lines this chunk completes, without their line endings. */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    // The line an earlier chunk began ends in this one.
    if (this.pending.length > 0) {
      const end = chunk.indexOf(newline);
      if (end === -1) {
        this.pending.push(chunk);
        return lines;
      }
      this.pending.push(chunk.subarray(0, end));
      const bytes = Buffer.concat(this.pending);
      this.pending = [];
      this.decodeInto(lines, bytes);
      start = end + 1;
    }
    // The whole lines of the chunk checked and decoded at once (a '\n' byte never occurs inside a UTF-8
    // character, so they are text exactly when each line is); only a chunk with a bad line is taken line by line.
    const last = chunk.lastIndexOf(newline);
    if (last >= start && !this.invalidLine) {
      const whole = chunk.subarray(start, last);
      if (!whole.includes(0) && isUtf8(whole)) {
        for (const line of whole.toString('utf8').split('\n')) this.emit(lines, line);
        start = last + 1;
      }
    }
    for (let end = chunk.indexOf(newline, start); end !== -1 && !this.invalidLine; end = chunk.indexOf(newline, start)) {
      this.decodeInto(lines, chunk.subarray(start, end));
      start = end + 1;
    }
    if (start < chunk.length && !this.invalidLine) this.pending.push(chunk.subarray(start));
    return lines;
  }

  /** The last line, when the input does not end with a newline. */
  end(): string[] {
    const lines: string[] = [];
    if (this.pending.length > 0 && !this.invalidLine) this.decodeInto(lines, Buffer.concat(this.pending));
    this.pending = [];
    return lines;
  }

  private decodeInto(lines: string[], bytes: Buffer): void {
    const problem = binaryProblem(bytes);
    if (problem) {
      this.invalidLine = new PromptInputError({ file: this.file, line: this.linesEmitted + 1 }, problem);
      return;
    }
    this.emit(lines, bytes.toString('utf8'));
  }

  /** A decoded line, without its carriage return, and without the byte order mark of the first. */
  private emit(lines: string[], text: string): void {
    const line = this.linesEmitted++ === 0 ? stripByteOrderMark(text) : text;
    lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
  }
}

// Reads a file as lines, a chunk at a time, so that a file of any size is read in bounded memory.

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

/** Why a line's bytes are not text to send: a NUL byte (a binary file) or invalid UTF-8; undefined when they are. */
function binaryProblem(bytes: Buffer): string | undefined {
  if (bytes.includes(0)) return 'the line holds a NUL byte: this is a binary file, not text; give a text file (UTF-8)';
  if (!isUtf8(bytes)) return 'the line is not valid UTF-8; save the file as UTF-8';
  return undefined;
}

/**
 * A prompt or template file read whole (a .prompty, a config's prompt file, a sample), refused at file:line
 * when it is not text: binary content would otherwise be decoded with replacement characters and sent.
 */
export async function readTextFile(path: string, file: string): Promise<string> {
  const bytes = await readFile(path);
  if (!bytes.includes(0) && isUtf8(bytes)) return bytes.toString('utf8');
  let line = 1;
  for (let start = 0; start <= bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const problem = binaryProblem(bytes.subarray(start, end === -1 ? bytes.length : end));
    if (problem) throw new PromptInputError({ file, line }, problem);
    if (end === -1) break;
    start = end + 1;
  }
  throw new PromptInputError({ file, line: 1 }, 'the file is not valid UTF-8; save it as UTF-8');
}
