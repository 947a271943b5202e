// Comparing two columns of one run: besides the changes and the paired test, how many answered pairs gave the
// very same text, so an adaptor that answers like its base is seen as one.

import * as assert from 'node:assert/strict';
import { answersAlike, compareColumns } from '../../../../src/core/runs/compare-runs';
import type { RunItem, RunProjection } from '../../../../src/core/runs/run-projection';

function item(index: number, column: number, test: number, response: string | null, status: RunItem['status'] = 'ok'): RunItem {
  return { index, group: 0, cell: [column, test, 0], status, requestId: null, response, error: status === 'error' ? 'boom' : null };
}

function run(items: RunItem[]): RunProjection {
  return { items, header: { runId: 'r' } } as unknown as RunProjection;
}

describe('comparing columns: the same answers', () => {
  it('counts the answered pairs and those whose answers are the same text', () => {
    const comparison = compareColumns(run([item(0, 0, 0, 'Paris'), item(1, 1, 0, 'Paris'), item(2, 0, 1, 'Lima'), item(3, 1, 1, 'Cusco'), item(4, 0, 2, null, 'error'), item(5, 1, 2, 'x')]), 0, 1);
    assert.deepEqual(comparison.sameAnswers, { answered: 2, same: 1 });
    assert.equal(answersAlike(comparison.sameAnswers), false);
  });

  it('calls a column alike its base only when every answered pair is the same, and at least one is', () => {
    const alike = compareColumns(run([item(0, 0, 0, 'a'), item(1, 1, 0, 'a'), item(2, 0, 1, 'b'), item(3, 1, 1, 'b'), item(4, 0, 2, null, 'pending'), item(5, 1, 2, null, 'pending')]), 0, 1);
    assert.deepEqual(alike.sameAnswers, { answered: 2, same: 2 });
    assert.equal(answersAlike(alike.sameAnswers), true);
    assert.equal(answersAlike({ answered: 0, same: 0 }), false, 'nothing answered on both sides says nothing');
  });
});
