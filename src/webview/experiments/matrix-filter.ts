// Which rows and columns the matrix shows: all columns or one, rows with a cell in one state (or all),
// rows with a cell of one verdict, rows with a cell that changed against the run compared with, rows with a
// flaky column (repeats) or one that regressed against the baseline run, a reviewed answer (or one not reviewed
// yet), and a search over row labels, vars, outputs and errors. With one column shown, every rule looks at that
// column's cells only, so every row left has what was asked in view. Each rule is met by some cell of
// the row, not necessarily the same one. DOM-free.

import { CELL_STATUSES, type CellStatus, type ColumnView, type ReviewChoice } from '../../protocol/experiments';
import type { CellStore, VerdictChoice } from './cell-store';

export interface MatrixFilter {
  /** The one column shown; absent: all. */
  column?: number;
  /** Absent: every state. */
  status?: CellStatus;
  /** Rows with a cell that passed (failed) its assertions; absent: any. Errors are a state, not a verdict. */
  verdict?: VerdictChoice;
  /** Rows with a cell that is not the same as in the run compared with. */
  changedOnly?: boolean;
  /** Rows with a column whose samples disagree. */
  flakyOnly?: boolean;
  /** Rows with a column that regressed against the experiment's baseline run. */
  regressedOnly?: boolean;
  /** Rows with a reviewed answer, or with an answer not reviewed yet; absent: any. */
  review?: ReviewChoice;
  /** As typed; matched case-insensitively, ignoring surrounding whitespace. */
  search: string;
}

export function isCellStatus(value: unknown): value is CellStatus {
  return CELL_STATUSES.includes(value as CellStatus);
}

export function isVerdictChoice(value: unknown): value is VerdictChoice {
  return value === 'pass' || value === 'fail';
}

export function isReviewChoice(value: unknown): value is ReviewChoice {
  return value === 'reviewed' || value === 'unreviewed';
}

/** The indexes of the rows that pass, in index order. */
export function filterRows(store: CellStore, filter: MatrixFilter): number[] {
  const query = filter.search.trim().toLowerCase();
  const { status, verdict, review, column } = filter;
  const changedOnly = filter.changedOnly === true;
  const flakyOnly = filter.flakyOnly === true;
  const regressedOnly = filter.regressedOnly === true;
  if (status === undefined && verdict === undefined && !changedOnly && !flakyOnly && !regressedOnly && review === undefined && query === '') return store.select(() => true);
  // Search texts are built on first read, so they are read only when there is a query.
  return store.select(
    (entry) =>
      (status === undefined || entry.hasStatus(status, column)) &&
      (verdict === undefined || entry.hasVerdict(verdict, column)) &&
      (!changedOnly || entry.hasChange(column)) &&
      (!flakyOnly || entry.isFlaky(column)) &&
      (!regressedOnly || entry.hasBaselineChange('regressed', column)) &&
      (review === undefined || entry.hasReview(review, column)) &&
      (query === '' || entry.searchText(column).includes(query)),
  );
}

/** Whether a filter could take or drop rows when rows' marks change (samples judged, the baseline compared anew). */
export function filtersByMarks(filter: MatrixFilter): boolean {
  return filter.flakyOnly === true || filter.regressedOnly === true;
}

/** Whether a filter could take or drop rows when cells change (their states, verdicts, changes, reviews or texts). */
export function filtersByCells(filter: MatrixFilter): boolean {
  return filter.status !== undefined || filter.verdict !== undefined || filter.changedOnly === true || filter.review !== undefined || filter.search.trim() !== '';
}

/** The columns in view: every one, or the one chosen (none when it no longer exists). */
export function shownColumns(columns: readonly ColumnView[], column: number | undefined): readonly ColumnView[] {
  return column === undefined ? columns : columns.filter((candidate) => candidate.index === column);
}
