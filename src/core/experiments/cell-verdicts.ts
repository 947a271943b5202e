// Judging an experiment's cells: each test's assertions read once (a CSV's `__expected` shorthand turned into
// the assertion it names), each cell's answer judged by them, with the verdicts of a grading run folded in for
// model-graded ones. A cell that errored or has no answer yet is neither passed nor failed. The CLI and the
// editor judge the same way, from the same stored tests.

import type { ChatMessage } from '../api/types';
import { readAssertions, type TestAssertions } from './config';
import { promptText } from '../runs/export';
import type { RunItem } from '../runs/run-projection';
import { evaluateCell, type CellOutcome, type CellOutput, type GradingError, type Trust, type Verdict } from '../judge';
import type { RecordVerdict } from './cell-records';
import type { StoredTest } from './experiment-tests-file';

/** Model-graded verdicts of one cell, by the index of the assertion they grade. */
export type CellGrades = ReadonlyMap<number, Verdict | GradingError>;

/** What a test without assertions is judged by (most rows of a large dataset): one object, not one per test. */
const NO_ASSERTIONS: TestAssertions = Object.freeze({ assertions: [], problems: [] });

export class CellJudge {
  /** Each test's assertions, read once (a test without any is not kept: there is nothing to read). */
  private readonly read = new Map<number, TestAssertions>();

  constructor(
    private readonly tests: ReadonlyMap<number, StoredTest>,
    readonly trust: Trust,
  ) {}

  assertionsOf(test: number): TestAssertions {
    let known = this.read.get(test);
    if (known) return known;
    const stored = this.tests.get(test);
    if (!stored?.assert?.length) return NO_ASSERTIONS;
    this.read.set(test, (known = testAssertions(stored, this.trust)));
    return known;
  }

  /** The cell's outcome; undefined when its test has no assertions. */
  outcome(item: RunItem, graded?: CellGrades): CellOutcome | undefined {
    if (!item.cell) return undefined;
    const test = item.cell[1];
    const { assertions } = this.assertionsOf(test);
    if (assertions.length === 0) return undefined;
    const stored = this.tests.get(test);
    const threshold = stored?.threshold;
    return evaluateCell(outputOf(item), assertions, { vars: stored?.vars ?? {}, prompt: promptOf(item) }, { trust: this.trust, ...(graded ? { graded } : {}), ...(threshold !== undefined ? { threshold } : {}) });
  }
}

/** A stored test's assertions, read (`__expected` cells turned into their assertions, values rendered with its vars). */
export function testAssertions(stored: StoredTest, trust: Trust): TestAssertions {
  return readAssertions(stored.assert, { vars: stored.vars, trust }, stored.options);
}

/** An outcome as a record carries it. */
export function recordVerdict(outcome: CellOutcome | undefined): RecordVerdict | null {
  if (!outcome) return null;
  return {
    status: outcome.status,
    score: outcome.score,
    reason: outcome.reason,
    namedScores: outcome.namedScores,
    assertions: outcome.results.map((r) => ({ type: r.type, status: r.status, pass: r.pass, score: r.score, reason: r.reason, weight: r.weight, ...(r.metric ? { metric: r.metric } : {}), ...(r.graderText !== undefined ? { graderText: r.graderText } : {}) })),
  };
}

function outputOf(item: RunItem): CellOutput {
  if (item.status === 'ok') return { status: 'ok', text: item.response ?? '' };
  if (item.status === 'error') return { status: 'error', error: item.error ?? '' };
  return { status: 'pending' };
}

function promptOf(item: RunItem): string | ChatMessage[] | undefined {
  const entry = item.prompt;
  if (entry === undefined) return undefined;
  if (typeof entry === 'object' && 'messages' in entry) return entry.messages;
  return promptText(entry);
}
