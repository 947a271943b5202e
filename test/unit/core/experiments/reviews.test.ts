// The runs folder's reviews, as the experiment panel and the CLI keep them: by answer (prompt, model and text), the
// newest line for an answer winning and a cleared review a line too, read back the same by a new book; counted over
// a run's answered cells, from the items or from keys a caller kept.

import assert from 'node:assert/strict';
import { appendFileSync, readFileSync } from 'node:fs';
import { isReviewable, ReviewBook, reviewKey, reviewsPath } from '../../../../src/core/experiments/evidence';
import { REVIEWED_EXPERIMENT, reviewedRun } from '../../helpers/reviewed-run';
import { useTempDir } from '../../helpers/temp-dir';

describe('reviews of answers', () => {
  const tmp = useTempDir();
  const by = { runId: 'r1', at: '2026-12-07T10:00:00.000Z' };

  it('names an answer by its prompt, model and text: not by the run, not for a cell without an answer', () => {
    const [baseFrance, basePeru, tunedFrance, tunedPeru] = reviewedRun().items;
    const again = reviewedRun('r2').items;
    assert.equal(reviewKey(REVIEWED_EXPERIMENT, baseFrance), reviewKey(REVIEWED_EXPERIMENT, again[0]), 'a rerun of the same answer');
    assert.notEqual(reviewKey(REVIEWED_EXPERIMENT, baseFrance), reviewKey(REVIEWED_EXPERIMENT, basePeru));
    assert.notEqual(reviewKey(REVIEWED_EXPERIMENT, baseFrance), reviewKey(REVIEWED_EXPERIMENT, tunedFrance), 'the same text from another model is another answer');
    assert.deepEqual([baseFrance, tunedPeru].map(isReviewable), [true, false]);
    assert.equal(reviewKey(REVIEWED_EXPERIMENT, tunedPeru), undefined);
  });

  it('keeps the newest review of an answer, clears it with a line of its own, and reads the file back the same', () => {
    const [france, peru] = reviewedRun().items.map((item) => reviewKey(REVIEWED_EXPERIMENT, item)!);
    const book = ReviewBook.open(tmp.path);
    assert.equal(book.size, 0);
    book.set(france, { verdict: 'good', ...by });
    book.set(france, { verdict: 'bad', correction: 'Paris', ...by });
    book.set(peru, { verdict: 'good', ...by });
    book.set(peru, undefined, by);
    assert.equal(readFileSync(reviewsPath(tmp.path), 'utf8').trim().split('\n').length, 4, 'every change is a line');
    for (const read of [book, ReviewBook.open(tmp.path)]) {
      assert.deepEqual(read.get(france), { verdict: 'bad', correction: 'Paris', ...by });
      assert.equal(read.get(peru), undefined);
      assert.equal(read.size, 1);
    }
  });

  it('leaves out a line cut by a crash', () => {
    const [france] = reviewedRun().items.map((item) => reviewKey(REVIEWED_EXPERIMENT, item)!);
    ReviewBook.open(tmp.path).set(france, { verdict: 'good', ...by });
    appendFileSync(reviewsPath(tmp.path), '{"cell":"abc","review":{"verd');
    assert.deepEqual(ReviewBook.open(tmp.path).get(france), { verdict: 'good', ...by });
  });

  it('counts the reviewed answers of a run, from its items or from keys kept, the failed cell not counted', () => {
    const run = reviewedRun();
    const book = ReviewBook.open(tmp.path);
    book.set(reviewKey(REVIEWED_EXPERIMENT, run.items[0])!, { verdict: 'good', ...by });
    assert.deepEqual(book.count(REVIEWED_EXPERIMENT, run.items), { reviewed: 1, answered: 3 });
    assert.deepEqual(book.countKeys(run.items.map((item) => reviewKey(REVIEWED_EXPERIMENT, item))), { reviewed: 1, answered: 3 });
  });
});
