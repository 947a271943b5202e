import * as assert from 'node:assert/strict';
import { ChatStore } from '../../../../src/webview/chat/chat-store';
import { answerView, chatView, comparison, controls } from './fixtures';

function storeWith(chat = comparison()): ChatStore {
  const store = new ChatStore();
  store.replace(chat, 1000);
  return store;
}

function delta(answer: number, seq: number, content: string) {
  return { type: 'delta' as const, turn: 0, answer, seq, content };
}

describe('chat webview: the conversation store', () => {
  it('ignores messages until the first init', () => {
    const store = new ChatStore();
    assert.deepEqual(store.applyDelta(delta(0, 1, 'x')), { kind: 'ignored' });
    assert.equal(store.chat, undefined);
  });

  it('appends deltas in order, each answer on its own', () => {
    const store = storeWith();
    const text = ['Hel', 'lo', ', ', 'world'];
    text.forEach((part, i) => assert.equal(store.applyDelta(delta(0, 10 + i, part)).kind, 'changed'));
    store.applyDelta(delta(1, 3, 'Other'));
    store.applyDelta({ type: 'delta', turn: 0, answer: 1, seq: 4, reasoning: 'thinking' });
    assert.equal(store.turns[0].answers[0].view.content, 'Hello, world');
    assert.equal(store.turns[0].answers[1].view.content, 'Other');
    assert.equal(store.turns[0].answers[1].view.reasoning, 'thinking');
  });

  it('takes the tool calls whole from each delta (the host merges their fragments)', () => {
    const store = storeWith();
    store.applyDelta({ type: 'delta', turn: 0, answer: 0, seq: 1, toolCalls: [{ id: 'c1', name: 'search', arguments: '{"q":' }] });
    store.applyDelta({ type: 'delta', turn: 0, answer: 0, seq: 2, toolCalls: [{ id: 'c1', name: 'search', arguments: '{"q":"x"}' }] });
    assert.deepEqual(store.turns[0].answers[0].view.toolCalls, [{ id: 'c1', name: 'search', arguments: '{"q":"x"}' }]);
  });

  it('asks for the conversation again once on a seq gap, then ignores messages until the next init', () => {
    const store = storeWith();
    store.applyDelta(delta(0, 1, 'a'));
    assert.deepEqual(store.applyDelta(delta(0, 3, 'c')), { kind: 'resync' });
    assert.deepEqual(store.applyDelta(delta(0, 4, 'd')), { kind: 'ignored' });
    assert.deepEqual(store.applyDelta(delta(1, 1, 'other answer')), { kind: 'ignored' });
    assert.equal(store.turns[0].answers[0].view.content, 'a');
    store.replace(comparison(), 2000);
    assert.equal(store.applyDelta(delta(0, 9, 'fresh')).kind, 'changed');
  });

  it("continues from the seq each answer's view had in init", () => {
    const store = storeWith(chatView([{ user: 'Hi', transport: 'stream', answers: [answerView({ content: 'Hel', seq: 7 }), answerView({ seq: 0 })] }]));
    assert.equal(store.applyDelta(delta(0, 8, 'lo')).kind, 'changed');
    assert.equal(store.turns[0].answers[0].view.content, 'Hello');
    assert.deepEqual(store.applyDelta(delta(1, 2, 'skipped seq 1')), { kind: 'resync' });
  });

  it('treats a repeated or older seq as something missed too', () => {
    const store = storeWith();
    store.applyDelta(delta(0, 5, 'a'));
    assert.deepEqual(store.applyDelta(delta(0, 5, 'a')), { kind: 'resync' });
  });

  it('counts answer messages in the same order as deltas', () => {
    const store = storeWith();
    store.applyDelta(delta(0, 1, 'a'));
    assert.equal(store.applyAnswer({ type: 'answer', turn: 0, answer: 0, seq: 2, view: answerView({ state: 'done', content: 'a' }) }, 5).kind, 'changed');
    assert.deepEqual(store.applyDelta(delta(0, 2, 'b')), { kind: 'resync' });
  });

  it('asks for the conversation again when a message names an answer it does not have', () => {
    assert.deepEqual(storeWith().applyDelta({ type: 'delta', turn: 1, answer: 0, seq: 1, content: 'x' }), { kind: 'resync' });
    assert.deepEqual(storeWith().applyAnswer({ type: 'answer', turn: 0, answer: 2, seq: 1, view: answerView() }, 0), { kind: 'resync' });
  });

  it("takes an answer's figures, keeping the page's text when the host's view has less", () => {
    const store = storeWith();
    store.applyDelta(delta(0, 1, 'Partial text'));
    const view = answerView({ state: 'incomplete', content: 'Part', error: 'cut', totalMs: 900 });
    store.applyAnswer({ type: 'answer', turn: 0, answer: 0, seq: 2, view }, 5000);
    const record = store.turns[0].answers[0];
    assert.equal(record.view.content, 'Partial text');
    assert.equal(record.view.state, 'incomplete');
    assert.equal(record.view.error, 'cut');
    assert.equal(record.receivedAt, 5000);
  });

  it("takes the host's text when it has more (the full text an answer ends with)", () => {
    const store = storeWith();
    store.applyDelta(delta(0, 1, 'Hel'));
    store.applyAnswer({ type: 'answer', turn: 0, answer: 0, seq: 2, view: answerView({ state: 'done', content: 'Hello there', reasoning: 'r' }) }, 0);
    assert.equal(store.turns[0].answers[0].view.content, 'Hello there');
    assert.equal(store.turns[0].answers[0].view.reasoning, 'r');
  });

  it('starts a waiting answer from nothing (a retried answer drops its old text)', () => {
    const store = storeWith();
    store.applyDelta({ type: 'delta', turn: 0, answer: 0, seq: 1, content: 'Old answer', toolCalls: [{ arguments: '{}' }] });
    store.applyAnswer({ type: 'answer', turn: 0, answer: 0, seq: 2, view: answerView({ state: 'waiting', waitingMs: 0 }) }, 0);
    assert.equal(store.turns[0].answers[0].view.content, '');
    assert.deepEqual(store.turns[0].answers[0].view.toolCalls, []);
  });

  it('keeps the header apart from the turns, and follows busy, open tool calls and the controls', () => {
    const store = storeWith(chatView([], { busy: true, draft: 'typed once' }));
    assert.equal(store.turns.length, 0);
    assert.equal((store.chat as Record<string, unknown> | undefined)?.draft, undefined, 'the draft is for the message box, not the header');
    store.setBusy(false, true);
    assert.deepEqual([store.chat?.busy, store.chat?.toolsOpen], [false, true]);
    store.setControls(controls({ columns: [{ maxTokens: 64, system: 'Be brief.' }], models: [''], defaultModel: 'base' }));
    assert.equal(store.chat?.controls.columns[0].system, 'Be brief.');
  });

  it('keeps what each turn is: a tool turn, an imported one, its transport', () => {
    const store = storeWith(chatView([{ user: '', kind: 'tool', imported: true, transport: 'queue', answers: [answerView()] }]));
    const [turn] = store.turns;
    assert.deepEqual([turn.kind, turn.imported, turn.transport], ['tool', true, 'queue']);
  });
});
