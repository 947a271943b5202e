import * as assert from 'node:assert/strict';
import { isChatToWebview } from '../../../src/protocol/chat';
import { answerView, comparison, controls } from '../webview/chat/fixtures';

describe('chat webview: host messages', () => {
  it('accepts the five message types', () => {
    assert.equal(isChatToWebview({ type: 'init', chat: comparison() }), true);
    assert.equal(isChatToWebview({ type: 'delta', turn: 0, answer: 1, seq: 3, content: 'Hi', reasoning: 'hm' }), true);
    assert.equal(isChatToWebview({ type: 'delta', turn: 0, answer: 1, seq: 4, toolCalls: [] }), true);
    assert.equal(isChatToWebview({ type: 'answer', turn: 0, answer: 0, seq: 5, view: answerView() }), true);
    assert.equal(isChatToWebview({ type: 'busy', busy: false, toolsOpen: true }), true);
    assert.equal(isChatToWebview({ type: 'controls', controls: controls() }), true);
  });

  it('ignores anything else on the channel', () => {
    const rejected: unknown[] = [
      null,
      'init',
      42,
      {},
      { type: 'ready' },
      { type: 'init', chat: { turns: [] } },
      { type: 'delta', turn: 0, answer: 0, content: 'no seq' },
      { type: 'delta', turn: '0', answer: 0, seq: 1 },
      { type: 'delta', turn: 0, answer: 0, seq: 1.5 },
      { type: 'delta', turn: 0, answer: 0, seq: 1, content: 7 },
      { type: 'answer', turn: 0, answer: 0, seq: 1 },
      { type: 'answer', turn: 0, answer: 0, seq: 1, view: { state: 'done' } },
      { type: 'busy', busy: 'yes', toolsOpen: false },
      { type: 'busy', busy: false },
      { type: 'controls', controls: { models: 'm' } },
      { type: 'controls', controls: { ...controls(), columns: [{ maxTokens: 8, system: '' }] } },
      { type: 'controls', controls: { ...controls(), columns: [{ maxTokens: '8', system: '' }, { maxTokens: 8, system: '' }] } },
      { type: 'init', chat: { ...comparison(), controls: undefined } },
    ];
    for (const value of rejected) assert.equal(isChatToWebview(value), false, JSON.stringify(value));
  });
});
