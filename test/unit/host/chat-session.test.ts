// A chat session on Node against the simulator: two models answering side by side, every streamed
// character delivered once and in order, at most about one message per answer per frame.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../src/core/api/client';
import { ConversationStore, type ConversationRecord } from '../../../src/core/chat/conversation';
import type { ChatToWebview } from '../../../src/protocol/chat';
import { ChatSession } from '../../../src/host/chat/chat-session';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

function record(models: string[], transport: 'stream' | 'queue' = 'stream'): ConversationRecord {
  return { v: 1, chatId: 'chat-1', title: 'test', createdAt: '', models, prefix: [], transport, params: { max_tokens: 120 }, turns: [] };
}

/** What a page would show: text rebuilt from init plus deltas, checking seq has no gaps. */
function replay(messages: ChatToWebview[]): Map<string, string> {
  const text = new Map<string, string>();
  const seq = new Map<string, number>();
  for (const message of messages) {
    if (message.type === 'init') {
      message.chat.turns.forEach((turn, t) =>
        turn.answers.forEach((a, c) => {
          text.set(`${t}:${c}`, a.content);
          seq.set(`${t}:${c}`, a.seq ?? 0);
        }),
      );
    }
    if (message.type === 'delta' || message.type === 'answer') {
      const key = `${message.turn}:${message.answer}`;
      assert.equal(message.seq, (seq.get(key) ?? 0) + 1, `no gap in seq for ${key}`);
      seq.set(key, message.seq);
      if (message.type === 'delta') text.set(key, (text.get(key) ?? '') + (message.content ?? ''));
    }
  }
  return text;
}

describe('chat session', () => {
  const tmp = useTempDir();

  it('streams two models side by side: every character once, in order, coalesced per frame', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 2000 }, async (sim) => {
      const store = new ConversationStore(tmp.path);
      const session = new ChatSession(record(['tiny-random/gemma-4-dense', ADAPTOR]), { store, api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: sim.url }) }), deadlineMs: () => 10_000 });
      const messages: ChatToWebview[] = [];
      session.onDidPost((m) => messages.push(m));
      const started = performance.now();
      await session.send('Compare these answers');
      const elapsedMs = performance.now() - started;

      const [first, second] = session.record.turns[0].answers;
      assert.deepEqual([first.state, second.state], ['done', 'done']);
      assert.notEqual(first.content, second.content, 'each model its own answer');
      const shown = replay(messages);
      assert.equal(shown.get('0:0'), first.content);
      assert.equal(shown.get('0:1'), second.content);
      const deltas = messages.filter((m) => m.type === 'delta').length;
      assert.ok(deltas <= 2 * (elapsedMs / 16 + 4), `${deltas} deltas in ${elapsedMs.toFixed(0)} ms: coalesced to frames`);
      assert.deepEqual(store.load('chat-1')?.turns[0].answers.map((a) => a.content), [first.content, second.content], 'saved');
    });
  });

  it('continues the conversation, retries the last turn, stops keeping partial text, and clears', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 300 }, async (sim) => {
      const session = new ChatSession(record(['']), { store: new ConversationStore(tmp.path), api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: sim.url }) }), deadlineMs: () => 10_000 });
      await session.send('First question');
      await session.send('Second question');
      assert.equal(session.record.turns.length, 2);
      const before = session.record.turns[1].answers[0].content;
      await session.retry();
      assert.equal(session.record.turns.length, 2);
      assert.equal(session.record.turns[1].answers[0].content, before, 'the same deterministic answer again');

      const messages: ChatToWebview[] = [];
      session.onDidPost((m) => {
        messages.push(m);
        if (m.type === 'delta') session.stop();
      });
      await session.send('Third, stopped');
      const stopped = session.record.turns[2].answers[0];
      assert.equal(stopped.state, 'stopped');
      assert.ok(stopped.content.length > 0);
      assert.equal(replay(messages).get('2:0'), stopped.content);
      session.clear();
      assert.equal(session.record.turns.length, 0);
    });
  });

  it('says why when there is no deployment, as an error in the conversation', async () => {
    const session = new ChatSession(record(['']), { store: new ConversationStore(tmp.path), api: () => ({ ok: false, reason: 'No deployment URL.' }), deadlineMs: () => 1000 });
    await session.send('anyone there?');
    assert.deepEqual([session.record.turns[0].answers[0].state, session.record.turns[0].answers[0].error], ['error', 'No deployment URL.']);
  });
});
