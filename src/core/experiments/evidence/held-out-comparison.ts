// Which rows a comparison of a trained adaptor's column judges on. An adaptor judged on the rows it was trained on
// can pass them by memorising them, so when some of its cells were seen in training the comparison takes the rows
// it was not trained on (its held-out rows): those whose every cell of the column is known unseen. Rows seen in
// training, and rows the deployment could not say for, are left out and counted. Asked for, every row is judged.
// When no cell is known seen (the column is no adaptor's, or nothing was trained on these rows, or the deployment
// could not say for any) every row is judged, and that is said.

import type { RunItem } from '../../runs/run-projection';
import type { SeenInTraining } from './seen-in-training';

export interface JudgedRows {
  /** The rows (tests) judged; undefined: every row. */
  rows: ReadonlySet<number> | undefined;
  /** Rows of the column seen in training, and rows it is unknown for. */
  seen: number;
  unknown: number;
  /** Rows known unseen: the held-out rows. */
  unseen: number;
}

export function judgedRows(items: Iterable<RunItem>, column: number, seen: SeenInTraining, options: { allRows?: boolean } = {}): JudgedRows {
  if (!seen.isAdaptor(column)) return { rows: undefined, seen: 0, unknown: 0, unseen: 0 };
  const marks = new Map<number, 'seen' | 'unknown' | 'unseen'>();
  for (const item of items) {
    if (!item.cell || item.cell[0] !== column) continue;
    const mark = seen.of(item);
    const row = item.cell[1];
    const was = marks.get(row);
    // A row is as far from unseen as its furthest sample.
    const now = mark === true || was === 'seen' ? 'seen' : mark === 'unknown' || was === 'unknown' ? 'unknown' : 'unseen';
    marks.set(row, now);
  }
  const count = (state: string) => [...marks.values()].filter((m) => m === state).length;
  const tally = { seen: count('seen'), unknown: count('unknown'), unseen: count('unseen') };
  if (options.allRows || tally.seen === 0) return { rows: undefined, ...tally };
  return { rows: new Set([...marks].flatMap(([row, mark]) => (mark === 'unseen' ? [row] : []))), ...tally };
}

/** "judged on the 3 held-out rows (3 seen in training left out)", or why every row was judged. */
export function judgedRowsText(judged: JudgedRows): string | undefined {
  const { seen, unknown, unseen } = judged;
  if (seen + unknown + unseen === 0) return undefined;
  const left = [seen ? `${seen} seen in training` : '', unknown ? `${unknown} the deployment could not say for` : ''].filter(Boolean).join(', ');
  if (judged.rows) return `judged on the ${unseen} held-out row${unseen === 1 ? '' : 's'} the adaptor was not trained on (${left} left out)`;
  if (seen > 0) return `judged on every row, ${seen} of them seen in training: a memorised row passes without showing what was learnt`;
  return unknown > 0 && unseen === 0 ? 'judged on every row: whether the adaptor was trained on them is unknown' : undefined;
}
