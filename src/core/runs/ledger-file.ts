// The run ledger on disk: append-only JSONL, one event per line. Each append is one write to the
// file descriptor, so what was appended survives the process dying the next instant, and a group's
// item lines land together; a crash can only cut the very last line, which reopening drops.

import { closeSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import type { LedgerEvent } from './ledger-schema';

export class LedgerWriter {
  private fd: number | undefined;

  /** Opens for appending; `truncateTo` drops a torn last line left by a crash. */
  constructor(
    readonly path: string,
    truncateTo?: number,
  ) {
    this.fd = openSync(path, 'a');
    if (truncateTo !== undefined) ftruncateSync(this.fd, truncateTo);
  }

  /** Writes the events; returns the byte offset of each line given the file's current size. */
  append(events: readonly LedgerEvent[], size: number): { offsets: number[]; end: number } {
    if (this.fd === undefined) throw new Error(`The ledger ${this.path} is closed.`);
    const offsets: number[] = [];
    let text = '';
    let end = size;
    for (const event of events) {
      const line = JSON.stringify(event) + '\n';
      offsets.push(end);
      end += Buffer.byteLength(line);
      text += line;
    }
    if (text) writeSync(this.fd, text);
    return { offsets, end };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

export interface LedgerLine {
  event: LedgerEvent;
  /** Byte offset of the line's first byte, for reading a block back later. */
  offset: number;
  /** Byte offset just past the line's newline. */
  next: number;
}

const CHUNK = 1 << 16;

/**
 * Reads ledger lines from a byte offset, one at a time, without holding the file in memory.
 * A last line without its newline is the trace of a write cut by a crash: it is skipped.
 */
export function* readLedgerLines(path: string, fromOffset = 0): Generator<LedgerLine> {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let carry = Buffer.alloc(0);
    let carryOffset = fromOffset;
    let position = fromOffset;
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK, position);
      if (read === 0) return;
      position += read;
      const data = carry.length ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let start = 0;
      for (let nl = data.indexOf(10, start); nl !== -1; nl = data.indexOf(10, start)) {
        const offset = carryOffset + start;
        if (nl > start) yield { event: parseLine(path, data.toString('utf8', start, nl), offset), offset, next: carryOffset + nl + 1 };
        start = nl + 1;
      }
      carry = Buffer.from(data.subarray(start));
      carryOffset += start;
    }
  } finally {
    closeSync(fd);
  }
}

function parseLine(path: string, text: string, offset: number): LedgerEvent {
  try {
    return JSON.parse(text) as LedgerEvent;
  } catch {
    throw new Error(
      `The ledger ${path} has a damaged line at byte ${offset}: ${text.slice(0, 80)}. ` +
        'Ledgers are append-only; restore it from a copy or start a new run.',
    );
  }
}
