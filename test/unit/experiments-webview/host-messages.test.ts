import * as assert from 'node:assert/strict';
import { isExperimentToWebview } from '../../../src/webview/experiments/host-messages';
import { cell, header, progress, row } from './fixtures';

describe('experiments webview: host messages', () => {
  it('accepts the four message types', () => {
    assert.equal(isExperimentToWebview({ type: 'init', header: header(), rows: [row(0)], cells: [cell(0, 0)], progress: progress() }), true);
    assert.equal(isExperimentToWebview({ type: 'cells', cells: [] }), true);
    assert.equal(isExperimentToWebview({ type: 'progress', progress: progress() }), true);
    assert.equal(isExperimentToWebview({ type: 'detail', cell: { ...cell(2, 1, { repeat: 3 }), prompt: 'p', vars: {}, requestId: null } }), true);
  });

  it('ignores anything else on the channel', () => {
    const rejected = [
      null,
      'init',
      42,
      {},
      { type: 'items', items: [] },
      { type: 'init', header: {}, rows: [], cells: [], progress: {} },
      { type: 'init', header: header(), rows: {}, cells: [], progress: progress() },
      { type: 'init', header: header(), rows: [], cells: [] },
      { type: 'cells', cells: {} },
      { type: 'progress' },
      { type: 'detail' },
      { type: 'detail', cell: { row: 1, column: 'a', repeat: 0 } },
      { type: 'detail', cell: { row: 1, column: 0 } },
    ];
    for (const value of rejected) assert.equal(isExperimentToWebview(value), false, JSON.stringify(value));
  });
});
