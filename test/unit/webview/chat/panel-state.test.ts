import * as assert from 'node:assert/strict';
import { restoreChatPanelState } from '../../../../src/webview/chat/panel-state';

describe('chat webview: saved panel state', () => {
  it('restores the conversation and its draft', () => {
    assert.deepEqual(restoreChatPanelState(JSON.parse(JSON.stringify({ chatId: 'chat-1', draft: 'half a question' }))), { chatId: 'chat-1', draft: 'half a question' });
    assert.deepEqual(restoreChatPanelState({ chatId: 'chat-1' }), { chatId: 'chat-1' });
  });

  it('needs a conversation id, and is nothing without one', () => {
    for (const saved of [undefined, null, 'chat-1', { draft: 'x' }, { chatId: 7 }]) assert.equal(restoreChatPanelState(saved), undefined, JSON.stringify(saved));
  });

  it('drops a draft that is empty or not text', () => {
    assert.deepEqual(restoreChatPanelState({ chatId: 'chat-1', draft: '' }), { chatId: 'chat-1' });
    assert.deepEqual(restoreChatPanelState({ chatId: 'chat-1', draft: ['x'] }), { chatId: 'chat-1' });
  });
});
