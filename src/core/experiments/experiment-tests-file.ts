// The tests of an experiment run, kept beside its ledger: the matrix's rows (description and vars) as they were
// when the run began, so the run reads the same after its files change. One JSON line per test.

import { closeSync, createWriteStream, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { once } from 'node:events';
import type { Assertion, TestCase } from './config';

export interface StoredTest {
  index: number;
  description?: string;
  vars: Record<string, unknown>;
  /** Its assertions as the files give them (defaultTest's first), with where each is written. */
  assert?: Assertion[];
  /** The test's options (a grader provider, a prefix). */
  options?: Record<string, unknown>;
  /** The weighted score a cell must reach (promptfoo's test `threshold`). */
  threshold?: number;
}

/** `<run>.ledger.jsonl` -> `<run>.tests.jsonl`. */
export function testsFileOf(ledgerPath: string): string {
  return ledgerPath.replace(/\.ledger\.jsonl$/, '') + '.tests.jsonl';
}

/** Writes every test, a batch of lines at a time; resolves with how many there were. */
export async function writeTestsFile(path: string, batches: AsyncIterable<readonly TestCase[]>): Promise<number> {
  const out = createWriteStream(path);
  let count = 0;
  for await (const tests of batches) {
    let lines = '';
    for (const test of tests) {
      lines += JSON.stringify({
        i: test.index,
        ...(test.description !== undefined ? { d: test.description } : {}),
        v: test.vars,
        ...(test.assert.length > 0 ? { a: test.assert } : {}),
        ...(Object.keys(test.options).length > 0 ? { o: test.options } : {}),
        ...(test.threshold !== undefined ? { t: test.threshold } : {}),
      });
      lines += '\n';
    }
    count += tests.length;
    if (!out.write(lines)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** The stored tests, by index, all parsed (a caller that keeps them: the experiment panel); empty when the file is gone. */
export function readTestsFile(path: string): Map<number, StoredTest> {
  return new Map(openTestsFile(path));
}

/**
 * The stored tests, by index, each parsed when it is asked for; empty when the file is gone. Where each line begins
 * is all that is held, and a window of the file's bytes around the last test read: a 100,000-row experiment's
 * tests as objects took three times as much memory as the file, and the whole file (6 MB) was still the last
 * rise of the report's peak RSS. A report asks for its tests about in order, so a window is read once per few
 * hundred tests.
 */
export function openTestsFile(path: string): ReadonlyMap<number, StoredTest> {
  return existsSync(path) ? new StoredTests(path) : new Map();
}

type TestLine = { i: number; d?: string; v: Record<string, unknown>; a?: Assertion[]; o?: Record<string, unknown>; t?: number };

function storedTest(line: TestLine): StoredTest {
  return {
    index: line.i,
    ...(line.d !== undefined ? { description: line.d } : {}),
    vars: line.v,
    ...(line.a ? { assert: line.a } : {}),
    ...(line.o ? { options: line.o } : {}),
    ...(line.t !== undefined ? { threshold: line.t } : {}),
  };
}

/** The bytes of the file read at a time. */
const WINDOW = 1 << 16;

/** Tests parsed lately, kept: a cell's judge and its record ask for the same test in turn. */
const RECENT = 16;

class StoredTests implements ReadonlyMap<number, StoredTest> {
  /** Where each line begins, in file order, and where the last one ends. */
  private readonly starts: number[] = [];
  /** A test's line, when the tests are not simply 0, 1, 2, ... in order (a filtered run). */
  private readonly lineOf: Map<number, number> | undefined;
  /**
   * The last RECENT tests parsed, in slots reused in turn. Not a Map with its oldest entry deleted at each new one:
   * measured, that made the heap of a 100,000-row report grow by some 20 MB more (promoted, then garbage).
   */
  private readonly recentIndex: number[] = new Array<number>(RECENT).fill(-1);
  private readonly recentTest: (StoredTest | undefined)[] = new Array<StoredTest | undefined>(RECENT).fill(undefined);
  private nextSlot = 0;

  /** The bytes of the file from `windowStart` on, as last read (`windowLength` of them). */
  private window = Buffer.allocUnsafe(WINDOW);
  private windowStart = 0;
  private windowLength = 0;

  constructor(private readonly path: string) {
    const indices: number[] = [];
    // A last line without its newline was cut by a crash: it is left out, as a ledger's is.
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      let start = 0;
      while (start < size) {
        const end = this.lineEndInWindow(start);
        if (end === -1) {
          // The window from here holds no whole line: read on from here (twice as far when it already did).
          const longLine = this.windowStart === start && this.windowLength > 0;
          if (longLine && this.windowStart + this.windowLength >= size) break;
          this.bytesAt(fd, start, start + (longLine ? this.window.length * 2 : WINDOW));
          continue;
        }
        if (end > start) {
          this.starts.push(start);
          indices.push(indexOfLine(this.window.subarray(start - this.windowStart, end - this.windowStart)));
        }
        start = end + 1;
      }
      this.starts.push(start);
    } finally {
      closeSync(fd);
    }
    this.lineOf = indices.every((index, line) => index === line) ? undefined : new Map(indices.map((index, line) => [index, line]));
  }

  get size(): number {
    return this.starts.length - 1;
  }

  get(index: number): StoredTest | undefined {
    const line = this.lineOf ? this.lineOf.get(index) : Number.isInteger(index) && index >= 0 && index < this.size ? index : undefined;
    if (line === undefined) return undefined;
    for (let slot = 0; slot < RECENT; slot++) if (this.recentIndex[slot] === index) return this.recentTest[slot];
    const test = this.parse(line);
    this.recentIndex[this.nextSlot] = index;
    this.recentTest[this.nextSlot] = test;
    this.nextSlot = (this.nextSlot + 1) % RECENT;
    return test;
  }

  has(index: number): boolean {
    return this.lineOf ? this.lineOf.has(index) : Number.isInteger(index) && index >= 0 && index < this.size;
  }

  *entries(): MapIterator<[number, StoredTest]> {
    for (let line = 0; line < this.size; line++) {
      const test = this.parse(line);
      yield [test.index, test];
    }
  }

  *keys(): MapIterator<number> {
    for (const [index] of this.entries()) yield index;
  }

  *values(): MapIterator<StoredTest> {
    for (const [, test] of this.entries()) yield test;
  }

  [Symbol.iterator](): MapIterator<[number, StoredTest]> {
    return this.entries();
  }

  forEach(visit: (test: StoredTest, index: number, map: ReadonlyMap<number, StoredTest>) => void): void {
    for (const [index, test] of this.entries()) visit(test, index, this);
  }

  private parse(line: number): StoredTest {
    const start = this.starts[line];
    const end = this.starts[line + 1];
    const covered = start >= this.windowStart && end <= this.windowStart + this.windowLength;
    const bytes = covered ? this.window.subarray(start - this.windowStart, end - this.windowStart) : this.read(start, end);
    return storedTest(JSON.parse(bytes.toString('utf8')) as TestLine);
  }

  /** The bytes [start, end) and on, to a window's length: read into the window (the file opened for it). */
  private read(start: number, end: number): Buffer {
    const fd = openSync(this.path, 'r');
    try {
      return this.bytesAt(fd, start, end).subarray(0, end - start);
    } finally {
      closeSync(fd);
    }
  }

  /** Where the line from `start` ends (its newline), when the window holds it whole; else -1. */
  private lineEndInWindow(start: number): number {
    if (start < this.windowStart || start >= this.windowStart + this.windowLength) return -1;
    const at = this.window.indexOf(0x0a, start - this.windowStart);
    return at === -1 || at >= this.windowLength ? -1 : this.windowStart + at;
  }

  /** The window read from `start`, at least to `end` (larger when a line is longer than it); the bytes from start. */
  private bytesAt(fd: number, start: number, end: number): Buffer {
    if (end - start > this.window.length) this.window = Buffer.allocUnsafe(Math.max(end - start, this.window.length * 2));
    this.windowStart = start;
    this.windowLength = readSync(fd, this.window, 0, this.window.length, start);
    return this.window.subarray(0, this.windowLength);
  }
}

/** The test index a line begins with (`{"i":12,...`, as writeTestsFile writes it), else read from the whole line. */
function indexOfLine(line: Buffer): number {
  const lead = line.toString('latin1', 0, Math.min(line.length, 24));
  const index = /^\{"i":(\d+)[,}]/.exec(lead)?.[1];
  return index !== undefined ? Number(index) : (JSON.parse(line.toString('utf8')) as TestLine).i;
}
