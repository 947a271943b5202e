// Reviews on the experiment page: a reviewed cell's mark (good or bad, the correction in its tooltip, cut when
// long, hostile text kept as its characters) beside its verdict, its accessible name, the header's count, why a
// cell without an answer cannot be reviewed, the reviewed / not reviewed filter, and the choice kept across a reload.

import * as assert from 'node:assert/strict';
import { cellAccessibleName, verdictBadge } from '../../../../src/webview/experiments/cell-marks';
import { CellStore } from '../../../../src/webview/experiments/cell-store';
import { filterRows, filtersByCells, isReviewChoice } from '../../../../src/webview/experiments/matrix-filter';
import { restorePanelState } from '../../../../src/webview/experiments/panel-state';
import { notReviewable, reviewCountText, reviewMark, reviewStatus } from '../../../../src/webview/experiments/review-text';
import { cell, columns, HOSTILE_OUTPUTS, row } from './fixtures';

describe('experiments webview: reviews', () => {
  it('marks a reviewed cell good or bad, with the correction in the tooltip, beside its verdict', () => {
    const failing = { status: 'fail' as const, score: 0, failing: ['icontains: expected "Paris"'] };
    const good = cell(0, 0, { verdict: failing, review: { verdict: 'good' } });
    assert.deepEqual(reviewMark(good), { verdict: 'good', text: '✓ reviewed', label: 'reviewed as good', title: 'Reviewed as good' });
    assert.equal(verdictBadge(good)?.status, 'fail', "the assertions' verdict stays as it was");
    const bad = reviewMark(cell(0, 0, { review: { verdict: 'bad', correction: 'Paris' } }));
    assert.deepEqual(bad, { verdict: 'bad', text: '✗ reviewed', label: 'reviewed as bad, with a correction', title: 'Reviewed as bad. It should have said:\nParis' });
    assert.equal(reviewMark(cell(0, 0)), undefined);
  });

  it('cuts a long correction in the tooltip and keeps hostile text as its characters', () => {
    const long = reviewMark(cell(0, 0, { review: { verdict: 'bad', correction: 'x'.repeat(1000) } }));
    assert.ok((long?.title.length ?? 0) < 400, `the tooltip stays a tooltip: ${long?.title.length}`);
    assert.ok(long?.title.endsWith('…'));
    for (const hostile of HOSTILE_OUTPUTS) assert.ok(reviewMark(cell(0, 0, { review: { verdict: 'bad', correction: hostile } }))?.title.endsWith(hostile));
  });

  it('names a reviewed cell for screen readers', () => {
    const name = cellAccessibleName([cell(0, 0, { output: 'Lyon', review: { verdict: 'bad', correction: 'Paris' } })], 0);
    assert.equal(name, 'ok, reviewed as bad, with a correction: Lyon');
  });

  it("says the header's count, what is recorded in the form, and why a cell without an answer cannot be reviewed", () => {
    assert.equal(reviewCountText({ reviewed: 12, answered: 40 }), 'reviewed 12 of 40 answers');
    assert.equal(reviewCountText({ reviewed: 0, answered: 1 }), 'reviewed 0 of 1 answer');
    assert.equal(reviewCountText({ reviewed: 1200, answered: 4000 }), 'reviewed 1,200 of 4,000 answers');
    assert.match(reviewStatus(undefined, false), /^Not reviewed\./);
    assert.equal(reviewStatus({ verdict: 'good' }, false), 'Reviewed as good.');
    assert.equal(reviewStatus({ verdict: 'bad', correction: 'Paris' }, false), 'Reviewed as bad, with the answer it should have given.');
    assert.equal(reviewStatus({ verdict: 'bad' }, true), 'Saving…');
    assert.equal(notReviewable(cell(0, 0)), undefined);
    assert.equal(notReviewable(cell(0, 0, { status: 'error', output: null, error: 'boom' })), 'Only an answered cell can be reviewed: this one is error.');
    assert.equal(notReviewable(cell(0, 0, { status: 'pending', output: null })), 'Only an answered cell can be reviewed: this one is pending.');
  });

  describe('the reviewed / not reviewed filter', () => {
    const store = new CellStore();
    store.replaceAll(
      columns(2),
      [row(0), row(1), row(2), row(3)],
      [
        // Row 0: reviewed in column 0 only.
        cell(0, 0, { review: { verdict: 'good' } }),
        cell(0, 1),
        // Row 1: both reviewed.
        cell(1, 0, { review: { verdict: 'bad', correction: 'x' } }),
        cell(1, 1, { review: { verdict: 'good' } }),
        // Row 2: nothing reviewed, one cell without an answer (nothing to review there).
        cell(2, 0),
        cell(2, 1, { status: 'error', output: null, error: 'boom' }),
        // Row 3: no answer at all.
        cell(3, 0, { status: 'pending', output: null }),
        cell(3, 1, { status: 'error', output: null, error: 'boom' }),
      ],
    );

    it('keeps the rows with a reviewed answer, or with an answer not reviewed yet (a cell without an answer is neither)', () => {
      assert.deepEqual(filterRows(store, { review: 'reviewed', search: '' }), [0, 1]);
      assert.deepEqual(filterRows(store, { review: 'unreviewed', search: '' }), [0, 2]);
    });

    it('looks at the one column shown, and combines with the other filters', () => {
      assert.deepEqual(filterRows(store, { review: 'reviewed', column: 1, search: '' }), [1]);
      assert.deepEqual(filterRows(store, { review: 'unreviewed', column: 1, search: '' }), [0]);
      assert.deepEqual(filterRows(store, { review: 'unreviewed', status: 'error', search: '' }), [2]);
      assert.equal(filtersByCells({ review: 'reviewed', search: '' }), true, 'a review arriving can take or drop a row');
    });

    it('is kept across a reload, and only as one of its words', () => {
      assert.deepEqual(restorePanelState({ runId: 'r', review: 'unreviewed' }), { runId: 'r', review: 'unreviewed' });
      assert.deepEqual(restorePanelState({ runId: 'r', review: 'good' }), { runId: 'r' });
      assert.equal(isReviewChoice('reviewed'), true);
      assert.equal(isReviewChoice(true), false);
    });
  });
});
