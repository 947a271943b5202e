// An answer cut off by a window reload or a closed panel, against the simulator: the text that had arrived
// is saved as it streams (not once per token), comes back marked interrupted (not stopped) with a line
// saying what cut it, and Retry asks its turn again and gets the whole answer.

import assert from 'node:assert/strict';
import type { Answer } from '../../../../src/core/chat/answer';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { ConversationStore, type ConversationRecord } from '../../../../src/core/chat/conversation';
import { ChatSession, SAVE_WHILE_ANSWERING_MS } from '../../../../src/host/chat/chat-session';
import { interruptAnswers } from '../../../../src/host/chat/interruption';
import type { ChatToWebview } from '../../../../src/protocol/chat';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

/** Four characters a token: 400 tokens, two seconds at 200 tokens a second. */
const LONG_ANSWER = 'Rain finds the river. '.repeat(73);

function record(): ConversationRecord {
  return { v: 1, chatId: 'cut-1', title: 'test', createdAt: '', models: ['tiny-random/gemma-4-dense'], prefix: [], transport: 'stream', params: { max_tokens: 500 }, turns: [] };
}

function answer(state: Answer['state'], content = ''): Answer {
  return { model: 'm', state, content, reasoning: '', toolCalls: [] };
}

/** Keeps a copy of the first answer of the last turn at every save. */
class RecordingStore extends ConversationStore {
  readonly saved: { atMs: number; answer: Answer | undefined }[] = [];

  override save(conversation: ConversationRecord): void {
    super.save(conversation);
    this.saved.push({ atMs: performance.now(), answer: structuredClone(conversation.turns.at(-1)?.answers[0]) });
  }
}

describe('chat: an answer cut off on its way', () => {
  const tmp = useTempDir();

  function session(url: string, store: ConversationStore, from = record()): ChatSession {
    return new ChatSession(from, { store, api: () => ({ ok: true, api: new ScalarLMClient({ baseUrl: url }) }), deadlineMs: () => 20_000 });
  }

  it('marks only answers still on their way, with a line saying what cut them off', () => {
    const turns = [{ user: 'a', answers: [answer('done', 'A'), answer('stopped', 'B')] }, { user: 'b', answers: [answer('streaming', 'par'), { ...answer('waiting'), waitingMs: 900, heartbeats: 2 }] }];
    assert.equal(interruptAnswers(turns, 'window'), true);
    assert.deepEqual(
      turns.flatMap((turn) => turn.answers.map((a) => a.state)),
      ['done', 'stopped', 'interrupted', 'interrupted'],
    );
    assert.equal(turns[1].answers[0].content, 'par', 'the text kept');
    assert.match(turns[1].answers[0].error ?? '', /window reloaded or closed/);
    assert.deepEqual([turns[1].answers[1].waitingMs, turns[1].answers[1].heartbeats], [undefined, undefined], 'no wait shown any more');
    assert.equal(interruptAnswers(turns, 'panel'), false, 'nothing left on its way');
    const closed = [{ user: 'c', answers: [answer('streaming', 'x')] }];
    interruptAnswers(closed, 'panel');
    assert.match(closed[0].answers[0].error ?? '', /panel was closed/);
  });

  it('saves the text as it streams, at most once a second, and the whole answer at its end', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 200 }, async (sim) => {
      const store = new RecordingStore(tmp.path);
      const chat = session(sim.url, store);
      let deltas = 0;
      chat.onDidPost((message) => (deltas += message.type === 'delta' ? 1 : 0));
      const started = performance.now();
      await chat.send(`Tell me about rain. [[sim:respond=${LONG_ANSWER}]]`);
      const elapsedMs = performance.now() - started;
      const final = chat.record.turns[0].answers[0];
      assert.equal(final.content, LONG_ANSWER);
      const streaming = store.saved.filter((save) => save.answer?.state === 'streaming');
      assert.ok(streaming.length >= 1, 'saved while it streamed');
      assert.ok(streaming.every((save) => save.answer && save.answer.content.length > 0 && LONG_ANSWER.startsWith(save.answer.content)), 'with the text that had arrived');
      assert.ok(store.saved.length <= 2 + Math.ceil(elapsedMs / SAVE_WHILE_ANSWERING_MS), `${store.saved.length} saves in ${elapsedMs.toFixed(0)} ms`);
      assert.ok(deltas > 4 * store.saved.length, `${deltas} deltas, ${store.saved.length} saves: not a save per token`);
      assert.equal(store.saved.at(-1)?.answer?.state, 'done');
      assert.equal(new ConversationStore(tmp.path).load('cut-1')?.turns[0].answers[0].content, LONG_ANSWER);
    });
  });

  it('comes back interrupted when a saved answer was still streaming, and Retry asks again in full', async () => {
    await withSimulator({}, async (sim) => {
      const store = new ConversationStore(tmp.path);
      const saved = { ...record(), turns: [{ user: `Tell me about rain. [[sim:respond=${LONG_ANSWER}]]`, answers: [answer('streaming', 'Rain finds')] }] };
      store.save(saved);
      const chat = session(sim.url, store, saved);
      const shown = chat.view().turns[0].answers[0];
      assert.deepEqual([shown.state, shown.content], ['interrupted', 'Rain finds']);
      assert.match(shown.error ?? '', /window reloaded or closed/);
      assert.equal(store.load('cut-1')?.turns[0].answers[0].state, 'interrupted', 'saved so');
      assert.equal(chat.view().busy, false);

      await chat.retry();
      assert.equal(chat.record.turns.length, 1, 'the same turn');
      assert.deepEqual([chat.record.turns[0].answers[0].state, chat.record.turns[0].answers[0].content, chat.record.turns[0].answers[0].error], ['done', LONG_ANSWER, undefined]);
    });
  });

  it('keeps the text so far when the window goes mid-stream, saved at once, and takes nothing that arrives after', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 100 }, async (sim) => {
      const store = new RecordingStore(tmp.path);
      const chat = session(sim.url, store);
      const messages: ChatToWebview[] = [];
      chat.onDidPost((message) => messages.push(message));
      const sending = chat.send(`Tell me about rain. [[sim:respond=${LONG_ANSWER}]]`);
      await waitFor(() => (chat.record.turns[0]?.answers[0].content.length ?? 0) >= 40, { timeoutMs: 10_000, what: 'some text' });
      chat.interrupt('window');
      const cut = structuredClone(chat.record.turns[0].answers[0]);
      assert.equal(cut.state, 'interrupted');
      assert.deepEqual(store.saved.at(-1)?.answer, cut, 'saved at once');
      await sending;
      assert.deepEqual(chat.record.turns[0].answers[0], cut, 'nothing taken after');
      assert.ok(cut.content.length >= 40 && cut.content.length < LONG_ANSWER.length && LONG_ANSWER.startsWith(cut.content));
      assert.deepEqual(new ConversationStore(tmp.path).load('cut-1')?.turns[0].answers[0], cut);
      chat.interrupt('panel');
      assert.match(chat.record.turns[0].answers[0].error ?? '', /window reloaded/, 'the first cause stands');
    });
  });

  it('marks an answer cut off by closing its panel as interrupted by that, not stopped', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 100 }, async (sim) => {
      const chat = session(sim.url, new ConversationStore(tmp.path));
      const sending = chat.send(`Tell me about rain. [[sim:respond=${LONG_ANSWER}]]`);
      await waitFor(() => (chat.record.turns[0]?.answers[0].content.length ?? 0) > 0, { timeoutMs: 10_000, what: 'some text' });
      chat.dispose();
      await sending;
      const saved = new ConversationStore(tmp.path).load('cut-1')?.turns[0].answers[0];
      assert.equal(saved?.state, 'interrupted');
      assert.match(saved?.error ?? '', /panel was closed/);
      assert.ok((saved?.content.length ?? 0) > 0);
    });
  });

  it('still marks an answer the user stopped as stopped', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 100 }, async (sim) => {
      const chat = session(sim.url, new ConversationStore(tmp.path));
      const sending = chat.send(`Tell me about rain. [[sim:respond=${LONG_ANSWER}]]`);
      await waitFor(() => (chat.record.turns[0]?.answers[0].content.length ?? 0) > 0, { timeoutMs: 10_000, what: 'some text' });
      chat.stop();
      await sending;
      chat.dispose();
      assert.equal(new ConversationStore(tmp.path).load('cut-1')?.turns[0].answers[0].state, 'stopped');
    });
  });
});
