import * as assert from 'node:assert/strict';
import { isJobPanelState, isTrainingHostMessage, isTrainingWebviewMessage } from '../../../src/protocol/training';

describe('training job webview: messages', () => {
  it('the page takes only the host\'s three messages', () => {
    assert.equal(isTrainingHostMessage({ type: 'show', view: {} }), true);
    assert.equal(isTrainingHostMessage({ type: 'logs', lines: [] }), true);
    assert.equal(isTrainingHostMessage({ type: 'dataset', page: {} }), true);
    for (const value of [null, 'show', {}, { type: 'logs', lines: {} }, { type: 'show' }, { type: 'init', view: {} }]) {
      assert.equal(isTrainingHostMessage(value), false, JSON.stringify(value));
    }
  });

  it('the host acts only on well-formed posts: ready with a whole line number, cancel, restart, delete, the adaptor\'s next steps, copy, a dataset page', () => {
    assert.equal(isTrainingWebviewMessage({ type: 'ready', nextLine: 12 }), true);
    for (const type of ['cancel', 'restart', 'delete', 'addToExperiment', 'compareWithBase', 'copyName']) assert.equal(isTrainingWebviewMessage({ type }), true, type);
    assert.equal(isTrainingWebviewMessage({ type: 'dataset', offset: 20, query: 'Quux' }), true);
    for (const value of [{ type: 'ready' }, { type: 'ready', nextLine: 1.5 }, { type: 'dataset', offset: '0', query: '' }, { type: 'deleteAll' }]) {
      assert.equal(isTrainingWebviewMessage(value), false, JSON.stringify(value));
    }
  });

  it('restores a panel only from a saved state naming its job', () => {
    assert.equal(isJobPanelState({ hash: 'abc', lines: [] }), true);
    assert.equal(isJobPanelState({ lines: [] }), false);
    assert.equal(isJobPanelState({ hash: 'abc' }), false);
  });
});
