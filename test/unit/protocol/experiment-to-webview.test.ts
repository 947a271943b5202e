import * as assert from 'node:assert/strict';
import { isExperimentToWebview } from '../../../src/protocol/experiments';
import { cell, header, progress, row } from '../webview/experiments/fixtures';

describe('experiments webview: host messages', () => {
  it('accepts the six message types', () => {
    assert.equal(isExperimentToWebview({ type: 'init', header: header(), rows: [row(0)], cells: [cell(0, 0)], progress: progress() }), true);
    assert.equal(isExperimentToWebview({ type: 'cells', cells: [] }), true);
    assert.equal(isExperimentToWebview({ type: 'progress', progress: progress() }), true);
    assert.equal(isExperimentToWebview({ type: 'detail', cell: { ...cell(2, 1, { repeat: 3 }), prompt: 'p', vars: {}, requestId: null } }), true);
    assert.equal(isExperimentToWebview({ type: 'judged', columns: header().columns, rows: [{ index: 3, disagree: true }] }), true);
    const counts = { same: 1, changed: 0, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 };
    assert.equal(isExperimentToWebview({ type: 'comparison', comparison: { runId: 'r', title: 't', createdAt: '', counts } }), true);
    assert.equal(isExperimentToWebview({ type: 'comparison', comparison: null }), true, 'comparing stopped');
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
      { type: 'judged', columns: [] },
      { type: 'judged', columns: {}, rows: [] },
      { type: 'comparison' },
      { type: 'comparison', comparison: { runId: 'r' } },
    ];
    for (const value of rejected) assert.equal(isExperimentToWebview(value), false, JSON.stringify(value));
  });
});
