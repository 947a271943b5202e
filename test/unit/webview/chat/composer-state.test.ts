import * as assert from 'node:assert/strict';
import { composerControls, composerPlaceholder, isSendKey } from '../../../../src/webview/chat/composer-state';

describe('chat webview: the composer', () => {
  it('enables nothing before the conversation arrives', () => {
    assert.deepEqual(composerControls({ ready: false, busy: false, hasTurns: false, hasText: true, endsInToolResults: false }), { input: false, send: false, stop: false, retry: false, clear: false });
  });

  it('while a turn is answered: only Stop', () => {
    assert.deepEqual(composerControls({ ready: true, busy: true, hasTurns: true, hasText: true, endsInToolResults: false }), { input: false, send: false, stop: true, retry: false, clear: false });
  });

  it('when idle: Send with text, Retry and Clear with a turn', () => {
    assert.deepEqual(composerControls({ ready: true, busy: false, hasTurns: true, hasText: true, endsInToolResults: false }), { input: true, send: true, stop: false, retry: true, clear: true });
    assert.deepEqual(composerControls({ ready: true, busy: false, hasTurns: false, hasText: false, endsInToolResults: false }), { input: true, send: false, stop: false, retry: false, clear: false });
  });

  it('when the conversation ends in tool results nobody answered: Send with no text, and Retry, go on from them', () => {
    const idle = { ready: true, busy: false, hasText: false, endsInToolResults: true };
    assert.deepEqual(composerControls({ ...idle, hasTurns: true }), { input: true, send: true, stop: false, retry: true, clear: true });
    assert.deepEqual(composerControls({ ...idle, hasTurns: false }), { input: true, send: true, stop: false, retry: true, clear: false }, 'tool results among the earlier messages');
    assert.deepEqual(composerControls({ ...idle, hasTurns: true, busy: true }), { input: false, send: false, stop: true, retry: false, clear: false });
    assert.match(composerPlaceholder(true), /Send with no message for the model to answer the tool results/);
    assert.equal(composerPlaceholder(false), 'Message (Enter to send, Shift+Enter for a new line)');
  });

  it('sends on Enter, not on Shift+Enter nor while an input method composes', () => {
    assert.equal(isSendKey({ key: 'Enter', shiftKey: false, isComposing: false }), true);
    assert.equal(isSendKey({ key: 'Enter', shiftKey: true, isComposing: false }), false);
    assert.equal(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true }), false);
    assert.equal(isSendKey({ key: 'a', shiftKey: false, isComposing: false }), false);
  });
});
