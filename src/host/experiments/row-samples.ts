// A repeated experiment's rows, column by column: how many of the cell's samples passed of those judged, and
// whether they disagree (the core's flaky rule). Only an experiment that repeats has samples to count.

import { isFlaky } from '../../core/evidence';
import type { CellOutcome } from '../../core/judge';
import type { RunItem } from '../../core/runs/run-projection';
import type { SampleView } from '../../protocol/experiments';

/** By row, each column's samples (in column order); empty when the experiment does not repeat. */
export function rowSamples(items: Iterable<RunItem>, outcome: (item: RunItem) => CellOutcome | undefined, repeat: number): Map<number, SampleView[]> {
  const rows = new Map<number, Map<number, SampleView>>();
  if (repeat <= 1) return new Map();
  for (const item of items) {
    if (!item.cell) continue;
    const [column, row] = item.cell;
    let columns = rows.get(row);
    if (!columns) rows.set(row, (columns = new Map()));
    let count = columns.get(column);
    if (!count) columns.set(column, (count = { column, passed: 0, judged: 0, samples: 0, flaky: false }));
    count.samples++;
    const status = outcome(item)?.status;
    if (status === 'pass' || status === 'fail') count.judged++;
    if (status === 'pass') count.passed++;
  }
  const samples = new Map<number, SampleView[]>();
  for (const [row, columns] of rows) samples.set(row, [...columns.values()].sort((a, b) => a.column - b.column).map((count) => ({ ...count, flaky: isFlaky(count) })));
  return samples;
}
