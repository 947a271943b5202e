// The tests of an experiment run, kept beside its ledger: the matrix's rows (description and vars) as they were
// when the run began, so the run reads the same after its files change. One JSON line per test.

import { createWriteStream, existsSync, readFileSync } from 'node:fs';
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
 * The stored tests, by index, each parsed when it is asked for; empty when the file is gone. The file's bytes and
 * where each line begins are all that is held: a 100,000-row experiment's tests as objects took three times as
 * much memory, for a report that reads each test once per column.
 */
export function openTestsFile(path: string): ReadonlyMap<number, StoredTest> {
  return existsSync(path) ? new StoredTests(readFileSync(path)) : new Map();
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

  constructor(private readonly bytes: Buffer) {
    const indices: number[] = [];
    // A last line without its newline was cut by a crash: it is left out, as a ledger's is.
    let start = 0;
    for (let end = bytes.indexOf(0x0a); end !== -1; end = bytes.indexOf(0x0a, start)) {
      if (end > start) {
        this.starts.push(start);
        indices.push(indexOfLine(bytes, start, end));
      }
      start = end + 1;
    }
    this.starts.push(start);
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
    return storedTest(JSON.parse(this.bytes.toString('utf8', this.starts[line], this.starts[line + 1])) as TestLine);
  }
}

/** The test index a line begins with (`{"i":12,...`, as writeTestsFile writes it), else read from the whole line. */
function indexOfLine(bytes: Buffer, start: number, end: number): number {
  const lead = bytes.toString('latin1', start, Math.min(end, start + 24));
  const index = /^\{"i":(\d+)[,}]/.exec(lead)?.[1];
  return index !== undefined ? Number(index) : (JSON.parse(bytes.toString('utf8', start, end)) as TestLine).i;
}
