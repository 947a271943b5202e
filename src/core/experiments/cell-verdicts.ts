// Judging an experiment's cells: each test's assertions read once (a CSV's `__expected` shorthand turned into
// the assertion it names), each cell's answer judged by them, with the verdicts of a grading run folded in for
// model-graded ones. A cell that errored or has no answer yet is neither passed nor failed. The CLI and the
// editor judge the same way, from the same stored tests.

import type { ChatMessage } from '../api/types';
import type { Assertion as ConfigAssertion } from './config';
import { promptText } from '../runs/export';
import type { RunItem } from '../runs/run-projection';
import { AssertionProblem, evaluateCell, expectedToAssertion, parseAssertions, type Assertion, type CellOutcome, type CellOutput, type GradingError, type Trust, type Verdict } from '../judge';
import type { RecordVerdict } from './cell-records';
import type { StoredTest } from './experiment-tests-file';
import { renderedAssertion, type ValueRendering } from './assertion-values';

export interface TestAssertions {
  assertions: Assertion[];
  problems: AssertionProblem[];
}

/** Model-graded verdicts of one cell, by the index of the assertion they grade. */
export type CellGrades = ReadonlyMap<number, Verdict | GradingError>;

/**
 * A test's assertions as given, each read where it is written; `__expected` cells become their assertion.
 * With `rendering`, their values are rendered with the test's vars first, as promptfoo does.
 */
export function readAssertions(raws: readonly ConfigAssertion[] | undefined, rendering?: ValueRendering, options?: Record<string, unknown>): TestAssertions {
  const judged = assertionsAsJudged(raws, rendering, options);
  const { list } = judged;
  const parsed = parseAssertions(list.map(({ file: _file, line: _line, column: _column, ...assertion }) => assertion), (index) => ({ file: list[index].file, line: list[index].line }));
  return { assertions: parsed.assertions, problems: [...judged.problems, ...parsed.problems] };
}

/** The assertions as they are judged: `__expected` cells read, values rendered; those that cannot be, as problems. */
export function assertionsAsJudged(raws: readonly ConfigAssertion[] | undefined, rendering?: ValueRendering, options?: Record<string, unknown>): { list: ConfigAssertion[]; problems: AssertionProblem[] } {
  const problems: AssertionProblem[] = [];
  const list: ConfigAssertion[] = [];
  const rubricPrompt = rubricPromptOf(options);
  for (const raw of raws ?? []) {
    const read = raw.type === '__expected' ? ({ ...fromExpected(raw), file: raw.file, line: raw.line } as ConfigAssertion) : raw;
    const assertion = rubricPrompt !== undefined && read.type.replace(/^not-/, '') === 'llm-rubric' ? { ...read, rubricPrompt } : read;
    if (assertion.rubricPrompt !== undefined && rendering?.trust === 'restricted' && /\{[{%#]/.test(assertion.rubricPrompt)) {
      problems.push(new AssertionProblem(raw, "the test's options.rubricPrompt is a template, rendered only in trusted workspaces (and the CLI): trust this folder to grade with it"));
      continue;
    }
    const rendered = rendering === undefined ? assertion : renderedAssertion(assertion, rendering);
    if (typeof rendered === 'string') problems.push(new AssertionProblem(raw, rendered));
    else list.push(rendered);
  }
  return { list, problems };
}

/** The test's `options.rubricPrompt` as a template text: a string, or chat messages written as YAML. */
function rubricPromptOf(options: Record<string, unknown> | undefined): string | undefined {
  const given = options?.rubricPrompt;
  if (given === undefined || given === null) return undefined;
  return typeof given === 'string' ? given : JSON.stringify(given);
}

/** A CSV `__expected…` cell as its assertion, with its row's `__metric` and its `__config:…:threshold`. */
function fromExpected({ value, metric, threshold }: Omit<ConfigAssertion, 'file' | 'line' | 'column'>): Record<string, unknown> {
  const assertion = expectedToAssertion(String(value)) ?? { type: 'equals', value };
  return { ...assertion, ...(metric !== undefined ? { metric } : {}), ...(threshold !== undefined ? { threshold } : {}) };
}

export class CellJudge {
  private readonly read = new Map<number, TestAssertions>();

  constructor(
    private readonly tests: ReadonlyMap<number, StoredTest>,
    readonly trust: Trust,
  ) {}

  assertionsOf(test: number): TestAssertions {
    let known = this.read.get(test);
    const stored = this.tests.get(test);
    if (!known) this.read.set(test, (known = readAssertions(stored?.assert, { vars: stored?.vars ?? {}, trust: this.trust }, stored?.options)));
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
