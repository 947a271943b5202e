// What each row shows beyond its cells (its columns disagree, its samples' passes, its change against the
// baseline), and which rows' marks the page does not have yet: after the whole run goes to the page, only the
// rows whose marks changed are sent again.

import type { BaselineMark, RowMarksView, RowView, SampleView } from '../../protocol/experiments';

export type RowMarks = Omit<RowMarksView, 'index'>;

/** Every row with a mark, by index; a row with none is left out. */
export function rowMarks(disagree: ReadonlySet<number>, samples: ReadonlyMap<number, SampleView[]>, baseline: ReadonlyMap<number, BaselineMark[]> | undefined): Map<number, RowMarks> {
  const marks = new Map<number, RowMarks>();
  for (const row of new Set([...disagree, ...samples.keys(), ...(baseline?.keys() ?? [])])) {
    const [rowSamples, rowBaseline] = [samples.get(row), baseline?.get(row)];
    marks.set(row, { disagree: disagree.has(row), ...(rowSamples ? { samples: rowSamples } : {}), ...(rowBaseline ? { baseline: rowBaseline } : {}) });
  }
  return marks;
}

/** A row's marks as its view carries them: nothing for what it does not have. */
export function withMarks(row: RowView, marks: RowMarks | undefined): RowView {
  if (!marks) return row;
  return { ...row, ...(marks.disagree ? { disagree: true } : {}), ...(marks.samples ? { samples: marks.samples } : {}), ...(marks.baseline ? { baseline: marks.baseline } : {}) };
}

/** The marks the page has, row by row. */
export class ShownRowMarks {
  private shown = new Map<number, string>();

  /** The page got every row's marks (with the whole run). */
  reset(marks: ReadonlyMap<number, RowMarks>): void {
    this.shown = new Map([...marks].map(([row, mark]) => [row, JSON.stringify(mark)]));
  }

  /** The rows whose marks the page does not have, as updates (a row that lost all its marks too); now shown. */
  changes(marks: ReadonlyMap<number, RowMarks>): RowMarksView[] {
    const updates: RowMarksView[] = [];
    for (const row of new Set([...this.shown.keys(), ...marks.keys()])) {
      const mark = marks.get(row);
      const text = mark === undefined ? undefined : JSON.stringify(mark);
      if (text === this.shown.get(row)) continue;
      updates.push({ index: row, ...(mark ?? { disagree: false }) });
      if (text === undefined) this.shown.delete(row);
      else this.shown.set(row, text);
    }
    return updates.sort((a, b) => a.index - b.index);
  }
}
