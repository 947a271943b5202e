// Training data from an experiment run: each test's input as one column of the matrix gave it to the model,
// and as output either the row's expected answer (its first `equals` assertion, a CSV `__expected` cell that
// means equals, or a var the user names: a dataset column) or that column's answers that passed every
// assertion. A results run (no experiment) gives each prompt with its answer. A fraction of an experiment's rows
// can be held out of the data (picked by row key and seed, evidence/holdout.ts), so an adaptor can be judged on
// rows it never saw. The CLI's `export-training` and the editor's Export Training Data… both come here.

import type { ScalarLMApi } from '../api/api';
import { holdoutSplit, type HoldoutSplit } from '../evidence';
import type { ExperimentHeader } from '../runs/ledger-schema';
import type { RunItem, RunProjection } from '../runs/run-projection';
import { inputOf, resultsRunExamples, serverRenderings, TrainingExportError, type TrainingExample } from '../training';
import type { CellJudge } from './cell-verdicts';
import { rowIdentities } from './evidence';
import { columnLabel } from './experiment-matrix';
import { rowLabelIn } from './row-labels';
import type { StoredTest } from './experiment-tests-file';
import type { RunJudgement } from './run-judgement';
import { reviewKey, type ReviewBook } from './reviews';

/**
 * `expected`: the rows' expected answers; `passing`: the column's answers that passed every assertion;
 * `reviewed`: the column's reviewed answers, a correction where the reviewer wrote one, else an answer marked good.
 */
export type TrainingSource = 'expected' | 'passing' | 'reviewed';

export interface TrainingChoice {
  from: TrainingSource;
  /** The matrix column (its index) whose prompts are the inputs (and, for `passing`, whose answers). */
  column?: number;
  /** With `expected`: the var (a dataset column) that holds each row's answer, instead of its `equals` assertion. */
  expectedVar?: string;
  /** With `reviewed`: the runs folder's reviews. */
  reviews?: ReviewBook;
  /** Keep this fraction of the rows (0..1, exclusive) out of the data, picked by row key and seed (default 0). */
  holdout?: { fraction: number; seed?: number };
}

/** The rows held out and trained on, by key (evidence/holdout.ts), with each row's label for people. */
export interface RowsSplit extends HoldoutSplit {
  labels: ReadonlyMap<string, string>;
}

export interface TrainingExport {
  examples: TrainingExample[];
  /** Inputs whose chat messages the deployment did not render for us: the documented fallback rendering. */
  fallback: number;
  /** Rows or cells left out (no expected answer, not passing, no answer), for the user to be told. */
  skipped: number;
  /** What was exported, in a few words ("the expected answers of 3 rows through column 1 (…)"). */
  what: string;
  /** The column whose prompts (and answers) were taken; undefined for a results run. */
  column?: number;
  /** With a holdout: which rows were kept out. */
  split?: RowsSplit;
}

/** The column to export when none was named: the only one, or (for expected answers) any, when all share one prompt. */
export function defaultColumn(header: ExperimentHeader, from: TrainingSource): number | undefined {
  if (header.columns.length === 1) return 0;
  const prompts = new Set(header.columns.map((c) => c.promptKey));
  return from === 'expected' && prompts.size === 1 ? 0 : undefined;
}

/**
 * The examples of a stored run (read with `keepItems`): an experiment run's by `choice`, a results run's as its
 * prompts and answers. Chat prompts the deployment rendered are looked up there (one request per group).
 */
export async function trainingExport(api: ScalarLMApi, run: RunProjection, judgement: RunJudgement, choice: TrainingChoice, signal?: AbortSignal): Promise<TrainingExport> {
  const experiment = run.header.experiment;
  if (!experiment && choice.holdout) throw new TrainingExportError(run.header.runId, undefined, "a results run has no rows to hold out (they are an experiment's tests): give an experiment's run, or leave out the holdout");
  if (!experiment) {
    const rendered = await serverRenderings(api, run.items, signal);
    const { examples, fallback, skipped } = resultsRunExamples(run.items, rendered);
    return { examples, fallback, skipped, what: `the ${examples.length} answered prompts of the run` };
  }
  const column = choice.column ?? defaultColumn(experiment, choice.from);
  if (column === undefined) throw new TrainingExportError(run.header.runId, undefined, `the run has ${experiment.columns.length} columns: name one with --column (${experiment.columns.map((c, i) => `${i + 1}: ${columnLabel(c)}`).join('; ')})`);
  const split = choice.holdout && rowsSplit(judgement, choice.holdout.fraction, choice.holdout.seed ?? 0);
  const cells = run.items.filter((item) => item.cell?.[0] === column && item.prompt !== undefined && !split?.isHeldOut(item.cell[1]));
  const rendered = await serverRenderings(api, cells, signal);
  const examples: TrainingExample[] = [];
  const seen = new Set<string>();
  let fallback = 0;
  let skipped = 0;
  const add = (item: RunItem, output: string) => {
    const { input, rendering } = inputOf(item.prompt!, rendered.get(item.index));
    const key = JSON.stringify([input, output]);
    if (seen.has(key)) return;
    seen.add(key);
    if (rendering === 'fallback') fallback++;
    examples.push({ input, output });
  };
  for (const item of cells) {
    const [, test, repeat] = item.cell!;
    if (choice.from === 'expected') {
      if (repeat > 0) continue;
      const answer = expectedAnswer(judgement.tests.get(test), judgement.judge, test, choice.expectedVar);
      if (answer === undefined) skipped++;
      else add(item, answer);
    } else if (choice.from === 'reviewed') {
      const review = choice.reviews?.get(reviewKey(experiment, item));
      const output = review?.correction ?? (review?.verdict === 'good' ? item.response : null);
      if (output) add(item, output);
      else skipped++;
    } else if (passedEveryAssertion(item, judgement)) add(item, item.response!);
    else skipped++;
  }
  const label = `column ${column + 1} (${columnLabel(experiment.columns[column])})`;
  if (choice.from === 'reviewed' && examples.length === 0) throw new TrainingExportError(run.header.runId, undefined, `no answer of ${label} is reviewed as good or corrected: review answers in the experiment panel first (Good, Bad, and what it should have said)`);
  const what = { expected: `the expected answers of ${examples.length} rows, with the prompts of ${label}`, passing: `the ${examples.length} answers of ${label} that passed every assertion`, reviewed: `the ${examples.length} reviewed answers of ${label} (corrections, and answers marked good)` };
  return { examples, fallback, skipped, what: what[choice.from], column, ...(split ? { split: split.rows } : {}) };
}

/** The run's rows (its stored tests) split by key and seed; every row counts, whether or not it gives an example. */
function rowsSplit(judgement: RunJudgement, fraction: number, seed: number): { rows: RowsSplit; isHeldOut(test: number): boolean } {
  const identities = rowIdentities(judgement.tests);
  const labels = new Map([...identities].map(([index, { key }]) => [key, rowLabelIn(judgement.tests, index)]));
  const rows = { ...holdoutSplit([...labels.keys()], fraction, seed), labels };
  const heldOut = new Set(rows.heldOut);
  return { rows, isHeldOut: (test) => heldOut.has(identities.get(test)?.key ?? '') };
}

/** An answered cell that passed every assertion: what `--from passing` exports. */
export function passedEveryAssertion(item: RunItem, judgement: RunJudgement): boolean {
  if (item.status !== 'ok' || !item.response) return false;
  const outcome = judgement.outcome(item);
  return outcome?.status === 'pass' && outcome.results.every((result) => result.pass);
}

/** A row's expected answer: the named var, else its first `equals` assertion with a text value. */
export function expectedAnswer(test: StoredTest | undefined, judge: CellJudge, index: number, expectedVar: string | undefined): string | undefined {
  if (expectedVar !== undefined) {
    const value = test?.vars[expectedVar];
    if (value === undefined || value === null || value === '') return undefined;
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  const equals = judge.assertionsOf(index).assertions.find((a) => a.base === 'equals' && !a.inverse);
  if (!equals) return undefined;
  return typeof equals.value === 'string' ? equals.value : JSON.stringify(equals.value);
}
