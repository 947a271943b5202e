import * as assert from 'node:assert/strict';
import { originDescription, originLabel, waitingNote } from '../../../../src/webview/results/item-text';
import { item } from './fixtures';

describe('results webview: item text', () => {
  it('labels an origin by its line or lines', () => {
    assert.equal(originLabel({ line: 12, endLine: 12 }), 'L12');
    assert.equal(originLabel({ line: 12, endLine: 14 }), 'L12–14');
    assert.equal(originDescription({ line: 12, endLine: 12 }), 'Reveal line 12 in the editor');
    assert.equal(originDescription({ line: 12, endLine: 14 }), 'Reveal lines 12–14 in the editor');
  });

  it('says why an item has no response yet, by state', () => {
    assert.match(waitingNote(item(0, { status: 'pending', response: null })) ?? '', /resuming the run fetches it/);
    assert.match(waitingNote(item(0, { status: 'unsent', response: null })) ?? '', /Not sent/);
    assert.equal(waitingNote(item(0, { status: 'ok' })), undefined);
    assert.equal(waitingNote(item(0, { status: 'error', response: null, error: 'x' })), undefined);
  });
});
