// An experiment run judged: its stored tests' assertions over its cells, with the verdicts of its newest
// grading run folded in for model-graded ones. The panel, `scalarlm-lab diff` and the exports judge a run the
// same way, from the same files; the panel feeds a live grading run's verdicts in as they land.

import type { CellOutcome, GradingError, Trust, Verdict } from '../judge';
import type { VerdictOf } from '../runs/compare-runs';
import { RunProjection, type RunItem } from '../runs/run-projection';
import type { RunStore } from '../runs/run-store';
import { CellJudge } from './cell-verdicts';
import { openTestsFile, testsFileOf, type StoredTest } from './experiment-tests-file';
import { gradesFor, gradesOf, gradingRunsOf } from './grading';

export type Grades = ReadonlyMap<string, ReadonlyMap<number, Verdict | GradingError>>;

export class RunJudgement {
  readonly judge: CellJudge;

  constructor(
    readonly tests: ReadonlyMap<number, StoredTest>,
    trust: Trust,
    /** The grading run's verdicts, by cell key (replaced as a live grading run goes). */
    public grades: Grades = new Map(),
  ) {
    this.judge = new CellJudge(tests, trust);
  }

  /** A stored run's judgement: its tests file and its newest grading run, if any. */
  static of(store: RunStore, runId: string, trust: Trust): RunJudgement {
    const [grading] = gradingRunsOf(store, runId);
    const grades = grading ? gradesOf(RunProjection.replay(store.ledgerPath(grading), { keepItems: true })) : new Map();
    return new RunJudgement(openTestsFile(testsFileOf(store.ledgerPath(runId))), trust, grades);
  }

  /** The cell's outcome; undefined for an item that is no cell or a test without assertions. */
  outcome(item: RunItem): CellOutcome | undefined {
    return item.cell ? this.judge.outcome(item, gradesFor(this.grades, item.cell)) : undefined;
  }
}

/** Pass or fail of any experiment run's cells (each run judged once, from its files), for comparing runs. */
export function storedVerdicts(store: RunStore, trust: Trust): VerdictOf {
  const judged = new Map<string, RunJudgement>();
  return (run, item) => {
    if (!run.header.experiment) return undefined;
    let judgement = judged.get(run.header.runId);
    if (!judgement) judged.set(run.header.runId, (judgement = RunJudgement.of(store, run.header.runId, trust)));
    const status = judgement.outcome(item)?.status;
    return status === 'pass' || status === 'fail' ? status : undefined;
  };
}
