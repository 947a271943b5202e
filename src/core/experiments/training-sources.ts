// What an experiment run can give as training outputs, counted before anyone is asked to choose: each row's
// expected answer (its `equals` assertion or `__expected` cell), a var holding the answer (a dataset column,
// `--expected-var` in the CLI), the answers that passed every assertion, the reviewed ones. A source nothing
// qualifies for says why, so Export Training Data… can offer what does instead of ending in "nothing qualifies".

import type { RunProjection } from '../runs/run-projection';
import type { RunJudgement } from './run-judgement';
import type { ReviewBook } from './reviews';
import { expectedAnswer, passedEveryAssertion, type TrainingSource } from './training-rows';

export interface SourceCount {
  from: TrainingSource;
  /** With `expected`: the var whose values are the answers (none: the rows' `equals`/`__expected`). */
  expectedVar?: string;
  /** Rows (expected answers) or answers (passing, reviewed) that would become examples. */
  qualifying: number;
  /** Out of how many rows or answers. */
  of: number;
  /** Why none qualifies; set only when `qualifying` is 0. */
  why?: string;
}

/** The sources of an experiment run's training outputs, in the order they are offered. */
export function trainingSourceCounts(run: RunProjection, judgement: RunJudgement, reviews: ReviewBook): SourceCount[] {
  const experiment = run.header.experiment;
  if (!experiment) return [];
  const rows = [...judgement.tests.keys()];
  const withExpected = rows.filter((index) => expectedAnswer(judgement.tests.get(index), judgement.judge, index, undefined) !== undefined).length;
  const answered = run.items.filter((item) => item.cell && item.status === 'ok' && item.response);
  const passing = answered.filter((item) => passedEveryAssertion(item, judgement)).length;
  const { reviewed, answered: reviewable } = reviews.count(experiment, run.items);
  return [
    counted({ from: 'expected', qualifying: withExpected, of: rows.length }, 'no row has an equals assertion or an __expected cell'),
    ...varsOf(judgement).map(([name, filled]) => counted({ from: 'expected', expectedVar: name, qualifying: filled, of: rows.length }, `no row has a value for ${name}`)),
    counted({ from: 'passing', qualifying: passing, of: answered.length }, answered.length === 0 ? 'no cell has an answer' : 'no answer passed every assertion (a row without assertions has none to pass)'),
    counted({ from: 'reviewed', qualifying: reviewed, of: reviewable }, 'no answer of this run is reviewed yet: in its experiment panel, select a cell and mark its answer Good, or write the answer it should have given'),
  ];
}

function counted(count: SourceCount, why: string): SourceCount {
  return count.qualifying === 0 ? { ...count, why } : count;
}

/** The vars the run's rows set, each with how many rows give it a value, in the order the rows name them. */
function varsOf(judgement: RunJudgement): [string, number][] {
  const filled = new Map<string, number>();
  for (const test of judgement.tests.values()) {
    for (const [name, value] of Object.entries(test.vars)) {
      // `_conversation` and the like are promptfoo's own, not a dataset column.
      if (name.startsWith('_')) continue;
      const has = value !== undefined && value !== null && value !== '';
      filled.set(name, (filled.get(name) ?? 0) + (has ? 1 : 0));
    }
  }
  return [...filled];
}
