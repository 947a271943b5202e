// What the experiment panel knows of its cells beyond their answers: each cell's verdict (its assertions, and the
// newest grading run's verdicts, followed live while it goes) and, when the user compares, each cell against
// the same cell of another run, or the cells of one column against the baseline column's in their rows; and, for
// a trained adaptor's column, whether each cell's input was in its training data (asked of the deployment once),
// and so which rows a comparison of that column judges: its held-out rows by default (the core's rule), every
// row when asked.
// Verdicts are kept per item until its answer or its grades change, so the column figures can be recounted
// often. A person's reviews of the answers come from the panel's reviews (review-view.ts). No 'vscode' import:
// it is unit-tested on Node.

import { cellKey } from '../../core/experiments/experiment-cells';
import { RunJudgement } from '../../core/experiments/run-judgement';
import { gradesOf, gradingRunsOf } from '../../core/experiments/grading';
import { type StoredTest } from '../../core/experiments/experiment-tests-file';
import { type Trust } from '../../core/experiments/run-experiment';
import { cellRecords, type RecordVerdict } from '../../core/experiments/cell-records';
import { recordVerdict } from '../../core/experiments/cell-verdicts';
import { columnFigures } from '../../core/experiments/column-figures';
import { adaptorColumns, judgedRows, SeenInTraining, type JudgedRows, type Seen } from '../../core/experiments/evidence';
import type { ScalarLMClient } from '../../core/api/client';
import type { CellOutcome } from '../../core/judge';
import type { LedgerLine } from '../../core/runs/ledger-file';
import { compareColumns, compareRuns, type CellComparison, type RunComparison, type VerdictOf } from '../../core/runs/compare-runs';
import { RunProjection, type RunItem } from '../../core/runs/run-projection';
import type { RunStore } from '../../core/runs/run-store';
import type { CellChange, ColumnView, ComparisonView, ExperimentProgressView, ReviewView } from '../../protocol/experiments';
import { comparisonEvidence, judgedRowsView } from './comparison-evidence';
import { disagreeingRows, experimentHeaderView, type CellJudging } from './experiment-view-model';

/** Column `other` against the baseline column `base`; `allRows`: every row judged, not only an adaptor's held-out rows. */
interface ColumnsCompared {
  base: number;
  other: number;
  allRows: boolean;
}

interface Known {
  item: RunItem;
  outcome: CellOutcome | undefined;
}

export class PanelJudging implements CellJudging {
  private readonly judgement: RunJudgement;
  /** The newest grading run, followed; `touched`: its items changed by lines not yet looked at. */
  private grading: { runId: string; projection: RunProjection; touched: RunItem[] } | undefined;
  private readonly known = new Map<number, Known>();
  /** What is compared with: another run, or the baseline column of this one; each cell's change by item index. */
  private comparing: { against: RunProjection | ColumnsCompared; cells: Map<number, CellComparison>; view: ComparisonView } | undefined;
  private seenMarks = SeenInTraining.NONE;
  /** The deployment is being asked which cells were seen in training. */
  private askingSeen = false;

  constructor(
    private readonly store: RunStore,
    runId: string,
    tests: ReadonlyMap<number, StoredTest>,
    trust: Trust,
    private readonly reviews?: Pick<CellJudging, 'review'>,
  ) {
    this.judgement = new RunJudgement(tests, trust);
    const [newest] = gradingRunsOf(store, runId);
    if (newest) this.followGrading(newest);
  }

  outcome(item: RunItem): CellOutcome | undefined {
    const known = this.known.get(item.index);
    // A projection replaces an item when its state changes: the same object is the same answer.
    if (known?.item === item) return known.outcome;
    const outcome = this.judgement.outcome(item);
    this.known.set(item.index, { item, outcome });
    return outcome;
  }

  verdict(item: RunItem): RecordVerdict | null {
    return recordVerdict(this.outcome(item));
  }

  change(item: RunItem): CellChange | undefined {
    return this.comparing?.cells.get(item.index)?.change;
  }

  compared(item: RunItem): RunItem | undefined {
    return this.comparing?.cells.get(item.index)?.other;
  }

  seen(item: RunItem): Seen | undefined {
    return this.seenMarks.of(item);
  }

  /**
   * Asks the deployment (or the runs folder's cache) which adaptor cells were seen in training; false when the
   * run has no adaptor column, so nothing on the page changes.
   */
  async learnSeen(api: ScalarLMClient, runsDir: string, run: RunProjection, signal?: AbortSignal): Promise<boolean> {
    const header = run.header.experiment;
    if (!header) return false;
    const wanted = SeenInTraining.wantsRendering(header);
    // Set before the first await: a comparison counted meanwhile says the deployment is being asked.
    this.askingSeen = true;
    try {
      this.seenMarks = await SeenInTraining.of(api, runsDir, header, run.items.filter(wanted), signal);
    } finally {
      this.askingSeen = false;
    }
    return this.seenMarks !== SeenInTraining.NONE;
  }

  review(item: RunItem): ReviewView | undefined {
    return this.reviews?.review?.(item);
  }

  get comparison(): ComparisonView | undefined {
    return this.comparing?.view;
  }

  /**
   * Lines of a grading run of this experiment: followed (a newer grading run replaces an older one), and the
   * keys of the cells whose verdicts they changed returned (their views are to be sent again).
   */
  gradingLines(gradingRunId: string, lines: readonly LedgerLine[]): Set<string> {
    const changed = new Set<string>();
    if (this.grading?.runId !== gradingRunId) {
      // Another grading run: what it has on disk already is read with it, so every cell either grades changes.
      for (const key of this.judgement.grades.keys()) changed.add(key);
      this.followGrading(gradingRunId);
      for (const key of this.judgement.grades.keys()) changed.add(key);
    }
    const grading = this.grading as NonNullable<typeof this.grading>;
    for (const { event, offset, next } of lines) grading.projection.apply(event, offset, next);
    for (const item of grading.touched.splice(0)) if (item.cell) changed.add(cellKey(item.cell[0], item.cell[1], item.cell[2]));
    if (changed.size > 0) this.regrade(changed);
    return changed;
  }

  /** How grading goes: graded so far of all; undefined without a grading run. */
  gradingProgress(live: (runId: string) => boolean): ExperimentProgressView['grading'] {
    if (!this.grading) return undefined;
    const { projection, runId } = this.grading;
    const counts = { ok: 0, error: 0, other: 0 };
    for (const item of projection.items) counts[item.status === 'ok' || item.status === 'error' ? item.status : 'other']++;
    return { graded: counts.ok + counts.error, total: projection.items.length, phase: live(runId) ? 'running' : (projection.state.end?.reason ?? 'stopped') };
  }

  /** Compares this run (as it is now) with another stored run; their cells' changes are then known. */
  compareWith(run: RunProjection, otherRunId: string, verdictOf: VerdictOf): ComparisonView {
    const other = RunProjection.replay(this.store.ledgerPath(otherRunId), { keepItems: true });
    this.comparing = { against: other, cells: new Map(), view: { kind: 'run', runId: otherRunId, title: other.header.title ?? otherRunId, createdAt: other.header.createdAt, counts: noChanges(), ...comparisonEvidence() } };
    this.recompare(run, verdictOf);
    return this.comparing.view;
  }

  /**
   * Compares column `other` of this run with the baseline column `base`: the changes are other's cells'. When
   * other is a trained adaptor's, on its held-out rows only unless `allRows`.
   */
  compareColumns(run: RunProjection, base: number, other: number, options: { allRows?: boolean } = {}): ComparisonView {
    this.comparing = { against: { base, other, allRows: options.allRows === true }, cells: new Map(), view: { kind: 'columns', base, other, counts: noChanges(), ...comparisonEvidence() } };
    this.recompare(run, () => undefined);
    return this.comparing.view;
  }

  /**
   * The comparison counted again (this run's cells moved on, or were graded); `verdictOf` judges another run's cells.
   * Returns the cells whose change is not what it was: the page gets them with the new counts, so a cell's mark and
   * the Changed filter never keep a change the bar no longer counts (a cell pending, since answered or graded).
   */
  recompare(run: RunProjection, verdictOf: VerdictOf): RunItem[] {
    if (!this.comparing) return [];
    const before = this.comparing.cells;
    const mine: VerdictOf = (of, item) => {
      if (of !== run) return verdictOf(of, item);
      const status = this.outcome(item)?.status;
      return status === 'pass' || status === 'fail' ? status : undefined;
    };
    const { against, view } = this.comparing;
    let comparison: RunComparison;
    if (against instanceof RunProjection) {
      comparison = compareRuns(against, run, mine);
      this.comparing.view = { ...view, counts: comparison.counts, ...comparisonEvidence(comparison) };
    } else {
      // Rows left out (seen in training) are in no count and carry no change: the bar, the marks and the Changed filter agree.
      const judged = this.judgedRows(run, against);
      comparison = compareColumns(run, against.base, against.other, mine, judged === 'asking' ? undefined : judged.rows);
      const rows = judgedRowsView(judged);
      this.comparing.view = { kind: 'columns', base: against.base, other: against.other, counts: comparison.counts, ...comparisonEvidence(comparison), ...(rows ? { rows } : {}) };
    }
    const after = new Map(comparison.cells.map((cell) => [cell.item.index, cell]));
    this.comparing.cells = after;
    return run.items.filter((item) => before.get(item.index)?.change !== after.get(item.index)?.change);
  }

  /** The rows a column comparison judges; 'asking' while the deployment is first asked of an adaptor's column. */
  private judgedRows(run: RunProjection, against: ColumnsCompared): JudgedRows | 'asking' {
    const header = run.header.experiment;
    const firstAsked = this.askingSeen && !this.seenMarks.isAdaptor(against.other);
    if (firstAsked && header && adaptorColumns(header).includes(against.other)) return 'asking';
    return judgedRows(run.items, against.other, this.seenMarks, { allRows: against.allRows });
  }

  clearComparison(): void {
    this.comparing = undefined;
  }

  /** The columns with their figures, and which rows have columns that disagree. */
  judged(run: RunProjection, sourceLabel: string): { columns: ColumnView[]; disagree: Set<number> } {
    const header = run.header.experiment;
    const figures = header ? columnFigures(cellRecords(run, this.judgement.tests, (item) => this.verdict(item), { seenOf: (item) => this.seen(item) }), header.columns) : [];
    const columns = experimentHeaderView(run, sourceLabel, figures).columns;
    return { columns, disagree: disagreeingRows(run.items, (item) => this.outcome(item)) };
  }

  private followGrading(gradingRunId: string): void {
    const touched: RunItem[] = [];
    const projection = new RunProjection({ keepItems: true, onItems: (items) => touched.push(...items) });
    projection.read(this.store.ledgerPath(gradingRunId));
    touched.length = 0;
    this.grading = { runId: gradingRunId, projection, touched };
    this.judgement.grades = gradesOf(projection);
    this.known.clear();
  }

  /** Grades read again; the verdicts of the cells they changed are forgotten (judged again when asked). */
  private regrade(cells: ReadonlySet<string>): void {
    if (!this.grading) return;
    this.judgement.grades = gradesOf(this.grading.projection);
    for (const [index, { item }] of this.known) if (item.cell && cells.has(cellKey(item.cell[0], item.cell[1], item.cell[2]))) this.known.delete(index);
  }
}

function noChanges(): ComparisonView['counts'] {
  return { same: 0, changed: 0, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 };
}
