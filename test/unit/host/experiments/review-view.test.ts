// What an experiment panel shows of reviews and how it records one: the review a page's choice makes (a blank
// correction is none, a correction alone is a bad answer's, nothing clears), each cell's review by its answer (so a
// cell of another run or column that gave the same answer shows it), the count of reviewed answers, and the book
// the window's panels share (a review made in one is heard by all; a write by the CLI read again).

import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReviewBook, reviewKey, reviewsPath } from '../../../../src/core/experiments/evidence';
import { cellViews } from '../../../../src/host/experiments/experiment-view-model';
import { PanelReviews, reviewOf } from '../../../../src/host/experiments/review-view';
import { SharedReviews, type ReviewsChange } from '../../../../src/host/experiments/shared-reviews';
import { REVIEWED_EXPERIMENT, reviewedRun } from '../../helpers/reviewed-run';
import { useTempDir } from '../../helpers/temp-dir';

const AT = '2026-12-07T10:00:00.000Z';

describe('experiment panel: reviews', () => {
  const tmp = useTempDir();

  it('makes the review a choice asks for: verdict and correction as written, a blank one none, a correction alone bad, nothing a clear', () => {
    assert.deepEqual(reviewOf({ verdict: 'good', correction: '' }, 'r1', AT), { verdict: 'good', runId: 'r1', at: AT });
    assert.deepEqual(reviewOf({ verdict: 'good', correction: ' \n' }, 'r1', AT), { verdict: 'good', runId: 'r1', at: AT });
    assert.deepEqual(reviewOf({ verdict: 'bad', correction: ' Paris\n' }, 'r1', AT), { verdict: 'bad', correction: ' Paris\n', runId: 'r1', at: AT });
    assert.deepEqual(reviewOf({ verdict: null, correction: 'Paris' }, 'r1', AT), { verdict: 'bad', correction: 'Paris', runId: 'r1', at: AT });
    assert.equal(reviewOf({ verdict: null }, 'r1', AT), undefined);
    assert.equal(reviewOf({ verdict: null, correction: '' }, 'r1', AT), undefined);
  });

  it("puts a review on every cell that gave the answer, and counts the run's reviewed answers", () => {
    const run = reviewedRun();
    const book = ReviewBook.open(tmp.path);
    const reviews = new PanelReviews(REVIEWED_EXPERIMENT, book);
    assert.deepEqual(reviews.count(run.items), { reviewed: 0, answered: 3 }, 'the failed cell has no answer to review');
    assert.ok(cellViews(run.items, false, { review: (item) => reviews.review(item) }).every((cell) => cell.review === undefined));

    const [baseFrance, basePeru] = run.items;
    book.set(reviewKey(REVIEWED_EXPERIMENT, baseFrance)!, { verdict: 'bad', correction: 'Paris', runId: 'r1', at: AT });
    book.set(reviewKey(REVIEWED_EXPERIMENT, basePeru)!, { verdict: 'good', runId: 'r1', at: AT });
    const cells = cellViews(run.items, false, { review: (item) => reviews.review(item) });
    assert.deepEqual(cells.map((cell) => [cell.column, cell.row, cell.review]), [
      [0, 0, { verdict: 'bad', correction: 'Paris' }],
      [0, 1, { verdict: 'good' }],
      [1, 0, undefined],
      [1, 1, undefined],
    ], "the tuned column's Lyon is another model's answer");
    assert.deepEqual(reviews.count(run.items), { reviewed: 2, answered: 3 });

    // A rerun: another run, the same answers.
    const rerun = reviewedRun('r2');
    const again = new PanelReviews(REVIEWED_EXPERIMENT, ReviewBook.open(tmp.path));
    assert.deepEqual(again.review(rerun.items[0]), { verdict: 'bad', correction: 'Paris' });
    assert.deepEqual(again.itemsWith(new Set([reviewKey(REVIEWED_EXPERIMENT, baseFrance)!]), rerun.items).map((item) => item.index), [0]);
  });

  it("shares one book between a window's panels: a review made through it is heard by every panel, a write by the CLI read again", () => {
    const shared = new SharedReviews(() => tmp.path);
    const heard: ReviewsChange[] = [];
    const listening = shared.onDidChange((change) => heard.push(change));
    const book = shared.current();
    assert.equal(shared.current(), book, 'the same book while nothing else wrote');
    const [france, peru] = reviewedRun().items.map((item) => reviewKey(REVIEWED_EXPERIMENT, item)!);

    shared.set(france, { verdict: 'good', runId: 'r1', at: AT }, { runId: 'r1', at: AT });
    assert.deepEqual(heard.map((change) => [change.book === book, change.keys]), [[true, new Set([france])]]);
    assert.equal(shared.current(), book, 'its own write is not news');
    assert.equal(book.get(france)?.verdict, 'good');

    // `scalarlm-lab` appends a line: the next look reads the file again, and every panel hears that all may have changed.
    appendFileSync(reviewsPath(tmp.path), JSON.stringify({ cell: peru, review: { verdict: 'bad', runId: 'cli', at: AT } }) + '\n');
    const reread = shared.current();
    assert.notEqual(reread, book);
    assert.equal(reread.get(peru)?.verdict, 'bad');
    assert.deepEqual(heard.slice(1).map((change) => [change.book === reread, change.keys]), [[true, 'all']]);

    listening.dispose();
    shared.set(peru, undefined, { runId: 'r1', at: AT });
    assert.equal(heard.length, 2, 'a disposed listener hears nothing');
  });

  it('follows the runs folder when it moves', () => {
    let dir = tmp.path;
    const shared = new SharedReviews(() => dir);
    const [france] = reviewedRun().items.map((item) => reviewKey(REVIEWED_EXPERIMENT, item)!);
    shared.set(france, { verdict: 'good', runId: 'r1', at: AT }, { runId: 'r1', at: AT });
    dir = join(tmp.path, 'elsewhere');
    assert.equal(shared.current().get(france), undefined);
    assert.equal(shared.current().size, 0);
  });
});
