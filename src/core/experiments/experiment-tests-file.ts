// The tests of an experiment run, kept beside its ledger: the matrix's rows (description and vars) as they were
// when the run began, so the run reads the same after its files change. One JSON line per test.

import { createWriteStream, existsSync } from 'node:fs';
import { once } from 'node:events';
import { readLedgerLines } from '../runs/ledger-file';
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

/** Writes every test; resolves with how many there were. */
export async function writeTestsFile(path: string, tests: AsyncIterable<TestCase>): Promise<number> {
  const out = createWriteStream(path);
  let count = 0;
  for await (const test of tests) {
    const line = JSON.stringify({
      i: test.index,
      ...(test.description !== undefined ? { d: test.description } : {}),
      v: test.vars,
      ...(test.assert.length > 0 ? { a: test.assert } : {}),
      ...(Object.keys(test.options).length > 0 ? { o: test.options } : {}),
      ...(test.threshold !== undefined ? { t: test.threshold } : {}),
    });
    count++;
    if (!out.write(line + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return count;
}

/** The stored tests, by index; empty when the file is gone. */
export function readTestsFile(path: string): Map<number, StoredTest> {
  const tests = new Map<number, StoredTest>();
  if (!existsSync(path)) return tests;
  for (const { event } of readLedgerLines(path)) {
    const line = event as unknown as { i: number; d?: string; v: Record<string, unknown>; a?: Assertion[]; o?: Record<string, unknown>; t?: number };
    tests.set(line.i, {
      index: line.i,
      ...(line.d !== undefined ? { description: line.d } : {}),
      vars: line.v,
      ...(line.a ? { assert: line.a } : {}),
      ...(line.o ? { options: line.o } : {}),
      ...(line.t !== undefined ? { threshold: line.t } : {}),
    });
  }
  return tests;
}
