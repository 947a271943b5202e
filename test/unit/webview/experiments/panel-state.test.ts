import * as assert from 'node:assert/strict';
import type { ExperimentPanelState } from '../../../../src/protocol/experiments';
import { restorePanelState } from '../../../../src/webview/experiments/panel-state';

describe('experiments webview: saved panel state', () => {
  it('restores everything it saved', () => {
    const saved: ExperimentPanelState = { runId: 'run-1', column: 3, status: 'error', verdict: 'fail', changedOnly: true, flakyOnly: true, regressedOnly: true, search: 'cuda', scrollTop: 1200, selected: { row: 42, column: 3, repeat: 1 }, outputFormat: 'raw' };
    assert.deepEqual(restorePanelState(JSON.parse(JSON.stringify(saved))), saved);
  });

  it('needs a run id, and is nothing without one', () => {
    assert.equal(restorePanelState(undefined), undefined);
    assert.equal(restorePanelState(null), undefined);
    assert.equal(restorePanelState('run-1'), undefined);
    assert.equal(restorePanelState({ status: 'ok' }), undefined);
  });

  it('drops fields an older or broken page stored', () => {
    assert.deepEqual(restorePanelState({ runId: 'run-1', column: -1, status: 'done', search: 3, scrollTop: -5, selected: { row: 1, column: 0 }, outputFormat: 'html' }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', column: 1.5, scrollTop: Number.NaN, selected: { row: '1', column: 0, repeat: 0 } }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', selected: 4 }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', verdict: 'error', changedOnly: 'yes' }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', flakyOnly: 1, regressedOnly: 'true' }), { runId: 'run-1' });
    assert.deepEqual(restorePanelState({ runId: 'run-1', verdict: 'pass', changedOnly: false }), { runId: 'run-1', verdict: 'pass' });
  });

  it('keeps only the fields of a selected cell', () => {
    assert.deepEqual(restorePanelState({ runId: 'r', selected: { row: 1, column: 2, repeat: 0, extra: 'x' } }), { runId: 'r', selected: { row: 1, column: 2, repeat: 0 } });
  });
});
