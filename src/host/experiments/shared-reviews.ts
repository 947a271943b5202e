// The runs folder's reviews as one window's experiment panels share them: one book per folder, so a review made
// in one panel is in every panel's book at once, and each panel hears which answers' reviews changed (the same
// answer may be a cell of several runs: a rerun of unchanged cells shows it too). The file is read again when
// it changed under us (`scalarlm-lab` wrote to it), which is looked at when a panel asks for the book afresh.
// No 'vscode' import: it is unit-tested on Node.

import { statSync } from 'node:fs';
import { ReviewBook, reviewsPath, type Review } from '../../core/experiments/evidence';
import type { DisposableLike } from '../dispose';

/** What changed: the book to read from now on, and the answers whose reviews changed (`all`: it was read again). */
export interface ReviewsChange {
  book: ReviewBook;
  keys: ReadonlySet<string> | 'all';
}

export class SharedReviews {
  private read: { dir: string; book: ReviewBook; stamp: string } | undefined;
  private readonly listeners = new Set<(change: ReviewsChange) => void>();

  /** `runsDir`: where the runs folder is now (it follows the settings). */
  constructor(private readonly runsDir: () => string) {}

  /** The book as the file is now: read again when the folder moved or another process wrote to it. */
  current(): ReviewBook {
    const dir = this.runsDir();
    const stamp = fileStamp(dir);
    if (this.read?.dir === dir && this.read.stamp === stamp) return this.read.book;
    const reread = this.read !== undefined;
    this.read = { dir, book: ReviewBook.open(dir), stamp };
    if (reread) this.fire({ book: this.read.book, keys: 'all' });
    return this.read.book;
  }

  /** Records (or with `undefined`, clears) the review of the answer `key` names, and tells every panel. */
  set(key: string, review: Review | undefined, by: { runId: string; at: string }): void {
    const book = this.current();
    book.set(key, review, by);
    if (this.read) this.read.stamp = fileStamp(this.read.dir);
    this.fire({ book, keys: new Set([key]) });
  }

  onDidChange(listener: (change: ReviewsChange) => void): DisposableLike {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(change: ReviewsChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** The file's size and time of change: an append by anyone moves both. */
function fileStamp(dir: string): string {
  const stats = statSync(reviewsPath(dir), { throwIfNoEntry: false });
  return stats ? `${stats.size}:${stats.mtimeMs}` : 'none';
}
