// One answer, streamed or queued, against the simulator: deltas in order, figures, and every way it can end.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { answer, type Answer, type AnswerOptions } from '../../../../src/core/chat/answer';
import { chatRequest, ConversationStore, messagesFor, type ConversationRecord } from '../../../../src/core/chat/conversation';
import type { SimHandle } from '../../../../src/sim';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

interface Seen {
  deltas: string;
  states: string[];
  final: Answer;
}

async function ask(sim: SimHandle, text: string, options: Partial<AnswerOptions> & { model?: string } = {}): Promise<Seen> {
  const api = new ScalarLMClient({ baseUrl: sim.url });
  let deltas = '';
  const states: string[] = [];
  try {
    const final = await answer(
      api,
      { messages: [{ role: 'user', content: text }], max_tokens: 24, ...(options.model ? { model: options.model } : {}) },
      options.model ?? 'tiny-random/gemma-4-dense',
      { transport: 'stream', signal: new AbortController().signal, deadlineMs: 10_000, ...options },
      {
        delta: (part) => (deltas += part.content ?? ''),
        changed: (a) => {
          if (states[states.length - 1] !== a.state) states.push(a.state);
        },
      },
    );
    return { deltas, states, final };
  } finally {
    await api.close();
  }
}

describe('chat answers', () => {
  const tmp = useTempDir();

  it('streams text in order with time to first token, usage and tokens/s', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400 }, async (sim) => {
      const { deltas, states, final } = await ask(sim, 'Tell me about rivers.');
      assert.deepEqual(states, ['waiting', 'streaming', 'done']);
      assert.equal(final.content, deltas);
      assert.ok(final.content.length > 0);
      assert.ok(final.timeToFirstTokenMs !== undefined && final.totalMs !== undefined && final.totalMs >= final.timeToFirstTokenMs);
      assert.ok(final.usage && final.usage.completionTokens > 0);
      assert.ok(final.tokensPerSecond && final.tokensPerSecond > 0);
      assert.ok(final.finishReason);
    });
  });

  it('ends with the server text on an SSE error event, and keeps partial text when the stream is cut', async () => {
    await withSimulator({}, async (sim) => {
      const unknownModel = await ask(sim, 'hi', { model: 'no-such-model' });
      assert.equal(unknownModel.final.state, 'error');
      assert.match(String(unknownModel.final.error), /^Failed to create chat completions: /);
      const cut = await ask(sim, 'cut me [[sim:sse-cut]]');
      assert.equal(cut.final.state, 'incomplete');
      assert.ok(cut.final.content.length > 0, 'partial text kept');
    });
  });

  it('shows the queue path waiting with heartbeats, then the whole answer', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 40, slots: 1, heartbeatIntervalMs: 50 }, async (sim) => {
      const seen = await ask(sim, 'slow queued answer', { transport: 'queue' });
      assert.equal(seen.final.state, 'done');
      assert.ok((seen.final.heartbeats ?? 0) > 0, 'heartbeats counted');
      assert.ok(seen.final.content.length > 0);
    });
  });

  it('waits once for Retry-After on 429, visibly, then retries', async () => {
    await withSimulator({}, async (sim) => {
      sim.addFaults([{ kind: 'status', route: '/v1/chat/completions', arg: '429', times: 1 }]);
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const waits: (number | undefined)[] = [];
      const final = await answer(api, { messages: [{ role: 'user', content: 'x' }], max_tokens: 8 }, 'm', { transport: 'queue', signal: new AbortController().signal, deadlineMs: 10_000 }, {
        delta: () => undefined,
        changed: (a) => waits.push(a.retryAfterSeconds),
      });
      await api.close();
      assert.equal(final.state, 'done');
      assert.ok(waits.includes(1), `a visible wait: ${waits.join(',')}`);
    });
  });

  it('stops when asked, keeping what arrived', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 20 }, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const stop = new AbortController();
      const final = await answer(api, { messages: [{ role: 'user', content: 'long one' }], max_tokens: 200 }, 'm', { transport: 'stream', signal: stop.signal, deadlineMs: 10_000 }, {
        delta: (part) => part.content && stop.abort(),
        changed: () => undefined,
      });
      await api.close();
      assert.equal(final.state, 'stopped');
      assert.ok(final.content.length > 0);
    });
  });

  it('sends each model its own history, and saves conversations', () => {
    const record: ConversationRecord = {
      v: 1,
      chatId: 'c1',
      title: 't',
      createdAt: '',
      models: ['a', ''],
      system: 'Be brief.',
      prefix: [],
      transport: 'stream',
      params: { max_tokens: 8 },
      turns: [
        { user: 'first', answers: [{ model: 'a', state: 'done', content: 'A1', reasoning: '', toolCalls: [] }, { model: '', state: 'done', content: 'B1', reasoning: '', toolCalls: [] }] },
        { user: 'second', answers: [] },
      ],
    };
    assert.deepEqual(messagesFor(record, 1, 1).map((m) => `${m.role}:${m.content}`), ['system:Be brief.', 'user:first', 'assistant:B1', 'user:second']);
    assert.equal(chatRequest(record, 1, 1).model, undefined, "an empty name is the deployment's default");
    const store = new ConversationStore(tmp.path);
    store.save(record);
    assert.deepEqual(store.load('c1'), record);
    assert.deepEqual(store.list(), ['c1']);
  });
});
