// A person's review of an answer: good or bad, beside what the assertions said (never over it), and the answer it
// should have given. Reviews are kept in the runs folder, one JSON line each, appended (the newest for a cell wins,
// a cleared review is a line too), and belong to the answer rather than to one run: a cell is named by the
// fingerprint of its prompt, its model and its answer, so a rerun of unchanged cells (fetched, the same answers)
// shows the same reviews, and a changed answer starts unreviewed. Corrected answers become training rows
// (`export-training --from reviewed`); reviewed verdicts count in a baseline.

import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint } from '../evidence';
import type { ExperimentHeader } from '../runs/ledger-schema';
import type { RunItem } from '../runs/run-projection';
import type { SampleJudge } from './run-summary-types';

export type ReviewVerdict = 'good' | 'bad';

export interface Review {
  verdict: ReviewVerdict;
  /** The answer the cell should have given, when the reviewer wrote one. */
  correction?: string;
  /** The run it was made in, and when (ISO 8601), for the record. */
  runId: string;
  at: string;
}

/** Where a runs folder keeps its reviews. */
export function reviewsPath(runsDir: string): string {
  return join(runsDir, 'reviews.jsonl');
}

type ReviewLine = { cell: string } & ({ review: Review } | { cleared: true; runId: string; at: string });

/** Whether a person can review the item: an answered cell (an error, or a cell not answered yet, has no answer to review). */
export function isReviewable(item: RunItem): item is RunItem & { cell: NonNullable<RunItem['cell']>; response: string } {
  return item.cell !== undefined && item.status === 'ok' && item.response !== null;
}

/** The review of an answer: its prompt (as sent), the model asked and the answer itself. */
export function reviewKey(header: ExperimentHeader, item: RunItem): string | undefined {
  if (!isReviewable(item)) return undefined;
  return fingerprint({ prompt: item.prompt ?? null, model: header.columns[item.cell[0]]?.model ?? null, output: item.response });
}

export class ReviewBook {
  private constructor(
    private readonly path: string,
    private readonly reviews: Map<string, Review>,
  ) {}

  /** The runs folder's reviews (none yet: an empty book). A line cut by a crash is left out. */
  static open(runsDir: string): ReviewBook {
    const path = reviewsPath(runsDir);
    const reviews = new Map<string, Review>();
    if (existsSync(path)) {
      for (const text of readFileSync(path, 'utf8').split('\n')) {
        if (!text) continue;
        let line: ReviewLine;
        try {
          line = JSON.parse(text) as ReviewLine;
        } catch {
          continue;
        }
        if ('review' in line) reviews.set(line.cell, line.review);
        else reviews.delete(line.cell);
      }
    }
    return new ReviewBook(path, reviews);
  }

  /** How many answers are reviewed (none: nothing need be looked up). */
  get size(): number {
    return this.reviews.size;
  }

  get(key: string | undefined): Review | undefined {
    return key === undefined ? undefined : this.reviews.get(key);
  }

  /** Records (or with `undefined`, clears) the review of the answer `key` names. */
  set(key: string, review: Review | undefined, clearedBy?: { runId: string; at: string }): void {
    const line: ReviewLine = review ? { cell: key, review } : { cell: key, cleared: true, runId: clearedBy?.runId ?? '', at: clearedBy?.at ?? new Date().toISOString() };
    mkdirSync(join(this.path, '..'), { recursive: true });
    appendFileSync(this.path, JSON.stringify(line) + '\n');
    if (review) this.reviews.set(key, review);
    else this.reviews.delete(key);
  }

  /** How many of the items (a run's answered cells) are reviewed. */
  count(header: ExperimentHeader, items: Iterable<RunItem>): { reviewed: number; answered: number } {
    return this.countKeys(Array.from(items, (item) => reviewKey(header, item)));
  }

  /** As count(), from the items' keys (undefined: not reviewable), for a caller that keeps them. */
  countKeys(keys: Iterable<string | undefined>): { reviewed: number; answered: number } {
    let reviewed = 0;
    let answered = 0;
    for (const key of keys) {
      if (key === undefined) continue;
      answered++;
      if (this.reviews.has(key)) reviewed++;
    }
    return { reviewed, answered };
  }
}

/** A judge that takes a person's review where there is one (good: pass, bad: fail), else the assertions'. */
export function reviewedVerdicts(header: ExperimentHeader, book: ReviewBook, assertions: SampleJudge): SampleJudge {
  return (item) => {
    const review = book.get(reviewKey(header, item));
    if (!review) return assertions(item);
    const judged = assertions(item);
    const said = judged.status === 'pass' || judged.status === 'fail' ? ` (the assertions said ${judged.status})` : '';
    const correction = review.correction !== undefined ? `; it should have said: ${review.correction}` : '';
    return { status: review.verdict === 'good' ? 'pass' : 'fail', score: review.verdict === 'good' ? 1 : 0, reason: `reviewed as ${review.verdict}${correction}${said}`, reviewed: true };
  };
}
