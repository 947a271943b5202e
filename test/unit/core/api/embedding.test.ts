// An item whose response is a list of numbers (an embedding, protocol §9): read as its canonical text
// instead of failing the call, and read back only from exactly that text.

import assert from 'node:assert/strict';
import { embeddingOf, embeddingText } from '../../../../src/core/api/embedding';
import { MalformedResponseError } from '../../../../src/core/api/errors';
import { Harness, sendJson } from './test-server';

describe('embeddings in batch results', () => {
  const harness = new Harness();
  afterEach(() => harness.closeAll());

  it('reads back exactly the text a vector travels as, and nothing else', () => {
    const vector = [0.25, -0.5, 1e-7, 3];
    assert.equal(embeddingText(vector), '[0.25,-0.5,1e-7,3]');
    assert.deepEqual(embeddingOf(embeddingText(vector)), vector);
    for (const text of ['[0.25, -0.5]', '[]', '["a"]', '[1,"2"]', 'The answer is [1,2]', '[1,2]\n', '[1,2', null, undefined, '[0.10]']) {
      assert.equal(embeddingOf(text), undefined, `${JSON.stringify(text)} is not a vector's text`);
    }
  });

  it('takes a results row whose response is a list of numbers, as its text', async () => {
    const { client } = await harness.start((_request, response) =>
      sendJson(response, 200, { results: [{ request_id: 'g_000000000', response: [0.5, -0.25, 0.0], error: null }, { request_id: 'g_000000001', response: 'text', error: null }] }),
    );
    const { data } = await client.getResults(['g_000000000']);
    assert.deepEqual(data.results.map((r) => r.response), ['[0.5,-0.25,0]', 'text']);
    assert.deepEqual(embeddingOf(data.results[0].response), [0.5, -0.25, 0]);
  });

  it('still refuses a response that is a list of anything else, naming the row', async () => {
    for (const response of [[0.5, 'x'], [], [null]]) {
      const { client } = await harness.start((_request, answer) => sendJson(answer, 200, { results: [{ request_id: 'g_000000000', response, error: null }] }));
      await assert.rejects(client.generate({ prompts: ['p'], max_tokens: 4 }), (error: unknown) => {
        assert.ok(error instanceof MalformedResponseError, String(error));
        assert.match(error.message, /results\[0\]\.response is neither text, a list of numbers, nor null/);
        return true;
      });
    }
  });
});
