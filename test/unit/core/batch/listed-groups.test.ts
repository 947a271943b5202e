// Whether a batch the server lists is this group of {messages} prompts: item by item, never by a likeness.

import assert from 'node:assert/strict';
import { holdsBatch } from '../../../../src/core/batch/listed-groups';

const item = (prompt: string, extra: Record<string, unknown> = {}) => ({ prompt, model: 'm', max_tokens: 32, temperature: 0, tools: null, tool_choice: null, request_type: 'generate', ...extra });
const turn = (text: string) => `<start_of_turn>user\n${text}<end_of_turn>\n<start_of_turn>model\n`;
const target = (...texts: string[]) => ({ prompts: texts.map((content) => ({ messages: [{ role: 'user', content }] })), params: { model: 'm', max_tokens: 32 } });

describe('a listed batch matched to a group of chat prompts', () => {
  it('matches the stored request whose rendered prompts hold each item’s messages with one template', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada')), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), true);
  });

  it('refuses other parameters, another count, or prompts in another order', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada'), { max_tokens: 16 }), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Ada'), { temperature: 0.5 }), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Ada'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Grace')), item(turn('Hi Ada'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch({ error: 'too large to display' }, target('Hi Ada')), false);
  });

  it('refuses a batch whose prompts say more than the messages (the text around them differs item to item)', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada, how are you')), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
  });
});
