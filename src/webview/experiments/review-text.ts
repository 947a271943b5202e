// A person's review as the experiment panel words it: the cell's mark in the matrix ("✓ reviewed", with the
// correction in its tooltip), the detail form's status line, and the header's count ("reviewed 12 of 40
// answers"). Plain strings only: they go in as textContent, title and aria-label. DOM-free.

import type { CellView, ReviewCountView, ReviewView } from '../../protocol/experiments';
import { formatCount } from '../shared/format';

/** A tooltip shows this much of a correction: it may be a long answer. */
const TOOLTIP_CORRECTION_CHARS = 320;

const REVIEW_WORDS: Record<ReviewView['verdict'], { text: string; label: string }> = {
  good: { text: '✓ reviewed', label: 'reviewed as good' },
  bad: { text: '✗ reviewed', label: 'reviewed as bad' },
};

/** The matrix's mark of a review: shown, for screen readers (aria-label), and its tooltip (a cell mark's shape). */
export interface ReviewMark {
  verdict: ReviewView['verdict'];
  text: string;
  label: string;
  title: string;
}

/** The review's mark, for a reviewed cell; the assertions' verdict badge stays beside it, as it was. */
export function reviewMark(cell: CellView | undefined): ReviewMark | undefined {
  const review = cell?.review;
  if (review === undefined) return undefined;
  const words = REVIEW_WORDS[review.verdict];
  const heading = `Reviewed as ${review.verdict}`;
  const title = review.correction === undefined ? heading : `${heading}. It should have said:\n${cut(review.correction)}`;
  return { verdict: review.verdict, text: words.text, label: review.correction === undefined ? words.label : `${words.label}, with a correction`, title };
}

/** The detail form's line: what is recorded for the answer now. */
export function reviewStatus(review: ReviewView | undefined, saving: boolean): string {
  if (saving) return 'Saving…';
  if (review === undefined) return 'Not reviewed. Your review is kept beside the assertions’ verdict, never over it.';
  return review.correction === undefined ? `Reviewed as ${review.verdict}.` : `Reviewed as ${review.verdict}, with the answer it should have given.`;
}

/** Why a cell cannot be reviewed (only answers can), or undefined when it can. */
export function notReviewable(cell: CellView | undefined): string | undefined {
  if (cell?.status === 'ok') return undefined;
  return `Only an answered cell can be reviewed: this one is ${cell?.status ?? 'not in the run'}.`;
}

/** "reviewed 12 of 40 answers". */
export function reviewCountText(count: ReviewCountView): string {
  return `reviewed ${formatCount(count.reviewed)} of ${formatCount(count.answered)} answer${count.answered === 1 ? '' : 's'}`;
}

function cut(text: string): string {
  return text.length > TOOLTIP_CORRECTION_CHARS ? `${text.slice(0, TOOLTIP_CORRECTION_CHARS)}…` : text;
}
