// What a cell wears beside its state in the matrix: its verdict's badge (pass ✓, fail ✗, error, grading…)
// with the failing assertions in its tooltip, its change against the run (or baseline column) compared with, a
// trained adaptor's "seen in training" (its input was in the adaptor's training data), and the cell's accessible
// name that says all of it (a person's review too, review-text.ts) with the text. Plain strings only: the grid puts them in as
// textContent, title and aria-label. DOM-free.

import type { CellChange, CellView, VerdictStatus } from '../../protocol/experiments';
import { cellLine, repeatLine } from './cell-text';
import { reviewMark } from './review-text';

export interface CellMark {
  /** Shown in the grid. */
  text: string;
  /** For screen readers (the mark's aria-label). */
  label: string;
  /** The tooltip. */
  title: string;
}

export type ShownVerdict = Exclude<VerdictStatus, 'no-assertions'>;

const VERDICT_WORDS: Record<ShownVerdict, { text: string; label: string; heading: string }> = {
  pass: { text: 'pass ✓', label: 'passed', heading: 'Passed its assertions' },
  fail: { text: 'fail ✗', label: 'failed', heading: 'Failed:' },
  error: { text: 'error', label: 'could not be judged', heading: 'Not judged (counted apart from passes and fails):' },
  pending: { text: 'grading…', label: 'being graded', heading: 'Waiting for the grader' },
};

/** A tooltip lists this many failing assertions, then says how many more. */
const TOOLTIP_REASONS = 8;
/**
 * And cuts each reason: a grader may write pages. A deterministic reason quotes the output and the expected text
 * (each cut at 120 characters by the judge): this keeps both whole.
 */
const TOOLTIP_REASON_CHARS = 320;

/**
 * The verdict's badge, for an answered cell with assertions. A cell that errored or has not answered is
 * already named by its state badge (it is counted apart, neither passed nor failed), so it gets none.
 */
export function verdictBadge(cell: CellView | undefined): (CellMark & { status: ShownVerdict }) | undefined {
  const verdict = cell?.verdict;
  if (cell?.status !== 'ok' || verdict === undefined || verdict.status === 'no-assertions') return undefined;
  const status = verdict.status;
  const words = VERDICT_WORDS[status];
  const reasons = verdict.failing.slice(0, TOOLTIP_REASONS).map((reason) => (reason.length > TOOLTIP_REASON_CHARS ? `${reason.slice(0, TOOLTIP_REASON_CHARS)}…` : reason));
  const more = verdict.failing.length - reasons.length;
  const lines = [words.heading, ...reasons];
  if (more > 0) lines.push(`+${more} more`);
  if (verdict.score !== null) lines.push(`Score ${verdict.score.toFixed(2)}`);
  const failing = status === 'fail' && verdict.failing.length > 0 ? `, ${verdict.failing.length} assertion${verdict.failing.length === 1 ? '' : 's'} failing` : '';
  return { status, text: words.text, label: `Verdict: ${words.label}${failing}`, title: lines.join('\n') };
}

/** "The baseline": the run compared with, or the baseline column's cell in the row (the comparison bar names it). */
const CHANGE_MARKS: Record<Exclude<CellChange, 'same'>, CellMark> = {
  changed: { text: 'changed', label: 'changed', title: 'Another output or state than in the baseline' },
  'newly-passing': { text: 'newly passing', label: 'newly passing', title: 'Passes here; failed in the baseline' },
  'newly-failing': { text: 'newly failing', label: 'newly failing', title: 'Fails here; passed in the baseline' },
  added: { text: 'added', label: 'added', title: 'Not in the baseline' },
};

/** The change mark; none when not comparing or when the cell is the same. */
export function changeMark(change: CellChange | undefined): (CellMark & { change: Exclude<CellChange, 'same'> }) | undefined {
  if (change === undefined || change === 'same') return undefined;
  return { change, ...CHANGE_MARKS[change], label: `${CHANGE_MARKS[change].label} against the baseline` };
}

/** A trained adaptor's cell whose input was in its training data, or may have been; none for an unseen cell. */
export function seenMark(seen: CellView['seenInTraining']): (CellMark & { seen: 'true' | 'unknown' }) | undefined {
  if (seen === true) return { seen: 'true', text: 'seen in training', label: 'seen in training', title: "Its input was in this adaptor's training data: a pass here may be memorised" };
  if (seen === 'unknown') return { seen: 'unknown', text: 'seen?', label: 'unknown whether seen in training', title: "The deployment could not say whether its input was in this adaptor's training data" };
  return undefined;
}

/**
 * The cell's accessible name: per answer its state, verdict and change, then its text. `cells`: the answers
 * the grid lists (one, or one per repeat shown); `more`: how many repeats it does not list.
 */
export function cellAccessibleName(cells: readonly (CellView | undefined)[], more: number): string {
  const stacked = cells.length > 1 || more > 0;
  const parts = cells.map((cell, repeat) => {
    const marks = [cell?.status ?? 'not in the run', verdictBadge(cell)?.label.replace(/^Verdict: /, ''), changeMark(cell?.change)?.label, seenMark(cell?.seenInTraining)?.label, reviewMark(cell)?.label].filter((part) => part !== undefined);
    const { text } = stacked ? repeatLine(cell) : cellLine(cell);
    return `${stacked ? `Repeat ${repeat + 1}: ` : ''}${marks.join(', ')}: ${text}`;
  });
  if (more > 0) parts.push(`${more} more repeat${more === 1 ? '' : 's'}`);
  return parts.join('; ');
}
