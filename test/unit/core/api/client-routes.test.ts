import * as assert from 'node:assert/strict';
import { HttpStatusError, TimeoutError } from '../../../../src/core/api/errors';
import { DEFAULT_TIMEOUTS, timingFor } from '../../../../src/core/api/timeouts';
import type { GenerateRequest, RequestRow } from '../../../../src/core/api/types';
import { Harness, sendJson } from './test-server';

const GROUP = 'bbcd21c9bd9f38eaac5d0ab93a65201eedae734a70632f8393052c8b55503835';
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('ScalarLMClient routes', () => {
  const harness = new Harness();
  afterEach(() => harness.closeAll());

  it('GET /v1/models returns the list inside the OpenAI envelope', async () => {
    const model = { id: 'tiny-random/gemma-4-dense', object: 'model', created: 1, owned_by: 'vllm', root: 'x', parent: null, max_model_len: 2048 };
    const { server, client } = await harness.start((_, res) => sendJson(res, 200, { object: 'list', data: [model] }));
    const { data } = await client.models();
    assert.deepEqual(data, [model]);
    assert.equal(server.last.method, 'GET');
    assert.equal(server.last.url, '/v1/models');
  });

  it('GET /v1/health and /v1/health/keepalive', async () => {
    const health = { api: 'up', vllm: { status: 'down', reason: 'connection refused' }, megatron: 'up', all: 'mixed' };
    const { server, client } = await harness.start((req, res) => sendJson(res, 200, req.url === '/v1/health' ? health : { status: 'ok' }));
    assert.deepEqual((await client.health()).data, health);
    assert.deepEqual((await client.keepalive()).data, { status: 'ok' });
    assert.deepEqual(server.received.map((r) => r.url), ['/v1/health', '/v1/health/keepalive']);
  });

  it('POST /v1/generate sends prompts of all three shapes with every batch field, and reads pending items as nulls', async () => {
    const results = [
      { request_id: `${GROUP}_000000000`, response: 'two', error: null },
      { request_id: `${GROUP}_000000001`, response: null, error: null },
      { request_id: `${GROUP}_000000002`, response: null, error: 'AssertionError' },
    ];
    const { server, client } = await harness.start((_, res) => sendJson(res, 200, { results }));
    const request: GenerateRequest = {
      prompts: ['What is 1 + 1?', { prompt: 'Say hi' }, { messages: [{ role: 'user', content: 'Grüße' }] }],
      model: 'tiny-random/gemma-4-dense',
      max_tokens: 32,
      temperature: 0.5,
      tools: [{ type: 'function', function: { name: 'f', parameters: {} } }],
      tool_choice: 'auto',
    };
    const { data } = await client.generate(request);
    assert.deepEqual(data.results, results);
    assert.equal(server.last.url, '/v1/generate');
    assert.equal(server.last.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(server.last.body), request);
  });

  it('POST /v1/generate/get_results sends the ids and reads whole groups, integer ids of old servers too', async () => {
    const { server, client } = await harness.start((_, res) =>
      sendJson(res, 200, { results: [{ request_id: 7, response: 'old', error: null }, { request_id: `${GROUP}_1`, response: '', error: null }] }),
    );
    const { data } = await client.getResults([7, `${GROUP}_1`]);
    assert.deepEqual(JSON.parse(server.last.body), { request_ids: [7, `${GROUP}_1`] });
    assert.deepEqual(data.results.map((r) => r.request_id), [7, `${GROUP}_1`]);
    assert.equal(data.results[1].response, '');
  });

  it('GET /v1/generate/metrics normalises the spelling servers send, keeping unknown keys and leaving missing ones undefined', async () => {
    const { client } = await harness.start((_, res) =>
      sendJson(res, 200, { queue_depth: 3, requests: 10, tokens: 500, total_time: 12.5, 'token/s': 40.2, 'request/s': 0.8, 'flop/s': 1e12, chat_in_flight: 2, vllm_version: '0.9' }),
    );
    const { data } = await client.metrics();
    assert.deepEqual(data, {
      queueDepth: 3,
      requests: 10,
      tokens: 500,
      totalTimeSeconds: 12.5,
      tokensPerSecond: 40.2,
      requestsPerSecond: 0.8,
      flopsPerSecond: 1e12,
      chat: { inFlight: 2 },
      extra: { vllm_version: '0.9' },
    });
  });

  it('GET /v1/generate/list_requests sends cursor and limit', async () => {
    const { server, client } = await harness.start((_, res) => sendJson(res, 200, { rows: [], next_cursor: null, has_more: false }));
    await client.listRequests({ cursor: 1730328380.001, limit: 20 });
    await client.listRequests();
    assert.deepEqual(server.received.map((r) => r.url), ['/v1/generate/list_requests?cursor=1730328380.001&limit=20', '/v1/generate/list_requests']);
  });

  it('allRequests follows next_cursor while has_more, newest first', async () => {
    const row = (n: number): RequestRow => ({
      request_id: String(n).repeat(64).slice(0, 64),
      mtime: 1000 - n,
      size_bytes: 10,
      request_count: 1,
      status: 'completed',
      completed_at: null,
      model: 'm',
      request_type: 'generate',
      prompt_preview: `p${n}`,
      has_response: true,
    });
    const pages = [
      { rows: [row(1), row(2)], next_cursor: 998, has_more: true },
      { rows: [row(3), row(4)], next_cursor: 996, has_more: true },
      { rows: [row(5)], next_cursor: null, has_more: false },
    ];
    const { server, client } = await harness.start((req, res) => {
      const cursor = new URL(req.url, 'http://x').searchParams.get('cursor');
      sendJson(res, 200, pages[cursor === null ? 0 : cursor === '998' ? 1 : 2]);
    });
    const seen: string[] = [];
    for await (const r of client.allRequests({ pageSize: 2 })) seen.push(r.prompt_preview);
    assert.deepEqual(seen, ['p1', 'p2', 'p3', 'p4', 'p5']);
    assert.deepEqual(server.received.map((r) => r.url), [
      '/v1/generate/list_requests?limit=2',
      '/v1/generate/list_requests?cursor=998&limit=2',
      '/v1/generate/list_requests?cursor=996&limit=2',
    ]);
  });

  describe('lookupRequest (protocol §5.2)', () => {
    it('finds a request', async () => {
      const detail = { request_id: GROUP, request: [], response: null, status: null, request_mtime: 1.7e9, response_mtime: null };
      const { server, client } = await harness.start((_, res) => sendJson(res, 200, detail));
      assert.deepEqual((await client.lookupRequest(GROUP)).data, { state: 'found', detail });
      assert.equal(server.last.url, `/v1/generate/request/${GROUP}`);
    });

    it('tells a missing request from a server without the route', async () => {
      const { client, log } = await harness.start((req, res) =>
        sendJson(res, 404, { detail: req.url.endsWith('a'.repeat(64)) ? `request ${'a'.repeat(64)} not found` : 'Not Found' }),
      );
      assert.deepEqual((await client.lookupRequest('a'.repeat(64))).data, { state: 'not-found' });
      assert.deepEqual((await client.lookupRequest(GROUP)).data, { state: 'route-missing' });
      assert.deepEqual(log.map((entry) => [entry.status, entry.error]), [[404, undefined], [404, undefined]]);
    });

    it('explains a per-prompt id refused with 400', async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 400, { detail: 'request_id must be a 64-char hex string' }));
      await assert.rejects(client.lookupRequest(`${GROUP}_000000001`), (error: unknown) => {
        assert.ok(error instanceof HttpStatusError);
        assert.equal(error.status, 400);
        assert.match(error.message, /group id \(64 lowercase hex characters\)/);
        assert.match(error.message, /part before the "_"/);
        return true;
      });
    });
  });

  describe('headers', () => {
    it('sends a well-formed traceparent and returns its trace id with the data and in the log', async () => {
      const { server, client, log } = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }));
      const first = await client.keepalive();
      const second = await client.keepalive();
      const [sentFirst, sentSecond] = server.received.map((r) => TRACEPARENT.exec(String(r.headers.traceparent)));
      assert.ok(sentFirst && sentSecond, 'traceparent must be 00-<32 hex>-<16 hex>-01');
      assert.equal(first.traceId, sentFirst[1]);
      assert.equal(second.traceId, sentSecond[1]);
      assert.notEqual(first.traceId, second.traceId);
      assert.notEqual(sentFirst[2], sentSecond[2]);
      assert.deepEqual(
        log.map(({ method, path, status, traceId }) => ({ method, path, status, traceId })),
        [first, second].map(({ traceId }) => ({ method: 'GET', path: '/v1/health/keepalive', status: 200, traceId })),
      );
      assert.ok(log.every((entry) => entry.ms >= 0));
    });

    it('sends no Authorization header unless the caller gives extra headers', async () => {
      const plain = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }));
      await plain.client.keepalive();
      assert.equal(plain.server.last.headers.authorization, undefined);

      const gateway = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }), {
        headers: { Authorization: 'Bearer gateway-token', 'X-Tenant': 'lab' },
      });
      await gateway.client.keepalive();
      assert.equal(gateway.server.last.headers.authorization, 'Bearer gateway-token');
      assert.equal(gateway.server.last.headers['x-tenant'], 'lab');
      assert.match(String(gateway.server.last.headers.traceparent), TRACEPARENT);
    });
  });

  it('joins a base URL with a path prefix and a trailing slash (a gateway)', async () => {
    const { server, client } = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }), { path: '/scalarlm/' });
    await client.keepalive();
    assert.equal(server.last.url, '/scalarlm/v1/health/keepalive');
    assert.equal(client.baseUrl, `${server.url}/scalarlm`);
  });

  it('keeps connections alive and reuses them', async () => {
    const { server, client } = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }));
    for (let i = 0; i < 6; i++) await client.keepalive();
    // The pool may open a second connection while the first is being released; without keep-alive it would open six.
    assert.ok(new Set(server.received.map((r) => r.remotePort)).size <= 2);
  });

  it('rejects a base URL that is not http(s)', () => {
    assert.throws(() => harness.client('localhost:8000'), /must start with http:\/\/ or https:\/\//);
    assert.throws(() => harness.client('not a url'), /is not a URL/);
  });

  describe('timeouts fit the server', () => {
    it('lets /v1/generate hold its answer longer than an ordinary call may', async () => {
      const { client } = await harness.start(
        (req, res) => {
          // The server holds /v1/generate (up to 60 s in reality); here longer than the ordinary idle limit.
          const answer = () => sendJson(res, 200, req.url === '/v1/generate' ? { results: [] } : { queue_depth: 0 });
          setTimeout(answer, 300);
        },
        { timeouts: { idleMs: 100, longPollIdleMs: 2000 } },
      );
      assert.deepEqual((await client.generate({ prompts: [] })).data, { results: [] });
      await assert.rejects(client.metrics(), (error: unknown) => error instanceof TimeoutError && error.phase === 'idle' && error.timeoutMs === 100);
    });

    it('gives get_results 60 s more per extra group it may wait on', () => {
      const one = timingFor(DEFAULT_TIMEOUTS, 'long-poll', 1);
      const three = timingFor(DEFAULT_TIMEOUTS, 'long-poll', 3);
      assert.equal(one.idleMs, 90_000);
      assert.equal(three.idleMs, 90_000 + 120_000);
      assert.equal(three.overallMs, DEFAULT_TIMEOUTS.overallMs + 120_000);
      assert.equal(timingFor(DEFAULT_TIMEOUTS, 'stream').overallMs, undefined);
    });
  });
});
