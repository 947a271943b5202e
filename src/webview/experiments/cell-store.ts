// The experiment's matrix as the page holds it: the rows in index order, each with its cells by column
// and repeat. A change makes new objects along its path (the cell, its column's list, its row), so the
// grid tells by identity which rows and which cells to rewrite. DOM-free, so the Node unit tests cover it.

import type { BaselineChange, CellStatus, CellView, ColumnView, ReviewChoice, RowMarksView, RowView } from '../../protocol/experiments';

/** A verdict the filter can ask for. */
export type VerdictChoice = 'pass' | 'fail';

/** One column's cells of a row, by repeat; a hole where the host sent no cell. */
export type CellStack = readonly (CellView | undefined)[];

/** A row with its cells, and search texts built on first use. */
export class StoredRow {
  private readonly searchTexts = new Map<number | 'all', string>();

  /** `cells[column][repeat]`. */
  constructor(
    readonly row: RowView,
    readonly cells: readonly CellStack[],
  ) {}

  cellsOf(column: number): CellStack {
    return this.cells[column] ?? [];
  }

  /** Whether a cell of `column` (of any column when absent) is in `status`. */
  hasStatus(status: CellStatus, column?: number): boolean {
    return this.someCell((cell) => cell.status === status, column);
  }

  /** Whether a cell of `column` (of any column when absent) has this verdict. */
  hasVerdict(verdict: VerdictChoice, column?: number): boolean {
    return this.someCell((cell) => cell.verdict?.status === verdict, column);
  }

  /** Whether a cell of `column` (of any column when absent) has a reviewed answer, or an answer not reviewed yet. */
  hasReview(choice: ReviewChoice, column?: number): boolean {
    return this.someCell((cell) => (choice === 'reviewed' ? cell.review !== undefined : cell.status === 'ok' && cell.review === undefined), column);
  }

  /** Whether a cell of `column` (of any column when absent) differs from the run compared with. */
  hasChange(column?: number): boolean {
    return this.someCell((cell) => cell.change !== undefined && cell.change !== 'same', column);
  }

  /** Whether the samples of `column` (of any column when absent) disagree. */
  isFlaky(column?: number): boolean {
    return (this.row.samples ?? []).some((sample) => sample.flaky && (column === undefined || sample.column === column));
  }

  /** Whether `column` (any column when absent) has this change against the baseline. */
  hasBaselineChange(change: BaselineChange, column?: number): boolean {
    return (this.row.baseline ?? []).some((mark) => mark.change === change && (column === undefined || mark.column === column));
  }

  private someCell(test: (cell: CellView) => boolean, column: number | undefined): boolean {
    const stacks = column === undefined ? this.cells : [this.cellsOf(column)];
    return stacks.some((stack) => stack.some((cell) => cell !== undefined && test(cell)));
  }

  /** The row's label and vars with the outputs and errors of `column` (of every column when absent), lowercase. */
  searchText(column?: number): string {
    const key = column ?? 'all';
    let text = this.searchTexts.get(key);
    if (text === undefined) {
      const stacks = column === undefined ? this.cells : [this.cellsOf(column)];
      const answers = stacks.flatMap((stack) => stack.flatMap((cell) => (cell === undefined ? [] : [cell.output ?? '', cell.error ?? ''])));
      text = [this.row.label, ...Object.values(this.row.vars), ...answers].join('\n').toLowerCase();
      this.searchTexts.set(key, text);
    }
    return text;
  }
}

export class CellStore {
  private columnCount = 0;
  /** Sorted by row index: filtering walks it in order, so filtered lists come out sorted too. */
  private entries: StoredRow[] = [];
  private readonly positionByRow = new Map<number, number>();

  get size(): number {
    return this.entries.length;
  }

  /**
   * Replaces everything (an `init`). A cell of a row the host did not list gets a row of its own
   * (labelled by its number); cells of a column the header does not have are dropped: nothing could show them.
   */
  replaceAll(columns: readonly ColumnView[], rows: readonly RowView[], cells: readonly CellView[]): void {
    this.columnCount = columns.reduce((count, column) => Math.max(count, column.index + 1), 0);
    const byRow = groupByRow(cells);
    const known = new Set(rows.map((row) => row.index));
    const unknown = [...byRow.keys()].filter((index) => !known.has(index)).map(placeholderRow);
    this.entries = [...rows, ...unknown].map((row) => new StoredRow(row, withCells(emptyStacks(this.columnCount), byRow.get(row.index) ?? [])));
    this.reindex();
  }

  /** Puts changed cells in place, adding a row for a cell of a row the page does not know. */
  upsert(cells: readonly CellView[]): void {
    let added = false;
    const byRow = groupByRow(cells);
    for (const [index, rowCells] of byRow) {
      const position = this.positionByRow.get(index);
      if (position === undefined) {
        this.entries.push(new StoredRow(placeholderRow(index), withCells(emptyStacks(this.columnCount), rowCells)));
        added = true;
      } else {
        const entry = this.entries[position];
        this.entries[position] = new StoredRow(entry.row, withCells(entry.cells, rowCells));
      }
    }
    if (added) this.reindex();
  }

  /**
   * A row's marks anew (its columns disagree or no longer do, its samples' passes, its changes against the
   * baseline). Only the rows whose marks changed get new objects (with their cells kept), so the grid redraws
   * their labels and marks and nothing else. Returns their indexes.
   */
  setRowMarks(rows: readonly RowMarksView[]): number[] {
    const changed: number[] = [];
    for (const { index, disagree, samples, baseline } of rows) {
      const position = this.positionByRow.get(index);
      if (position === undefined) continue;
      const entry = this.entries[position];
      const { disagree: _disagree, samples: _samples, baseline: _baseline, ...own } = entry.row;
      const row: RowView = { ...own, ...(disagree ? { disagree } : {}), ...(samples ? { samples } : {}), ...(baseline ? { baseline } : {}) };
      if (marksOf(row) === marksOf(entry.row)) continue;
      this.entries[position] = new StoredRow(row, entry.cells);
      changed.push(index);
    }
    return changed;
  }

  /** The columns with a cell that has a verdict (so the experiment judges them). */
  columnsWithVerdicts(): Set<number> {
    const columns = new Set<number>();
    for (const entry of this.entries) {
      entry.cells.forEach((stack, column) => {
        if (!columns.has(column) && stack.some((cell) => cell?.verdict !== undefined)) columns.add(column);
      });
      if (columns.size === this.columnCount) break;
    }
    return columns;
  }

  entry(row: number): StoredRow | undefined {
    const position = this.positionByRow.get(row);
    return position === undefined ? undefined : this.entries[position];
  }

  cell(row: number, column: number, repeat: number): CellView | undefined {
    return this.entry(row)?.cellsOf(column)[repeat];
  }

  /** Indexes of the rows `keep` accepts, in index order. */
  select(keep: (entry: StoredRow) => boolean): number[] {
    const selected: number[] = [];
    for (const entry of this.entries) if (keep(entry)) selected.push(entry.row.index);
    return selected;
  }

  private reindex(): void {
    this.entries.sort((a, b) => a.row.index - b.row.index);
    this.positionByRow.clear();
    this.entries.forEach((entry, position) => this.positionByRow.set(entry.row.index, position));
  }
}

/** A row's marks as one text, to tell whether they changed. */
function marksOf(row: RowView): string {
  return JSON.stringify([row.disagree === true, row.samples ?? [], row.baseline ?? []]);
}

function groupByRow(cells: readonly CellView[]): Map<number, CellView[]> {
  const byRow = new Map<number, CellView[]>();
  for (const cell of cells) {
    const list = byRow.get(cell.row);
    if (list === undefined) byRow.set(cell.row, [cell]);
    else list.push(cell);
  }
  return byRow;
}

function emptyStacks(columns: number): CellStack[] {
  return Array.from({ length: columns }, () => []);
}

/** `stacks` with `cells` put in: new lists for the columns that change, the others shared. */
function withCells(stacks: readonly CellStack[], cells: readonly CellView[]): CellStack[] {
  const next = [...stacks];
  const copied = new Set<number>();
  for (const cell of cells) {
    if (cell.column < 0 || cell.column >= next.length || cell.repeat < 0) continue;
    if (!copied.has(cell.column)) {
      next[cell.column] = [...next[cell.column]];
      copied.add(cell.column);
    }
    (next[cell.column] as (CellView | undefined)[])[cell.repeat] = cell;
  }
  return next;
}

function placeholderRow(index: number): RowView {
  return { index, label: `Row ${index + 1}`, vars: {} };
}

/** A cell by its place in the matrix. */
export interface CellRef {
  row: number;
  column: number;
  repeat: number;
}

export function sameCell(a: CellRef | undefined, b: CellRef | undefined): boolean {
  return a !== undefined && b !== undefined && a.row === b.row && a.column === b.column && a.repeat === b.repeat;
}
