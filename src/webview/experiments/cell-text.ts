// How a cell reads in the matrix and in the detail pane: the first lines of its output, its error, or
// what it is waiting for. Plain strings only: the grid puts them in as textContent. DOM-free.

import type { CellStatus, CellView } from '../../protocol/experiments';
import { oneLinePreview } from '../shared/format';

/** Lines of output a cell shows when the experiment does not repeat; the cell's CSS clamps to the same. */
export const CELL_LINES = 3;

/** Enough characters to fill CELL_LINES lines of a wide cell; the CSS clips what does not fit. */
const CELL_CHARS = 400;

/**
 * The first CELL_LINES non-blank lines of `text`, each with its runs of spaces and tabs made one, cut to
 * CELL_CHARS in all. Reads only the start of a long text, so a 100 kB output costs what a short one does.
 */
export function cellPreview(text: string): string {
  const lines: string[] = [];
  for (const line of text.slice(0, CELL_CHARS * 4).split(/\r\n?|\n/)) {
    const flattened = line.replace(/[ \t\f\v]+/g, ' ').trim();
    if (flattened !== '') lines.push(flattened);
    if (lines.length === CELL_LINES) break;
  }
  return lines.join('\n').slice(0, CELL_CHARS);
}

/** Shown in the grid in place of an answer that has not come, by state. */
const GRID_NOTES: Record<Exclude<CellStatus, 'ok' | 'error'>, string> = {
  queued: 'Waiting to be sent',
  pending: 'Sent, waiting for the answer',
  unknown: 'Submit not confirmed',
  unsent: 'Not sent',
};

/** The same, in full, for the detail pane. */
const DETAIL_NOTES: Record<Exclude<CellStatus, 'ok' | 'error'>, string> = {
  queued: 'Waiting to be sent.',
  pending: 'Sent, but not answered yet (or when the run stopped): resuming the run fetches it.',
  unknown: "Its group's submit was cut off: resuming the run asks the deployment whether it got it before anything is sent again.",
  unsent: 'Not sent: the run stopped before reaching it. Resuming the run sends it.',
};

export type CellLineKind = 'output' | 'error' | 'note';

/** What a cell shows in the grid: its output, else its error, else why it has neither. */
export function cellLine(cell: CellView | undefined, preview: (text: string) => string = cellPreview): { kind: CellLineKind; text: string } {
  if (cell === undefined) return { kind: 'note', text: 'Not in the run' };
  if (cell.output !== null) return cell.output.trim() === '' ? { kind: 'note', text: 'Empty output' } : { kind: 'output', text: preview(cell.output) };
  if (cell.error !== null) return { kind: 'error', text: cell.error.trim() === '' ? 'Error (no text from the server)' : preview(cell.error) };
  if (cell.status === 'ok') return { kind: 'note', text: 'Empty output' };
  if (cell.status === 'error') return { kind: 'error', text: 'Error (no text from the server)' };
  return { kind: 'note', text: GRID_NOTES[cell.status] };
}

/** One line per repeat, for a cell of an experiment that repeats. */
export function repeatLine(cell: CellView | undefined): { kind: CellLineKind; text: string } {
  return cellLine(cell, oneLinePreview);
}

/** The note under the detail's output: why there is none, or that it is empty; '' when there is output or an error to read. */
export function detailNote(cell: CellView): string {
  if (cell.output !== null) return cell.output === '' ? 'The output is empty.' : '';
  if (cell.status === 'ok') return 'The output is empty.';
  if (cell.status === 'error') return '';
  return DETAIL_NOTES[cell.status];
}

/**
 * How many repeats a cell lists in the grid: all up to STACKED_REPEATS, else one line less and "+N more". A cell
 * is four lines tall, and with repeats its first line is its samples' passes.
 */
export const STACKED_REPEATS = 3;

export function stackedRepeats(repeat: number): { shown: number; more: number } {
  if (repeat <= STACKED_REPEATS) return { shown: repeat, more: 0 };
  return { shown: STACKED_REPEATS - 1, more: repeat - (STACKED_REPEATS - 1) };
}

export function moreRepeatsLabel(more: number): string {
  return `+${more} more`;
}
