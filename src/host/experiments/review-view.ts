// What an experiment panel shows of people's reviews, and how it records one: each answered cell's review (by
// its answer, so every cell that gave the same answer shows it), how many of the run's answers are reviewed, and
// the review a page's message asks for. Answers' keys are fingerprints, kept per item until its answer changes;
// while the runs folder has no review at all none is computed. No 'vscode' import: it is unit-tested on Node.

import { isReviewable, reviewKey, type Review, type ReviewBook } from '../../core/experiments/evidence';
import type { ExperimentHeader } from '../../core/runs/ledger-schema';
import type { RunItem } from '../../core/runs/run-projection';
import type { ReviewCountView, ReviewView } from '../../protocol/experiments';

/** What the page asked for: a verdict (null: none), and the answer it should have given. */
export interface ReviewChoice {
  verdict: Review['verdict'] | null;
  correction?: string;
}

/**
 * The review a choice makes, by `runId` at `at`; undefined clears it. A correction is kept as written, unless it
 * is blank (then there is none); a correction with no verdict is a bad answer's: it was not what it should be.
 */
export function reviewOf(choice: ReviewChoice, runId: string, at: string): Review | undefined {
  const correction = choice.correction !== undefined && choice.correction.trim() !== '' ? choice.correction : undefined;
  const verdict = choice.verdict ?? (correction !== undefined ? 'bad' : undefined);
  if (verdict === undefined) return undefined;
  return { verdict, ...(correction !== undefined ? { correction } : {}), runId, at };
}

export function reviewView(review: Review | undefined): ReviewView | undefined {
  return review && { verdict: review.verdict, ...(review.correction !== undefined ? { correction: review.correction } : {}) };
}

export class PanelReviews {
  private readonly keys = new Map<number, { item: RunItem; key: string | undefined }>();

  constructor(
    private readonly header: ExperimentHeader,
    private book: ReviewBook,
  ) {}

  /** The book changed (read again from disk): later lookups read this one. */
  useBook(book: ReviewBook): void {
    this.book = book;
  }

  review(item: RunItem): ReviewView | undefined {
    return this.book.size === 0 ? undefined : reviewView(this.book.get(this.keyOf(item)));
  }

  count(items: Iterable<RunItem>): ReviewCountView {
    if (this.book.size > 0) return this.book.countKeys(Array.from(items, (item) => this.keyOf(item)));
    let answered = 0;
    for (const item of items) if (isReviewable(item)) answered++;
    return { reviewed: 0, answered };
  }

  /** The items whose answers `keys` name. */
  itemsWith(keys: ReadonlySet<string>, items: Iterable<RunItem>): RunItem[] {
    const found: RunItem[] = [];
    for (const item of items) {
      const key = this.keyOf(item);
      if (key !== undefined && keys.has(key)) found.push(item);
    }
    return found;
  }

  /** The answer's key; undefined when the item has none to review. */
  keyOf(item: RunItem): string | undefined {
    const known = this.keys.get(item.index);
    // A projection replaces an item when its state changes: the same object is the same answer.
    if (known?.item === item) return known.key;
    const key = reviewKey(this.header, item);
    this.keys.set(item.index, { item, key });
    return key;
  }
}
