import * as assert from 'node:assert/strict';
import { get, json, post, results, sseData, rawRequest, useSimulator } from './helpers';

describe('sim: legacy profile (protocol §10.2 "Old")', () => {
  describe('unpadded ids', () => {
    const sim = useSimulator({ profile: 'legacy', zeroLatency: true });

    it('uses unpadded ids and sorts results as strings', async () => {
      const prompts = Array.from({ length: 12 }, (_, i) => `old ${i}`);
      const rows = results(await post(sim(), '/v1/generate', { prompts, max_tokens: 2 }));
      const suffixes = rows.map((r) => String(r.request_id).split('_')[1]);
      assert.deepEqual(suffixes, ['0', '1', '10', '11', '2', '3', '4', '5', '6', '7', '8', '9']);
      const again = results(await post(sim(), '/v1/generate/get_results', { request_ids: [rows[0].request_id] }));
      assert.deepEqual(again, rows);
    });

    it('reports the first seven metrics keys', async () => {
      assert.deepEqual(Object.keys(json(await get(sim(), '/v1/generate/metrics'))), ['queue_depth', 'requests', 'tokens', 'total_time', 'token/s', 'request/s', 'flop/s']);
    });

    it('has no request browser and no Prometheus route', async () => {
      for (const path of ['/v1/generate/list_requests', `/v1/generate/request/${'a'.repeat(64)}`, '/v1/metrics']) {
        const reply = await get(sim(), path);
        assert.equal(reply.status, 404, path);
        assert.deepEqual(json(reply), { detail: 'Not Found' });
      }
    });

    it('has no megatron health key', async () => {
      assert.deepEqual(json(await get(sim(), '/v1/health')), { api: 'up', vllm: 'up', all: 'up' });
    });

    it('proxies non-streaming chat straight to vLLM, labelled text/event-stream', async () => {
      const reply = await post(sim(), '/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }], max_tokens: 3 });
      assert.equal(reply.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.equal(reply.headers.get('transfer-encoding'), 'chunked');
      assert.equal(reply.headers.get('content-length'), null);
      assert.equal(json<{ object: string }>(reply).object, 'chat.completion');
      const unknown = await post(sim(), '/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }], model: 'nope' });
      assert.match(unknown.text, /^data: \{"error": "Failed to create chat completion: /);
    });

    it('streams without the usage chunk (stream_options is not forwarded)', async () => {
      const data = sseData((await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }], stream: true, max_tokens: 3 })).body);
      assert.equal(data[data.length - 1], '[DONE]');
      assert.ok(data.slice(0, -1).every((d) => (JSON.parse(d) as { choices: unknown[] }).choices.length === 1));
    });

    it('gives the str(e) error texts: an empty string for a bare AssertionError', async () => {
      const rows = results(await post(sim(), '/v1/generate', { prompts: ['[[sim:item-error]] old'] }));
      assert.equal(rows[0].error, 'Invalid request type: embed');
    });

    it('has broken upload and download (500)', async () => {
      assert.equal((await post(sim(), '/v1/generate/download', { request_id: 'x' })).status, 500);
      assert.equal((await post(sim(), '/v1/generate/upload', {})).status, 500);
    });
  });

  describe('integer ids', () => {
    const sim = useSimulator({ profile: 'legacy', legacyIds: 'integer', zeroLatency: true });

    it('numbers prompts with integers and answers get_results for exactly those ids', async () => {
      const first = results(await post(sim(), '/v1/generate', { prompts: ['a', 'b', 'c'], max_tokens: 2 }));
      assert.deepEqual(first.map((r) => r.request_id), [1, 2, 3]);
      const second = results(await post(sim(), '/v1/generate', { prompts: ['d'], max_tokens: 2 }));
      assert.deepEqual(second.map((r) => r.request_id), [4]);
      const polled = results(await post(sim(), '/v1/generate/get_results', { request_ids: [3, 4] }));
      assert.deepEqual(polled.map((r) => r.request_id), [3, 4]);
      assert.equal(polled[0].response, first[2].response);
      assert.equal((await post(sim(), '/v1/generate/get_results', { request_ids: [99] })).status, 500);
      assert.equal((await post(sim(), '/v1/generate/get_results', { request_ids: ['abc_1'] })).status, 422);
    });
  });
});
