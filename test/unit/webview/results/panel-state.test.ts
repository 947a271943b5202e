import * as assert from 'node:assert/strict';
import type { ResultsPanelState } from '../../../../src/protocol/results';
import { restorePanelState } from '../../../../src/webview/results/panel-state';

describe('results webview: saved panel state', () => {
  it('restores everything it saved', () => {
    const saved: ResultsPanelState = { runId: 'run-1', filter: 'error', search: 'cuda', scrollTop: 1200, selected: 42, responseFormat: 'raw' };
    assert.deepEqual(restorePanelState(JSON.parse(JSON.stringify(saved))), saved);
  });

  it('needs a run id, and is nothing without one', () => {
    assert.equal(restorePanelState(undefined), undefined);
    assert.equal(restorePanelState(null), undefined);
    assert.equal(restorePanelState('run-1'), undefined);
    assert.equal(restorePanelState({ filter: 'ok' }), undefined);
  });

  it('drops fields an older or broken page stored', () => {
    assert.deepEqual(restorePanelState({ runId: 'run-1', filter: 'done', search: 3, scrollTop: -5, selected: 1.5, responseFormat: 'html' }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', scrollTop: Number.NaN, selected: '3' }), { runId: 'run-1' });
  });
});
