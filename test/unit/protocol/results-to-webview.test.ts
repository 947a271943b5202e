import * as assert from 'node:assert/strict';
import { isResultsToWebview } from '../../../src/protocol/results';

describe('results webview: host messages', () => {
  it('accepts the three message types', () => {
    assert.equal(isResultsToWebview({ type: 'init', header: {}, items: [], progress: {} }), true);
    assert.equal(isResultsToWebview({ type: 'items', items: [] }), true);
    assert.equal(isResultsToWebview({ type: 'progress', progress: {} }), true);
  });

  it('ignores anything else on the channel', () => {
    for (const value of [null, 'init', 42, {}, { type: 'snapshot', now: 1 }, { type: 'init', items: [] }, { type: 'items', items: {} }, { type: 'progress' }]) {
      assert.equal(isResultsToWebview(value), false, JSON.stringify(value));
    }
  });
});
