// The chat panel's controls as the host keeps them: a single chat's on the conversation (as records always
// read), a comparison's per column once one is set apart, each value checked, the transport one for all.

import assert from 'node:assert/strict';
import type { ConversationRecord } from '../../../../src/core/chat/conversation';
import { applyControl, controlsOf } from '../../../../src/host/chat/chat-controls';

function record(models: string[], overrides: Partial<ConversationRecord> = {}): ConversationRecord {
  return { v: 1, chatId: 'c', title: 't', createdAt: '', models, prefix: [], transport: 'stream', params: { max_tokens: 64, temperature: 0.5 }, system: 'Be kind.', turns: [], ...overrides };
}

describe('chat controls', () => {
  it("sets a single chat's controls on the conversation itself, refusing values that do not fit", () => {
    const r = record(['m']);
    assert.equal(applyControl(r, 'temperature', '1.5', 0), true);
    assert.equal(applyControl(r, 'maxTokens', ' 32 ', 0), true);
    assert.equal(applyControl(r, 'system', '', 0), true);
    for (const [field, value] of [['temperature', 'hot'], ['temperature', '2.5'], ['maxTokens', '0'], ['maxTokens', '1.5']] as const) assert.equal(applyControl(r, field, value, 0), false, `${field} ${value}`);
    assert.equal(applyControl(r, 'temperature', '1', 1), false, 'a column the chat does not have');
    assert.deepEqual([r.params, r.system, r.columns], [{ max_tokens: 32, temperature: 1.5 }, undefined, undefined]);
    assert.deepEqual(controlsOf(r, undefined), { models: ['m'], columns: [{ temperature: 1.5, maxTokens: 32, system: '' }], transport: 'stream' });
  });

  it("sets a comparison's column apart, the others keeping the conversation's values, and refuses what does not fit", () => {
    const r = record(['m', 'm', 'n']);
    assert.deepEqual(controlsOf(r, undefined).columns, Array.from({ length: 3 }, () => ({ temperature: 0.5, maxTokens: 64, system: 'Be kind.' })), 'every column starts from the conversation');
    assert.equal(applyControl(r, 'temperature', '', 1), true);
    assert.equal(applyControl(r, 'system', 'Answer as a pirate.', 1), true);
    assert.equal(applyControl(r, 'maxTokens', '8', 2), true);
    assert.equal(applyControl(r, 'temperature', '-1', 0), false);
    assert.equal(applyControl(r, 'maxTokens', 'many', 1), false);
    assert.equal(applyControl(r, 'system', 'x', 3), false, 'no fourth column');
    assert.equal(applyControl(r, 'system', 'x', -1), false);
    assert.deepEqual(controlsOf(r, undefined).columns, [
      { temperature: 0.5, maxTokens: 64, system: 'Be kind.' },
      { maxTokens: 64, system: 'Answer as a pirate.' },
      { temperature: 0.5, maxTokens: 8, system: 'Be kind.' },
    ]);
    assert.deepEqual([r.params, r.system], [{ max_tokens: 64, temperature: 0.5 }, 'Be kind.'], 'the conversation keeps what it started from');
    assert.ok(r.columns);
    r.columns[0].params.max_tokens = 1;
    assert.deepEqual([r.columns[1].params.max_tokens, r.params.max_tokens], [64, 64], 'each column its own copy');
  });

  it('keeps one transport for the whole conversation, whichever column sets it', () => {
    const r = record(['m', 'n']);
    assert.equal(applyControl(r, 'transport', 'queue', 1), true);
    assert.equal(applyControl(r, 'transport', 'carrier pigeon', 0), false);
    assert.equal(r.transport, 'queue');
    assert.equal(r.columns, undefined, 'the transport sets no column apart');
    assert.equal(controlsOf(r, undefined).transport, 'queue');
  });
});
