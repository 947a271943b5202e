// The words of the evidence files and reports: a run summed up row by row (what a baseline file holds), and what a
// report says of a baseline gate. Types only, so every reader (records, reports, the gate) can name them.

import type { SampleChange } from '../evidence';
import type { RunItem } from '../runs/run-projection';

export const BASELINE_FORMAT = 'scalarlm-lab-baseline';
export const BASELINE_VERSION = 1;

/** A cell's samples in a word: all judged pass, some failed, or nothing judged (why). */
export type CellVerdict = 'pass' | 'fail' | 'error' | 'pending' | 'none';

export interface SummaryCell {
  verdict: CellVerdict;
  /** Samples that passed, of those judged pass or fail. */
  passed: number;
  judged: number;
  /** The judged samples' mean score, to 4 places; null when none has one. */
  score: number | null;
  /** Samples whose verdict is a person's review (good or bad), not the assertions'. */
  reviewed?: number;
}

export interface SummaryColumn {
  label: string;
  prompt: string;
  provider: string;
  /** The model or adaptor asked for; null for the deployment's default. */
  model: string | null;
  /** The models that graded its model-graded assertions, sorted (empty: none were). */
  graders: string[];
}

export interface SummaryRow {
  key: string;
  label: string;
  test: string;
  assertions: string;
  /** One per column, in the columns' order. */
  cells: SummaryCell[];
}

/** What a baseline file holds (and what a run comes to): small, with no paths or times. */
export interface RunSummary {
  format: typeof BASELINE_FORMAT;
  version: typeof BASELINE_VERSION;
  experiment: string;
  repeat: number;
  columns: SummaryColumn[];
  /** Sorted by key. */
  rows: SummaryRow[];
}

/** What a report says of the gate: its counts and, per pair of columns, the paired test in words. */
export interface BaselineReport {
  name: string;
  comparedRows: number;
  /** Rows left out of a partial comparison. */
  unmatchedRows: number;
  counts: Record<SampleChange, number>;
  paired: { column: string; baseColumn: string; text: string }[];
}


/** One sample's verdict as the summary counts it: the assertions', or a person's review where there is one. */
export interface SampleVerdict {
  status: 'pass' | 'fail' | 'error' | 'pending' | 'none';
  score: number | null;
  reason?: string;
  reviewed?: boolean;
}

export type SampleJudge = (item: RunItem) => SampleVerdict;

