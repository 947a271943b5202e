// How the results panel words an item's number, an embedding, what the server knows, a retry's parent and
// the copy buttons' target.

import * as assert from 'node:assert/strict';
import { embeddingSummary, embeddingValues, hiddenByFilter, itemLabel, itemTitle } from '../../../../src/webview/results/item-text';
import { serverFactsLines } from '../../../../src/webview/results/server-facts-text';
import { copyTarget, retryLine } from '../../../../src/webview/results/wording';
import { item } from './fixtures';

describe('results webview: detail text', () => {
  it('numbers items from 1, as people count, with a retry\'s kept number', () => {
    assert.equal(itemTitle(item(0)), 'Item 1');
    assert.equal(itemLabel(item(0)), '#1');
    assert.equal(itemTitle(item(2, { number: 1043 })), 'Item 1,043');
    assert.match(hiddenByFilter(item(4)), /^Item 5 is selected, but the filter or the search hides it/);
  });

  it('sums up an embedding and shows its first values', () => {
    const embedding = { dimension: 384, norm: 0.99996, first: [0.01234, -0.5, 1] };
    assert.equal(embeddingSummary(embedding), 'Embedding: 384 dimensions, norm 1.000');
    assert.equal(embeddingValues(embedding), '0.0123, -0.5000, 1.0000, … (the first 3 of 384)');
    assert.equal(embeddingValues({ dimension: 2, norm: 1, first: [0.6, 0.8] }), '0.6000, 0.8000');
    assert.equal(embeddingSummary({ dimension: 1, norm: 1, first: [1] }), 'Embedding: 1 dimension, norm 1.000');
  });

  it('says what the server knows: tokens, the group\'s timing, a stored finish reason', () => {
    const at = new Date(2026, 0, 31, 14, 5, 3).getTime();
    assert.deepEqual(serverFactsLines({ state: 'found', promptTokens: 5, completionTokens: 7, totalTokens: 12, submittedAt: at, completedAt: at + 3200, groupStatus: 'completed', groupSize: 8 }), [
      '12 tokens: 5 prompt + 7 completion',
      'Its group of 8 was submitted at 14:05:03 and completed 3.2 s later',
    ]);
    assert.deepEqual(serverFactsLines({ state: 'found', submittedAt: at, groupStatus: 'in_progress' }), [
      'No token counts: the worker did not report them.',
      'Its group was submitted at 14:05:03 and is still in progress on the server',
    ]);
    assert.deepEqual(serverFactsLines({ state: 'found', completionTokens: 1, finishReason: 'length' }), ['Tokens: 1 completion', 'Finish reason: length']);
    assert.deepEqual(serverFactsLines({ state: 'found', completedAt: at - 1, submittedAt: at })[1], 'Its group was submitted at 14:05:03 and completed 0 ms later', 'clocks a millisecond apart');
    assert.deepEqual(serverFactsLines({ state: 'found', totalTokens: 1, completedAt: at, submittedAt: at + 60_000 }), [
      '1 token',
      'Its group completed at 14:05:03; its request was written again at 14:06:03',
    ]);
    assert.deepEqual(serverFactsLines({ state: 'none', note: 'Older server.' }), ['Older server.']);
  });

  it('names the run a retry retries by its title, and which group the copy buttons copy', () => {
    assert.equal(retryLine({ title: 'prompts.jsonl', createdAt: new Date(2026, 0, 31, 14, 5).toISOString() }), 'Retries the failed prompts of prompts.jsonl (started 2026-01-31 14:05)');
    assert.equal(retryLine(undefined), 'Retries the failed prompts of a run since deleted');
    assert.equal(copyTarget(undefined), 'the first group');
    assert.equal(copyTarget(3), "group 3, the selected item's");
    assert.match(copyTarget(-1), /never sent/);
  });
});
