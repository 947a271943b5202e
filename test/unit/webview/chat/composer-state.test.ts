import * as assert from 'node:assert/strict';
import { composerControls, isSendKey } from '../../../../src/webview/chat/composer-state';

describe('chat webview: the composer', () => {
  it('enables nothing before the conversation arrives', () => {
    assert.deepEqual(composerControls({ ready: false, busy: false, hasTurns: false, hasText: true }), { input: false, send: false, stop: false, retry: false, clear: false });
  });

  it('while a turn is answered: only Stop', () => {
    assert.deepEqual(composerControls({ ready: true, busy: true, hasTurns: true, hasText: true }), { input: false, send: false, stop: true, retry: false, clear: false });
  });

  it('when idle: Send with text, Retry and Clear with a turn', () => {
    assert.deepEqual(composerControls({ ready: true, busy: false, hasTurns: true, hasText: true }), { input: true, send: true, stop: false, retry: true, clear: true });
    assert.deepEqual(composerControls({ ready: true, busy: false, hasTurns: false, hasText: false }), { input: true, send: false, stop: false, retry: false, clear: false });
  });

  it('sends on Enter, not on Shift+Enter nor while an input method composes', () => {
    assert.equal(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false }), true);
    assert.equal(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false }), false);
    assert.equal(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true }), false);
    assert.equal(isSendKey({ key: 'a', shiftKey: false, isComposing: false }), false);
  });
});
