// A trained adaptor's cells in the matrix: a "seen in training" mark on the cells whose input was in its training
// data (a dashed "seen?" where the deployment could not say, nothing on unseen ones), said to screen readers too,
// and the column's header line giving the host's unseen and seen pass rates in place of the one rate.

import * as assert from 'node:assert/strict';
import type { ColumnStats } from '../../../../src/protocol/experiments';
import { cellAccessibleName, seenMark } from '../../../../src/webview/experiments/cell-marks';
import { columnFiguresLine } from '../../../../src/webview/experiments/figures-text';
import { cell } from './fixtures';

describe('experiments webview: seen in training', () => {
  it('marks a seen cell and one the deployment could not say for; an unseen cell or another column\'s gets none', () => {
    assert.deepEqual(seenMark(true), { seen: 'true', text: 'seen in training', label: 'seen in training', title: "Its input was in this adaptor's training data: a pass here may be memorised" });
    assert.equal(seenMark('unknown')?.text, 'seen?');
    assert.equal(seenMark(false), undefined);
    assert.equal(seenMark(undefined), undefined);
  });

  it('names the mark for screen readers', () => {
    assert.equal(cellAccessibleName([cell(0, 1, { output: 'Quuxville', seenInTraining: true })], 0), 'ok, seen in training: Quuxville');
    assert.equal(cellAccessibleName([cell(0, 1, { output: 'echo', seenInTraining: 'unknown' })], 0), 'ok, unknown whether seen in training: echo');
    assert.equal(cellAccessibleName([cell(0, 1, { output: 'echo', seenInTraining: false })], 0), 'ok: echo');
  });

  it("gives an adaptor column's pass rates apart, unseen first, as the host wrote them", () => {
    const stats: ColumnStats = { judged: 6, passed: 3, passRate: 0.5, low: 0.19, high: 0.81, passRateText: '3/6 (50%, 19-81%)', seenSplitText: 'unseen 0/3 (0%, 0-56%) · seen 3/3 (100%, 44-100%)', meanScore: null, errors: 0, tokens: 0, medianLatencyMs: null };
    assert.equal(columnFiguresLine(stats, true), 'unseen 0/3 (0%, 0-56%) · seen 3/3 (100%, 44-100%)');
  });
});
