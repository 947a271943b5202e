// How the reports name and order cells: a cell is its test's label (description, else its vars), "#repeat"
// after it for repeats past the first; cells sort by test, then repeat, whatever order they landed in.

import type { ExperimentHeader } from '../../runs/ledger-schema';
import type { CellRecord } from '../cell-records';
import { rowLabel } from '../experiment-matrix';
import { columnIndexer } from '../column-figures';

/** Long enough to tell tests apart by their vars, short enough for a CI summary line. */
const LABEL_WIDTH = 160;

function testLabel(test: CellRecord['test']): string {
  return rowLabel({ index: test.index, vars: test.vars, ...(test.description !== null ? { description: test.description } : {}) }, test.index, LABEL_WIDTH);
}

export function cellName(record: CellRecord): string {
  return record.repeat > 0 ? `${testLabel(record.test)} #${record.repeat}` : testLabel(record.test);
}

export function inMatrixOrder(a: CellRecord, b: CellRecord): number {
  return a.test.index - b.test.index || a.repeat - b.repeat;
}

/** Each column's cells (in the header's order), sorted by test, then repeat. */
export function cellsByColumn(records: Iterable<CellRecord>, columns: ExperimentHeader['columns']): CellRecord[][] {
  const indexOf = columnIndexer(columns);
  const byColumn = columns.map((): CellRecord[] => []);
  for (const record of records) byColumn[indexOf(record)].push(record);
  for (const cells of byColumn) cells.sort(inMatrixOrder);
  return byColumn;
}

/** The failing assertions of a judged cell: counted ones that did not pass, then informational ones that did not. */
export function failingAssertions(record: CellRecord): { type: string; reason: string; counted: boolean }[] {
  const failing = (record.verdict?.assertions ?? []).filter((a) => !a.pass && (a.status === 'fail' || a.status === 'error'));
  return [...failing.filter((a) => a.weight > 0), ...failing.filter((a) => a.weight <= 0)].map((a) => ({ type: a.type, reason: a.reason, counted: a.weight > 0 }));
}

/** Why a cell has no answer, for a reader who does not know the ledger's states. */
export function pendingReason(record: CellRecord): string {
  switch (record.status) {
    case 'pending':
      return 'pending: submitted, but unfinished when the run stopped';
    case 'unknown':
      return 'unknown: the submit failed ambiguously and the server could not say whether it holds the request';
    case 'unsent':
      return 'unsent: never submitted (the run stopped before reaching it)';
    default:
      return `grading pending: ${record.verdict?.reason ?? 'waiting for a grader verdict'}`;
  }
}
