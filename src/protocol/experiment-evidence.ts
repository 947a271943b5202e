// What the experiment panel shows as evidence, each figure computed by the host (src/core/evidence and the
// baseline gate) and only shown by the page: the paired test of a comparison, whether the compared answers are
// the same text, which rows a comparison of an adaptor's column judges, each row's passes of its repeated
// samples, and each row's change against the experiment's baseline run. Both sides compile this file; it imports
// nothing (types only).

/** The exact McNemar test over the cells judged pass or fail on both sides of a comparison. */
export interface PairedView {
  outcome: 'better' | 'worse' | 'no-difference';
  /** Pairs judged on both sides. */
  rows: number;
  /** Failed on the baseline side, passed on the other (and the other way round). */
  better: number;
  worse: number;
  pValue: number;
  /** The verdict in words: "better beyond noise (p = 0.016, exact McNemar over 6 rows)". */
  text: string;
  /** Which way the differing rows went: "better on 3 rows, worse on 0". */
  discordant: string;
}

/** Over the compared pairs that answered on both sides: how many gave the same text, and whether all did. */
export interface SameAnswersView {
  answered: number;
  same: number;
  /** Every answered pair is the same text (and there is one): the other side answers like its baseline. */
  alike: boolean;
}

/**
 * Which rows a comparison of a trained adaptor's column judges. `judging`: what is judged now, so which the user
 * can switch to (the held-out rows, those known unseen in its training; or every row); absent when there is no
 * choice (no row is known seen in training, or the deployment is still being asked).
 */
export interface JudgedRowsView {
  /** The host's words: "Judged on the 3 held-out rows the adaptor was not trained on (3 seen in training left out)". */
  text: string;
  judging?: 'held-out' | 'every-row';
}

/** One column of a row with repeats: its passes of its samples, and whether they disagree. */
export interface SampleView {
  column: number;
  passed: number;
  /** Samples judged pass or fail. */
  judged: number;
  /** Samples in all (errors and pending ones too). */
  samples: number;
  /** Some samples passed and some failed. */
  flaky: boolean;
}

/**
 * A row's column against the same row of the baseline run, by the baseline gate's rule: `regressed` / `improved`
 * (fewer or more passes beyond chance; with one sample, a pass now a fail or the other way round), `fewer-passes`
 * / `more-passes` (within chance), `same`, `unjudged` (a side has nothing judged).
 */
export type BaselineChange = 'regressed' | 'improved' | 'fewer-passes' | 'more-passes' | 'same' | 'unjudged';

export interface BaselineMark {
  column: number;
  change: BaselineChange;
}

/** What the row shows beyond its cells; a row absent from an update has none of it. */
export interface RowMarksView {
  index: number;
  /** Some columns pass this row and others fail it. */
  disagree: boolean;
  /** With repeats: each column's passes of its samples. */
  samples?: SampleView[];
  /** Against the baseline run: each column's change. */
  baseline?: BaselineMark[];
}

/** The baseline run of this run's experiment as the panel sees it; absent when the experiment has none. */
export type BaselineView =
  | { state: 'this-run'; experiment: string }
  | { state: 'missing'; runId: string; experiment: string }
  | { state: 'unreadable'; problem: string }
  | { state: 'incomparable'; runId: string; title: string; createdAt: string; problems: string[] }
  | BaselineComparedView;

export interface BaselineComparedView {
  state: 'compared';
  runId: string;
  title: string;
  createdAt: string;
  /** Cells (a row's column) by their change. */
  counts: Record<BaselineChange, number>;
  /** Rows compared. */
  rows: number;
  /** Per column of this run, the paired test against its baseline column. */
  paired: { column: number; test: PairedView }[];
}
