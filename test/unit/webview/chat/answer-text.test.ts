import * as assert from 'node:assert/strict';
import { errorText, footerText, formatToolArguments, isFinished, modelLabel, stateAnnouncement, waitingLine } from '../../../../src/webview/chat/answer-text';
import { formatMs, wholeSeconds } from '../../../../src/webview/shared/format';
import { answerView } from './fixtures';

describe('chat webview: answer text', () => {
  it('formats durations for figures and for ticking lines', () => {
    assert.equal(formatMs(184.4), '184 ms');
    assert.equal(formatMs(3249), '3.2 s');
    assert.equal(formatMs(125_000), '2 min 05 s');
    assert.equal(wholeSeconds(12_999), '12 s');
    assert.equal(wholeSeconds(-5), '0 s');
    assert.equal(wholeSeconds(61_000), '1 min 01 s');
  });

  it('writes the footer from the figures it has, and nothing for those it lacks', () => {
    const footer = footerText(answerView({ finishReason: 'length', usage: { promptTokens: 1200, completionTokens: 256, totalTokens: 1456 }, timeToFirstTokenMs: 850, tokensPerSecond: 41.25, totalMs: 7100 }));
    assert.deepEqual(footer, { finishReason: 'Finish: length', usage: '1,200 prompt + 256 completion tokens', ttft: 'First token 850 ms', rate: '41.3 tokens/s', total: 'Total 7.1 s' });
    assert.deepEqual(footerText(answerView()), {});
  });

  it('says how long a queued answer has waited, counting on from its figures, with the heartbeats', () => {
    const view = answerView({ state: 'waiting', waitingMs: 12_000, heartbeats: 3 });
    assert.deepEqual(waitingLine(view, 'queue', 0), { kind: 'queue', text: 'Waiting in the queue… 12 s (3 heartbeats)' });
    assert.deepEqual(waitingLine(view, 'queue', 2_500), { kind: 'queue', text: 'Waiting in the queue… 14 s (3 heartbeats)' });
    assert.equal(waitingLine(answerView({ state: 'waiting', heartbeats: 1 }), 'queue', 0)?.text, 'Waiting in the queue… 0 s (1 heartbeat)');
    assert.equal(waitingLine(answerView({ state: 'waiting' }), 'queue', 4_000)?.text, 'Waiting in the queue… 4 s');
    assert.deepEqual(waitingLine(answerView({ state: 'waiting' }), 'stream', 1_000), { kind: 'stream', text: 'Waiting for the first token… 1 s' });
  });

  it('counts down a 429 wait, then says it retries', () => {
    const view = answerView({ state: 'waiting', retryAfterSeconds: 5, waitingMs: 3000 });
    assert.deepEqual(waitingLine(view, 'queue', 0), { kind: 'retry', text: 'Server busy (429): retrying in 5 s' });
    assert.equal(waitingLine(view, 'queue', 2_100)?.text, 'Server busy (429): retrying in 3 s');
    assert.equal(waitingLine(view, 'queue', 5_000)?.text, 'Server busy (429): retrying now');
  });

  it('has no waiting line once the answer is under way', () => {
    for (const state of ['streaming', 'done', 'stopped', 'interrupted', 'error', 'incomplete'] as const) assert.equal(waitingLine(answerView({ state, waitingMs: 1 }), 'queue', 0), undefined);
  });

  it("shows the server's error text, and says an incomplete answer keeps its partial text", () => {
    assert.equal(errorText(answerView({ state: 'error', error: 'Model not found' })), 'Model not found');
    assert.equal(errorText(answerView({ state: 'error' })), 'The server gave no error text.');
    assert.equal(errorText(answerView({ state: 'incomplete' })), 'The stream ended early, without [DONE]; the partial text is kept.');
    assert.equal(errorText(answerView({ state: 'incomplete', error: 'socket closed' })), 'The stream ended early, without [DONE]; the partial text is kept.\nsocket closed');
    assert.equal(errorText(answerView({ state: 'done', error: 'stale' })), undefined);
    assert.equal(errorText(answerView({ state: 'interrupted', error: 'The window reloaded.' })), 'The window reloaded.', 'what cut it off');
    assert.equal(errorText(answerView({ state: 'interrupted' })), 'Cut off on its way: the text that had arrived is kept.');
    assert.equal(errorText(answerView({ state: 'stopped', error: 'stale' })), undefined, 'the user stopped it: no box');
  });

  it('announces state changes with the model, and nothing while an answer only waits', () => {
    assert.equal(stateAnnouncement(answerView({ state: 'waiting' })), undefined);
    assert.equal(stateAnnouncement(answerView({ state: 'waiting', retryAfterSeconds: 4 })), 'llama: server busy, retrying in 4 s');
    assert.equal(stateAnnouncement(answerView({ state: 'streaming' })), 'llama: streaming');
    assert.equal(stateAnnouncement(answerView({ model: '', state: 'done' })), "deployment's default model: done");
    assert.equal(stateAnnouncement(answerView({ state: 'error', error: 'Boom' })), 'llama: error. Boom');
    assert.equal(stateAnnouncement(answerView({ state: 'interrupted', error: 'The window reloaded.' })), 'llama: interrupted. The window reloaded.');
  });

  it('knows the finished states and names the default model', () => {
    assert.deepEqual((['waiting', 'streaming', 'done', 'stopped', 'interrupted', 'error', 'incomplete'] as const).filter(isFinished), ['done', 'stopped', 'interrupted', 'error', 'incomplete']);
    assert.equal(modelLabel(''), "deployment's default model");
    assert.equal(modelLabel('', 'gemma-4'), 'gemma-4 (default)', 'named once the deployment said which it is');
    assert.equal(modelLabel('qwen'), 'qwen');
    assert.equal(modelLabel('9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'), '9f86d081884c…', 'an adaptor hash cut short');
  });

  it('indents tool arguments that are JSON, and leaves the rest as sent', () => {
    assert.equal(formatToolArguments('{"q":"x","n":2}'), '{\n  "q": "x",\n  "n": 2\n}');
    assert.equal(formatToolArguments('{"q":"x'), '{"q":"x');
  });
});
