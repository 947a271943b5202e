// The matrix: an ARIA grid with a sticky header row (one header per column: prompt, provider, model,
// transport and the column's figures) and sticky row labels, virtualized by rows (shared/virtual-rows.ts): only the rows in view
// and an overscan exist in the DOM, whatever the row count. The grid keeps focus and points
// aria-activedescendant at the selected cell; arrow keys move the selection, Enter opens it.

import type { ColumnView } from '../../protocol/experiments';
import { element } from '../shared/dom';
import { listenToListKeys } from '../shared/list-keys';
import { positionOf } from '../shared/list-navigation';
import { createVirtualRows } from '../shared/virtual-rows';
import { rowsPerPage } from '../shared/virtual-window';
import type { CellRef, StoredRow } from './cell-store';
import { createColumnHeader, type ColumnHeader } from './column-header';
import { isGridKey, nextCell, scrollLeftToReveal } from './grid-navigation';
import { createMatrixRow, type MatrixRow } from './matrix-row';

export interface MatrixCallbacks {
  entry(row: number): StoredRow | undefined;
  /** A cell was chosen: `open` when by click (the detail is asked for at once), not by the arrow keys. */
  select(cell: CellRef, open: boolean): void;
  /** Enter on the selected cell. */
  open(): void;
  /** Escape with a cell selected: its detail closes. */
  close(): void;
  scrolled(scrollTop: number): void;
}

export interface MatrixView {
  readonly element: HTMLElement;
  /** The columns shown and how many answers each cell holds. Rebuilds the header and every row. */
  setColumns(columns: readonly ColumnView[], repeat: number): void;
  /** The filtered row indexes, in order. Keeps the scroll position. */
  setRows(rows: readonly number[]): void;
  /** Cells or rows changed in the store: redraws the ones in view that did. */
  refresh(): void;
  /** Each column's figures line, by column index: rewrites the headers' lines in place. */
  showFigures(figures: ReadonlyMap<number, string>): void;
  setSelected(cell: CellRef | undefined): void;
  /** Scrolls so the selected cell shows whole. */
  revealSelected(): void;
  /** Scrolls sideways so the column (by index) shows whole beside the row labels, when it is shown. */
  revealColumn(column: number): void;
  scrollTo(scrollTop: number): void;
}

export function createMatrixView(callbacks: MatrixCallbacks, signal: AbortSignal): MatrixView {
  const root = element('div', 'matrix');
  root.id = 'matrix';
  root.tabIndex = 0;
  root.setAttribute('role', 'grid');
  root.setAttribute('aria-label', 'Experiment matrix');
  root.setAttribute('aria-readonly', 'true');
  const headGroup = element('div', 'matrix-head');
  headGroup.setAttribute('role', 'rowgroup');
  const head = element('div', 'matrix-head-row');
  head.setAttribute('role', 'row');
  head.setAttribute('aria-rowindex', '1');
  headGroup.append(head);
  const spacer = element('div', 'matrix-spacer');
  spacer.setAttribute('role', 'rowgroup');
  const empty = element('p', 'matrix-empty', 'No rows match.');
  empty.hidden = true;
  root.append(headGroup, spacer, empty);

  let columns: readonly ColumnView[] = [];
  let repeat = 1;
  let rows: readonly number[] = [];
  let selected: CellRef | undefined;
  let figures: ReadonlyMap<number, string> = new Map();
  let headers: { column: number; header: ColumnHeader }[] = [];

  const virtual = createVirtualRows<MatrixRow>(
    root,
    spacer,
    {
      createRow: () => createMatrixRow(columns, repeat),
      update(row, position, placed) {
        if (placed) row.element.setAttribute('aria-rowindex', String(position + 2));
        const entry = callbacks.entry(rows[position]);
        if (entry !== undefined && row.entry !== entry) row.fill(entry);
        row.markSelected(selected);
      },
      rendered: updateActiveDescendant,
      scrolled: callbacks.scrolled,
    },
    { fallbackRowHeight: 96, stickyHeader: headGroup },
    signal,
  );

  function renderHead(): void {
    const corner = element('div', 'corner', 'Test');
    corner.setAttribute('role', 'columnheader');
    corner.setAttribute('aria-colindex', '1');
    headers = columns.map((column, position) => ({ column: column.index, header: createColumnHeader(column, position, figures.get(column.index) ?? '') }));
    head.replaceChildren(corner, ...headers.map(({ header }) => header.element));
  }

  function renderedRow(row: number): MatrixRow | undefined {
    for (const [, candidate] of virtual.rows()) if (candidate.entry?.row.index === row) return candidate;
    return undefined;
  }

  function updateActiveDescendant(): void {
    const cell = selected === undefined ? undefined : renderedRow(selected.row)?.cellElement(selected.column);
    if (cell !== undefined) root.setAttribute('aria-activedescendant', cell.id);
    else root.removeAttribute('aria-activedescendant');
  }

  root.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element;
      const cell = target.closest<HTMLElement>('.cell');
      if (cell === null) return;
      const line = target.closest<HTMLElement>('.repeat-line');
      callbacks.select({ row: Number(cell.dataset.row), column: Number(cell.dataset.column), repeat: line === null ? 0 : Number(line.dataset.repeat) }, true);
      root.focus({ preventScroll: true });
    },
    { signal },
  );

  listenToListKeys(
    root,
    {
      isMoveKey: isGridKey,
      hasSelection: () => selected !== undefined,
      open: () => callbacks.open(),
      close: () => callbacks.close(),
      ctrlMoves: true,
      move: (key, ctrl) => {
        const from = selected === undefined ? undefined : { row: positionOf(rows, selected.row), column: Math.max(0, columns.findIndex((column) => column.index === selected?.column)) };
        const next = nextCell(key, ctrl, from, rows.length, columns.length, rowsPerPage(virtual.viewport()));
        if (next === undefined) return;
        // The repeat carries over, so Down walks the same repeat of each row; the detail pane switches repeats.
        callbacks.select({ row: rows[next.row], column: columns[next.column].index, repeat: selected?.repeat ?? 0 }, false);
      },
    },
    signal,
  );

  return {
    element: root,
    setColumns(next, nextRepeat) {
      columns = next;
      repeat = Math.max(1, nextRepeat);
      root.style.setProperty('--columns', String(columns.length));
      root.setAttribute('aria-colcount', String(columns.length + 1));
      root.dataset.columnsShown = String(columns.length);
      renderHead();
      virtual.discardRows();
    },
    setRows(next) {
      const same = next.length === rows.length && next.every((row, position) => row === rows[position]);
      rows = next;
      root.dataset.filteredCount = String(rows.length);
      root.setAttribute('aria-rowcount', String(rows.length + 1));
      empty.hidden = rows.length > 0;
      // The same rows in the same places: only cells changed, and the rows in view redraw those.
      if (same) virtual.render();
      else virtual.setCount(rows.length);
    },
    refresh() {
      virtual.render();
    },
    showFigures(next) {
      figures = next;
      for (const { column, header } of headers) header.showFigures(figures.get(column) ?? '');
    },
    setSelected(cell) {
      selected = cell;
      for (const [, row] of virtual.rows()) row.markSelected(selected);
      updateActiveDescendant();
    },
    revealSelected() {
      if (selected === undefined) return;
      const { position, present } = positionOf(rows, selected.row);
      if (!present) return;
      virtual.reveal(position);
      const row = renderedRow(selected.row);
      const cell = row?.cellElement(selected.column);
      if (row === undefined || cell === undefined) return;
      const left = scrollLeftToReveal({ scrollLeft: root.scrollLeft, width: root.clientWidth, labelWidth: row.labelWidth() }, cell.offsetLeft, cell.offsetWidth);
      if (left !== root.scrollLeft) root.scrollLeft = left;
      updateActiveDescendant();
    },
    revealColumn(column) {
      const header = headers.find((candidate) => candidate.column === column)?.header.element;
      if (header === undefined) return;
      const labelWidth = head.firstElementChild?.getBoundingClientRect().width ?? 0;
      const left = scrollLeftToReveal({ scrollLeft: root.scrollLeft, width: root.clientWidth, labelWidth }, header.offsetLeft, header.offsetWidth);
      if (left !== root.scrollLeft) root.scrollLeft = left;
    },
    scrollTo(scrollTop) {
      virtual.scrollTo(scrollTop);
    },
  };
}
