// Where a key moves the selected cell in the matrix (the ARIA grid keyboard pattern), and how far to
// scroll sideways to show a cell beside the sticky row labels. DOM-free.

import { isNavigationKey, nextPosition, type NavigationKey } from '../shared/list-navigation';

export type GridKey = NavigationKey | 'ArrowLeft' | 'ArrowRight';

export function isGridKey(key: string): key is GridKey {
  return key === 'ArrowLeft' || key === 'ArrowRight' || isNavigationKey(key);
}

/** Where the selection is: its row's place among the rows shown (as positionOf gives it) and its column's. */
export interface GridPosition {
  row: { position: number; present: boolean };
  column: number;
}

/**
 * The cell to select after `key`, as positions among the rows and columns shown; undefined when the
 * matrix shows nothing. Up, Down, Page Up and Page Down move between rows (from a row the filter hides,
 * to the next one shown either way); Left and Right between columns; Home and End to the first and last
 * cell of the row, and with Ctrl to the first cell of the first row and the last of the last. With
 * nothing selected any key starts at a corner.
 */
export function nextCell(key: GridKey, ctrl: boolean, from: GridPosition | undefined, rows: number, columns: number, pageRows: number): { row: number; column: number } | undefined {
  if (rows === 0 || columns === 0) return undefined;
  const lastColumn = columns - 1;
  const column = Math.min(Math.max(from?.column ?? 0, 0), lastColumn);
  if (key === 'ArrowLeft' || key === 'ArrowRight' || ((key === 'Home' || key === 'End') && !ctrl)) {
    const row = from === undefined ? 0 : from.row.present ? from.row.position : Math.min(from.row.position, rows - 1);
    const moved = key === 'Home' ? 0 : key === 'End' ? lastColumn : key === 'ArrowLeft' ? Math.max(0, column - 1) : Math.min(lastColumn, column + 1);
    return { row, column: from === undefined && key !== 'End' ? 0 : moved };
  }
  const row = nextPosition(key, from?.row, rows, pageRows);
  if (row === undefined) return undefined;
  return { row, column: key === 'Home' ? 0 : key === 'End' ? lastColumn : column };
}

/** The sideways scroll of the matrix and the cell to show, in the matrix's content coordinates. */
export interface SidewaysView {
  scrollLeft: number;
  /** The width the matrix shows. */
  width: number;
  /** The sticky row labels' width: cells under them are hidden. */
  labelWidth: number;
}

/** The smallest sideways scroll that shows the cell at [left, left + width) whole; the current one when it does. */
export function scrollLeftToReveal(view: SidewaysView, left: number, width: number): number {
  const visibleLeft = view.scrollLeft + view.labelWidth;
  if (left < visibleLeft) return Math.max(0, left - view.labelWidth);
  if (left + width > view.scrollLeft + view.width) return Math.max(0, Math.min(left - view.labelWidth, left + width - view.width));
  return view.scrollLeft;
}
