// How an experiment's run reads as a matrix: rows are its tests (labelled by description, else by their
// vars), columns are prompt x provider, and each cell one answer per repeat. The CLI's table and the
// editor's panel both read it this way.

import type { ExperimentHeader } from '../runs/ledger-schema';
import type { RunItem } from '../runs/run-projection';
import type { StoredTest } from './experiment-tests-file';

/** "description", else "name=Ada, city=Paris" (long values shortened), at most `width` characters. */
export function rowLabel(test: StoredTest | undefined, index: number, width = 60): string {
  const text = test?.description ?? (test && Object.keys(test.vars).length > 0 ? Object.entries(test.vars).map(([name, value]) => `${name}=${valueText(value, 24)}`).join(', ') : `test ${index + 1}`);
  return shorten(text, width);
}

export function columnLabel(column: ExperimentHeader['columns'][number]): string {
  return `${column.promptLabel} × ${column.providerLabel}`;
}

/** A var as one line of text: strings as they are, other values as JSON; shortened to `width`. */
export function valueText(value: unknown, width = Infinity): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return shorten(text.replace(/\s+/g, ' '), width);
}

export function shorten(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}

/** The run's cells by row, then column: each cell's repeats in order. */
export function matrixOf(items: Iterable<RunItem>): Map<number, Map<number, RunItem[]>> {
  const rows = new Map<number, Map<number, RunItem[]>>();
  for (const item of items) {
    if (!item.cell) continue;
    const [column, test, repeat] = item.cell;
    let row = rows.get(test);
    if (!row) rows.set(test, (row = new Map()));
    const cell = row.get(column) ?? [];
    cell[repeat] = item;
    row.set(column, cell);
  }
  return rows;
}
