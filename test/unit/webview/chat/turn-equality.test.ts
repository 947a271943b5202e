import * as assert from 'node:assert/strict';
import type { TurnRecord } from '../../../../src/webview/chat/chat-store';
import { sameTurn, sameValue } from '../../../../src/webview/chat/turn-equality';
import { answerView } from './fixtures';

function turn(user: string, ...contents: string[]): TurnRecord {
  return { user, transport: 'stream', answers: contents.map((content, index) => ({ turn: 0, index, view: answerView({ state: 'done', content }), receivedAt: 0, lastSeq: undefined })) };
}

describe('chat webview: unchanged turns', () => {
  it('compares message data whatever the order of keys, with undefined as absent', () => {
    assert.equal(sameValue({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }), true);
    assert.equal(sameValue({ a: 1, retryAfterSeconds: undefined }, { a: 1 }), true);
    assert.equal(sameValue({ a: 1 }, { a: 2 }), false);
    assert.equal(sameValue([1, 2], [1, 2, 3]), false);
    assert.equal(sameValue([1], { 0: 1 }), false);
    assert.equal(sameValue(null, {}), false);
  });

  it('finds a turn the same only when the user text and every answer are', () => {
    assert.equal(sameTurn(turn('Hi', 'a', 'b'), turn('Hi', 'a', 'b')), true);
    assert.equal(sameTurn(turn('Hi', 'a', 'b'), turn('Hi', 'a', 'b!')), false);
    assert.equal(sameTurn(turn('Hi', 'a'), turn('Hi', 'a', 'b')), false);
    assert.equal(sameTurn(turn('Hi', 'a'), turn('Hello', 'a')), false);
    assert.equal(sameTurn(turn('Hi', 'a'), { ...turn('Hi', 'a'), transport: 'queue' }), false, 'sent another way');
    assert.equal(sameTurn(turn('', 'a'), { ...turn('', 'a'), kind: 'tool' }), false);
  });

  it('ignores the seq an init gives each answer: it orders messages, it does not show', () => {
    const incoming = turn('Hi', 'a');
    incoming.answers[0].view.seq = 42;
    assert.equal(sameTurn(turn('Hi', 'a'), incoming), true);
  });
});
