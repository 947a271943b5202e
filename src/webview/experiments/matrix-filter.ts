// Which rows and columns the matrix shows: all columns or one, rows with a cell in one state (or all),
// and a search over row labels, vars, outputs and errors. With one column shown, the state and the
// search look at that column's cells only, so every row left has what was asked in view. DOM-free.

import { CELL_STATUSES, type CellStatus, type ColumnView } from '../../protocol/experiments';
import type { CellStore } from './cell-store';

export interface MatrixFilter {
  /** The one column shown; absent: all. */
  column?: number;
  /** Absent: every state. */
  status?: CellStatus;
  /** As typed; matched case-insensitively, ignoring surrounding whitespace. */
  search: string;
}

export function isCellStatus(value: unknown): value is CellStatus {
  return CELL_STATUSES.includes(value as CellStatus);
}

/** The indexes of the rows that pass, in index order. */
export function filterRows(store: CellStore, filter: MatrixFilter): number[] {
  const query = filter.search.trim().toLowerCase();
  const { status, column } = filter;
  if (status === undefined && query === '') return store.select(() => true);
  // Search texts are built on first read, so they are read only when there is a query.
  return store.select((entry) => (status === undefined || entry.hasStatus(status, column)) && (query === '' || entry.searchText(column).includes(query)));
}

/** The columns in view: every one, or the one chosen (none when it no longer exists). */
export function shownColumns(columns: readonly ColumnView[], column: number | undefined): readonly ColumnView[] {
  return column === undefined ? columns : columns.filter((candidate) => candidate.index === column);
}
