// eval's matrix on the terminal: the first rows of an experiment run with each cell's verdict and answer, the
// columns' pass rates, then the flaky cells and why cells failed, a line each. It fits the terminal's width.

import { isFlaky, passRateText } from '../core/evidence';
import type { RecordVerdict } from '../core/experiments/cell-records';
import { seenSplitText, type ColumnFigures } from '../core/experiments/column-figures';
import type { Seen } from '../core/experiments/evidence';
import { columnLabel, matrixOf, shorten } from '../core/experiments/experiment-matrix';
import type { StoredTest } from '../core/experiments/experiment-tests-file';
import { rowLabelIn } from '../core/experiments/row-labels';
import type { ExperimentHeader } from '../core/runs/ledger-schema';
import type { RunItem } from '../core/runs/run-projection';

/** Rows printed on stdout; the rest are in --output. */
export const TABLE_ROWS = 50;
/** Failing cells of those rows whose reasons are printed under the table, and how much of each. */
const FAILURE_LINES = 20;
const FAILURE_CHARS = 600;

/** A cell the table shows: its answer, its verdict, and for an adaptor's cell whether it was seen in training. */
export interface TableCell {
  item: RunItem;
  verdict: RecordVerdict | null;
  seen: Seen | undefined;
}

/** The narrowest a cell gets before the table gives way to one block per row. */
const MIN_CELL = 12;

/**
 * The matrix as a table that fits `width` (a terminal's columns): a row per test (the first TABLE_ROWS), a column
 * per prompt × provider, their labels on lines of their own (prompt, provider, transport and model) so that each
 * keeps a cell's width, cells cut to fit, one character spare (a line of exactly the terminal's width wraps in some).
 * Columns too many for cells of MIN_CELL give one block per row instead: the row's label, then a line per column.
 */
export function matrixTable(header: ExperimentHeader | undefined, cells: readonly TableCell[], tests: ReadonlyMap<number, StoredTest>, figures: readonly ColumnFigures[], width: number): string {
  if (!header) return '';
  const shown = new Map(cells.map((cell) => [cell.item, cell]));
  const matrix = matrixOf(cells.map(({ item }) => item));
  const rowIndices = [...matrix.keys()].sort((a, b) => a - b).slice(0, TABLE_ROWS);
  const usable = width - 1;
  const labelWidth = Math.min(30, Math.max(8, ...rowIndices.map((i) => rowLabelIn(tests, i).length)));
  const columns = header.columns.length;
  const cellWidth = Math.floor((usable - labelWidth - 3 * columns) / Math.max(1, columns));
  const judged = figures.some((f) => f.judged + f.errors > 0);
  const body = cellWidth >= MIN_CELL ? tableLines(header, matrix, shown, tests, figures, judged, rowIndices, labelWidth, cellWidth) : blockLines(header, matrix, shown, tests, figures, judged, rowIndices, usable);
  if (header.tests > TABLE_ROWS) body.push(`... ${header.tests - TABLE_ROWS} more rows (every cell is in --output).`);
  return [...body, ...flakyLines(header, matrix, shown, tests), ...failureLines(header, cells, tests)].join('\n') + '\n';
}

type Matrix = Map<number, Map<number, RunItem[]>>;

function tableLines(header: ExperimentHeader, matrix: Matrix, shown: ReadonlyMap<RunItem, TableCell>, tests: ReadonlyMap<number, StoredTest>, figures: readonly ColumnFigures[], judged: boolean, rowIndices: readonly number[], labelWidth: number, cellWidth: number): string[] {
  const line = (cells: string[]) => cells.map((cell, i) => shorten(cell, i === 0 ? labelWidth : cellWidth).padEnd(i === 0 ? labelWidth : cellWidth)).join(' │ ').trimEnd();
  const rows = [line(['', ...header.columns.map((c) => c.promptLabel)]), line(['', ...header.columns.map((c) => `× ${c.providerLabel}`)]), line(['', ...header.columns.map(transportText)])];
  if (judged) rows.push(line(['', ...figures.map(figuresText)]));
  rows.push(rows[0].padEnd(labelWidth + header.columns.length * (cellWidth + 3)).replace(/[^│]/g, '─').replace(/│/g, '┼').trimEnd());
  for (const index of rowIndices) {
    const row = matrix.get(index);
    rows.push(line([rowLabelIn(tests, index), ...header.columns.map((_, c) => cellText(row?.get(c) ?? [], shown))]));
  }
  return rows;
}

/** One block per row: its label, then each column's number, label and cell, each line cut to `width`. */
function blockLines(header: ExperimentHeader, matrix: Matrix, shown: ReadonlyMap<RunItem, TableCell>, tests: ReadonlyMap<number, StoredTest>, figures: readonly ColumnFigures[], judged: boolean, rowIndices: readonly number[], width: number): string[] {
  const lines = header.columns.map((c, i) => shorten(`[${i + 1}] ${columnLabel(c)} · ${transportText(c)}${judged && figures[i] ? ` · ${figuresText(figures[i])}` : ''}`, width));
  for (const index of rowIndices) {
    const row = matrix.get(index);
    lines.push('', shorten(rowLabelIn(tests, index), width), ...header.columns.map((_, c) => shorten(`  [${c + 1}] ${cellText(row?.get(c) ?? [], shown)}`, width)));
  }
  return lines;
}

function transportText(column: ExperimentHeader['columns'][number]): string {
  return `${column.transport} · ${column.model ?? "deployment's default"}`;
}

/** With repeats: the cells whose samples disagree (passed some times, failed others), a line each. */
function flakyLines(header: ExperimentHeader, matrix: Matrix, shown: ReadonlyMap<RunItem, TableCell>, tests: ReadonlyMap<number, StoredTest>): string[] {
  if (header.repeat < 2) return [];
  const flaky: string[] = [];
  for (const [row, cells] of [...matrix].sort(([a], [b]) => a - b)) {
    for (const [column, repeats] of [...cells].sort(([a], [b]) => a - b)) {
      const count = sampleCount(repeats, shown);
      if (count.flaky) flaky.push(`FLAKY ${rowLabelIn(tests, row)} · ${columnLabel(header.columns[column])}: passed ${count.passed} of ${count.judged} samples`);
    }
  }
  return flaky.length === 0 ? [] : ['', ...flaky.slice(0, FAILURE_LINES), ...(flaky.length > FAILURE_LINES ? [`... ${flaky.length - FAILURE_LINES} more flaky cells.`] : [])];
}

/** Why the table's failing cells failed, a line each (the cells are too narrow for it): the verdict's own reason. */
function failureLines(header: ExperimentHeader, cells: readonly TableCell[], tests: ReadonlyMap<number, StoredTest>): string[] {
  const at = ({ item }: { item: RunItem }) => item.cell as [number, number, number];
  const failing = cells.filter(({ verdict }) => verdict?.status === 'fail' || verdict?.status === 'error').sort((a, b) => at(a)[1] - at(b)[1] || at(a)[0] - at(b)[0] || at(a)[2] - at(b)[2]);
  if (failing.length === 0) return [];
  const lines = failing.slice(0, FAILURE_LINES).map(({ item, verdict }) => {
    const [column, row, repeat] = at({ item });
    const name = `${rowLabelIn(tests, row)}${repeat > 0 ? ` #${repeat + 1}` : ''} · ${columnLabel(header.columns[column])}`;
    return `${verdict?.status === 'fail' ? 'FAIL' : 'ERROR'} ${name}: ${shorten(verdict?.reason ?? '', FAILURE_CHARS)}`;
  });
  if (failing.length > FAILURE_LINES) lines.push(`... ${failing.length - FAILURE_LINES} more failing cells (every reason is in --output).`);
  return ['', ...lines];
}

/** A repeated cell's passes of its judged samples, and whether they disagree (core's flaky rule). */
function sampleCount(repeats: readonly RunItem[], shown: ReadonlyMap<RunItem, TableCell>): { passed: number; judged: number; flaky: boolean } {
  const statuses = repeats.map((item) => shown.get(item)?.verdict?.status);
  const count = { passed: statuses.filter((s) => s === 'pass').length, judged: statuses.filter((s) => s === 'pass' || s === 'fail').length };
  return { ...count, flaky: isFlaky(count) };
}

/** Before a cell an adaptor was trained on (or may have been: the deployment could not say). */
const SEEN_MARKS: Partial<Record<string, string>> = { true: '[seen] ', unknown: '[seen?] ' };

/** A cell on one line: with repeats its passes of k first ("2/3 flaky"), then each repeat's marks, verdict and output (or state), separated by " | ". */
function cellText(repeats: readonly RunItem[], shown: ReadonlyMap<RunItem, TableCell>): string {
  const text = (item: RunItem) => (item.status === 'ok' ? (item.response ?? '').replace(/\s+/g, ' ').trim() || '(empty)' : item.status === 'error' ? `[error] ${item.error ?? ''}` : `[${item.status}]`);
  const mark = (item: RunItem) => {
    const cell = shown.get(item);
    const verdict = cell?.verdict;
    return `${SEEN_MARKS[String(cell?.seen)] ?? ''}${verdict && (verdict.status === 'pass' || verdict.status === 'fail') ? `${verdict.status.toUpperCase()} ` : ''}`;
  };
  const samples = repeats.length > 1 ? sampleCount(repeats, shown) : undefined;
  const lead = samples && samples.judged > 0 ? `${samples.passed}/${samples.judged}${samples.flaky ? ' flaky' : ''} · ` : '';
  return lead + repeats.map((item) => `${mark(item)}${text(item)}`).join(' | ');
}

/**
 * "3/5 passed (60%, 23-88%) · 1 error": a column's pass rate over its judged cells, with its 95% interval; an
 * adaptor's apart over the rows unseen and seen in its training, unseen first.
 */
function figuresText(figures: ColumnFigures): string {
  const split = figures.passRate.rate === null ? undefined : seenSplitText(figures);
  const rate = split ?? (figures.passRate.rate === null ? 'nothing judged' : `${passRateText(figures.passRate).replace(' (', ' passed (')}`);
  return `${rate}${figures.errors ? ` · ${figures.errors} error${figures.errors === 1 ? '' : 's'}` : ''}`;
}
