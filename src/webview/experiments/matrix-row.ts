// One row of the matrix: the sticky row label (its vars in the tooltip, a mark when its columns disagree)
// and one grid cell per column shown. A cell shows its state, its verdict's badge, its change against the
// run compared with, its change against the experiment's baseline run, a trained adaptor's "seen in training", a
// person's review of it, and the first lines of its output, its error or its waiting note; with repeats, a line of
// its samples' passes (flaky when they disagree), then one
// line per repeat. All text goes in as textContent, title or aria-label. Rows are recycled as the matrix
// scrolls, so fill() rewrites the label and the marks when the row changed and every cell whose object
// changed, and nothing else.

import type { CellView, ColumnView, RowView } from '../../protocol/experiments';
import { element, setText } from '../shared/dom';
import type { CellRef, CellStack, StoredRow } from './cell-store';
import { cellAccessibleName, changeMark, seenMark, verdictBadge, type CellMark } from './cell-marks';
import { cellLine, moreRepeatsLabel, repeatLine, stackedRepeats, type CellLineKind } from './cell-text';
import { baselineMark, FLAKY_MARK, samplesMark } from './evidence-wording';
import { reviewMark } from './review-text';
import { varsTooltip } from './wording';

const DISAGREE = 'Columns disagree on this row';

export interface MatrixRow {
  readonly element: HTMLElement;
  /** The row drawn, by identity: the store replaces a row's object when one of its cells changes. */
  entry: StoredRow | undefined;
  fill(entry: StoredRow): void;
  /** Marks the selected cell when it is in this row; clears the mark otherwise. */
  markSelected(selected: CellRef | undefined): void;
  /** The cell of `column`, when that column is shown. */
  cellElement(column: number): HTMLElement | undefined;
  /** The sticky label's width: cells under it are hidden. */
  labelWidth(): number;
}

/** One repeat's badges and text. */
interface Line {
  readonly root: HTMLElement;
  readonly badge: HTMLElement;
  readonly verdict: HTMLElement;
  readonly change: HTMLElement;
  /** A trained adaptor's "seen in training" mark. */
  readonly seen: HTMLElement;
  readonly review: HTMLElement;
  readonly text: HTMLElement;
  /** The cell drawn; `null` before the first draw (undefined is "no cell"). */
  drawn: CellView | undefined | null;
}

/** What the row says of the column beyond its answers: its samples' passes (repeats) and its change against the baseline. */
interface SlotMarks {
  /** With repeats only: the line above the repeats. */
  readonly samples: { readonly line: HTMLElement; readonly count: HTMLElement; readonly flaky: HTMLElement } | undefined;
  readonly baseline: HTMLElement;
  /** The marks drawn, as text; `null` before the first draw. */
  drawn: string | null;
  /** For the cell's accessible name. */
  label: string;
}

interface Slot {
  readonly column: number;
  readonly root: HTMLElement;
  readonly lines: Line[];
  /** Repeats the cell does not list. */
  readonly more: number;
  readonly marks: SlotMarks;
}

/** `columns`: the columns shown, in order; `repeat`: how many answers each cell holds. */
export function createMatrixRow(columns: readonly ColumnView[], repeat: number): MatrixRow {
  const root = element('div', 'matrix-row');
  root.setAttribute('role', 'row');
  const label = element('div', 'row-label');
  label.setAttribute('role', 'rowheader');
  label.setAttribute('aria-colindex', '1');
  const labelText = element('span', 'row-label-text');
  const disagreeMark = element('span', 'disagree-mark', '≠');
  disagreeMark.title = DISAGREE;
  disagreeMark.setAttribute('role', 'img');
  disagreeMark.setAttribute('aria-label', DISAGREE);
  disagreeMark.hidden = true;
  label.append(disagreeMark, labelText);
  root.append(label);

  const { shown, more } = stackedRepeats(Math.max(1, repeat));
  const stacked = repeat > 1;
  const slots: Slot[] = columns.map((column, position) => {
    const cell = element('div', stacked ? 'cell stacked' : 'cell');
    cell.setAttribute('role', 'gridcell');
    cell.setAttribute('aria-colindex', String(position + 2));
    cell.dataset.column = String(column.index);
    const lines = Array.from({ length: shown }, (_, index) => createLine(stacked, index));
    const marks = createSlotMarks(stacked);
    if (marks.samples) cell.append(marks.samples.line);
    else lines[0].root.insertBefore(marks.baseline, lines[0].text);
    cell.append(...lines.map((line) => line.root));
    if (more > 0) cell.append(element('div', 'repeat-more', moreRepeatsLabel(more)));
    root.append(cell);
    return { column: column.index, root: cell, lines, more, marks };
  });

  let selectedCell: HTMLElement | undefined;
  let selectedLine: HTMLElement | undefined;

  const row: MatrixRow = {
    element: root,
    entry: undefined,
    fill(entry) {
      // Another row in this element (it was recycled), or the same row marked anew (its columns agree now).
      const otherRow = row.entry?.row.index !== entry.row.index;
      const changedRow = row.entry?.row !== entry.row;
      row.entry = entry;
      const index = entry.row.index;
      if (changedRow) {
        setText(labelText, entry.row.label);
        label.title = varsTooltip(entry.row.vars);
        const disagree = entry.row.disagree === true;
        disagreeMark.hidden = !disagree;
        root.classList.toggle('disagree', disagree);
      }
      if (otherRow) {
        root.dataset.row = String(index);
        for (const slot of slots) {
          slot.root.id = cellId(index, slot.column);
          slot.root.dataset.row = String(index);
          // A recycled row shows another row's cells now: draw every line again.
          for (const line of slot.lines) line.drawn = null;
          slot.marks.drawn = null;
        }
      }
      for (const slot of slots) {
        const marksChanged = fillMarks(slot, entry.row, repeat);
        fillSlot(slot, entry.cellsOf(slot.column), stacked, marksChanged);
      }
    },
    markSelected(selected) {
      const inRow = selected !== undefined && row.entry?.row.index === selected.row;
      const cell = inRow ? slots.find((slot) => slot.column === selected.column)?.root : undefined;
      const line = cell === undefined ? undefined : (cell.querySelector<HTMLElement>(`.repeat-line[data-repeat="${selected?.repeat}"]`) ?? undefined);
      if (selectedCell !== cell) {
        selectedCell?.setAttribute('aria-selected', 'false');
        cell?.setAttribute('aria-selected', 'true');
        selectedCell = cell;
      }
      if (selectedLine !== line) {
        if (selectedLine !== undefined) delete selectedLine.dataset.selected;
        if (line !== undefined) line.dataset.selected = 'true';
        selectedLine = line;
      }
    },
    cellElement(column) {
      return slots.find((slot) => slot.column === column)?.root;
    },
    labelWidth() {
      return label.offsetWidth;
    },
  };
  for (const slot of slots) slot.root.setAttribute('aria-selected', 'false');
  return row;
}

/** The id of a cell's element, for aria-activedescendant. */
function cellId(row: number, column: number): string {
  return `cell-${row}-${column}`;
}

function createLine(stacked: boolean, repeat: number): Line {
  const root = element('div', stacked ? 'repeat-line' : 'cell-line');
  if (stacked) root.dataset.repeat = String(repeat);
  const badge = element('span', 'badge');
  const verdict = markElement('badge verdict');
  const change = markElement('change-mark');
  const seen = markElement('seen-mark');
  const review = markElement('review-mark');
  const text = element('span', 'cell-text');
  root.append(badge, verdict, change, seen, review, text);
  return { root, badge, verdict, change, seen, review, text, drawn: null };
}

/** A mark shown or not as the cell says: an image to screen readers, named by its aria-label. */
function markElement(className: string): HTMLElement {
  const mark = element('span', className);
  mark.setAttribute('role', 'img');
  mark.hidden = true;
  return mark;
}

function createSlotMarks(stacked: boolean): SlotMarks {
  const baseline = markElement('baseline-mark');
  if (!stacked) return { samples: undefined, baseline, drawn: null, label: '' };
  const line = element('div', 'samples-line');
  const count = element('span', 'samples-count');
  const flaky = markElement('flaky-mark');
  line.append(count, flaky, baseline);
  return { samples: { line, count, flaky }, baseline, drawn: null, label: '' };
}

/** Draws the column's marks when the row's changed; true when they did. */
function fillMarks(slot: Slot, row: RowView, repeats: number): boolean {
  const sample = row.samples?.find((candidate) => candidate.column === slot.column);
  const change = row.baseline?.find((candidate) => candidate.column === slot.column)?.change;
  const key = JSON.stringify([sample ?? null, change ?? null]);
  const { marks } = slot;
  if (marks.drawn === key) return false;
  marks.drawn = key;
  const labels: string[] = [];
  if (marks.samples) {
    const shown = sample === undefined ? undefined : samplesMark(sample);
    setText(marks.samples.count, shown?.text ?? '');
    marks.samples.count.title = shown?.title ?? '';
    showMark(marks.samples.flaky, shown?.flaky ? FLAKY_MARK : undefined);
    slot.root.classList.toggle('flaky', shown?.flaky === true);
    if (shown) labels.push(shown.label);
  }
  const mark = baselineMark(change, repeats);
  showMark(marks.baseline, mark);
  if (mark !== undefined) {
    marks.baseline.dataset.change = mark.change;
    labels.push(mark.label);
  }
  marks.label = labels.join(', ');
  return true;
}

/** `marksChanged`: the column's marks were drawn anew, so its accessible name is written again too. */
function fillSlot(slot: Slot, stack: CellStack, stacked: boolean, marksChanged: boolean): void {
  let redrawn = marksChanged;
  slot.lines.forEach((line, repeat) => {
    const cell = stack[repeat];
    if (line.drawn === cell) return;
    line.drawn = cell;
    redrawn = true;
    const { kind, text } = stacked ? repeatLine(cell) : cellLine(cell);
    const status = cell?.status ?? 'none';
    line.root.dataset.status = status;
    line.badge.dataset.status = status;
    setText(line.badge, cell?.status ?? '—');
    const verdict = verdictBadge(cell);
    showMark(line.verdict, verdict);
    if (verdict !== undefined) line.verdict.dataset.verdict = verdict.status;
    const change = changeMark(cell?.change);
    showMark(line.change, change);
    if (change !== undefined) line.change.dataset.change = change.change;
    const seen = seenMark(cell?.seenInTraining);
    showMark(line.seen, seen);
    if (seen !== undefined) line.seen.dataset.seen = seen.seen;
    const review = reviewMark(cell);
    showMark(line.review, review);
    if (review !== undefined) line.review.dataset.review = review.verdict;
    setText(line.text, text);
    setKind(line.text, kind);
    // The cell's state is its one answer's, or its first repeat's: enough for the colour of its edge.
    if (repeat === 0) slot.root.dataset.status = status;
  });
  if (redrawn) slot.root.setAttribute('aria-label', [slot.marks.label, cellAccessibleName(slot.lines.map((_, repeat) => stack[repeat]), slot.more)].filter((part) => part !== '').join('; '));
}

function showMark(target: HTMLElement, mark: CellMark | undefined): void {
  target.hidden = mark === undefined;
  if (mark === undefined) return;
  setText(target, mark.text);
  target.title = mark.title;
  target.setAttribute('aria-label', mark.label);
}

function setKind(target: HTMLElement, kind: CellLineKind): void {
  if (target.dataset.kind !== kind) target.dataset.kind = kind;
}
