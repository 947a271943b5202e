import * as assert from 'node:assert/strict';
import { simulatedCompletion } from '../../../src/sim';
import { eventually, get, json, post, rawRequest, readUntil, results, sseData, useSimulator } from './helpers';

const chat = (content: string, stream = false): unknown => ({ messages: [{ role: 'user', content }], stream, max_tokens: 6 });

describe('sim: fault injection', () => {
  const logLines: string[] = [];
  const sim = useSimulator({ tokensPerSecond: 2000, heartbeatIntervalMs: 20, responseTimeoutMs: 300, log: (line) => logLines.push(line) });
  afterEach(() => sim().clearFaults());

  describe('status', () => {
    it('by flag: an nginx 503 with Retry-After on the route, then healthy once used up', async () => {
      sim().addFaults([{ kind: 'status', route: '/v1/generate', arg: '503', times: 1 }]);
      const before = sim().stats().enqueuedPrompts;
      const failed = await post(sim(), '/v1/generate', { prompts: ['status flag'] });
      assert.equal(failed.status, 503);
      assert.match(failed.text, /<title>503 Service Temporarily Unavailable<\/title>/);
      assert.equal(failed.headers.get('retry-after'), '1');
      assert.equal(sim().stats().enqueuedPrompts, before, 'nothing was queued');
      assert.equal((await post(sim(), '/v1/generate', { prompts: ['status flag'] })).status, 200);
    });

    it('by marker: fires the first time that exact body is seen only', async () => {
      const body = { prompts: ['[[sim:status=502]] once'] };
      const failed = await post(sim(), '/v1/generate', body);
      assert.equal(failed.status, 502);
      assert.match(failed.headers.get('content-type') ?? '', /text\/html/);
      assert.equal((await post(sim(), '/v1/generate', body)).status, 200);
      const plain = await post(sim(), '/v1/generate', { prompts: ['[[sim:status]] default'] });
      assert.equal(plain.status, 500);
      assert.equal(plain.text, 'Internal Server Error');
    });
  });

  describe('drop-before and drop-after', () => {
    it('drop-before (flag) hangs up with nothing processed', async () => {
      sim().addFaults([{ kind: 'drop-before', route: '/v1/generate', times: 1 }]);
      const before = sim().stats();
      const exchange = await rawRequest(sim(), 'POST', '/v1/generate', { prompts: ['dropped before'] });
      assert.equal(exchange.outcome, 'error');
      assert.equal(exchange.status, undefined);
      assert.equal(sim().stats().enqueuedPrompts, before.enqueuedPrompts);
      assert.deepEqual(sim().stats().generateSubmissions, before.generateSubmissions);
    });

    it('drop-before (marker) fires once', async () => {
      const body = { prompts: ['[[sim:drop-before]] x'] };
      assert.equal((await rawRequest(sim(), 'POST', '/v1/generate', body)).outcome, 'error');
      assert.equal((await rawRequest(sim(), 'POST', '/v1/generate', body)).status, 200);
    });

    it('drop-after (marker) queues the batch, hangs up, and the retry finds it', async () => {
      const body = { prompts: ['[[sim:drop-after]] reconcile me'], max_tokens: 3 };
      const exchange = await rawRequest(sim(), 'POST', '/v1/generate', body);
      assert.equal(exchange.outcome, 'error');
      const newest = json<{ rows: { request_id: string }[] }>(await get(sim(), '/v1/generate/list_requests?limit=1')).rows[0].request_id;
      assert.equal(sim().stats().generateSubmissions[newest], 1, 'the dropped request was processed');
      const retry = results(await post(sim(), '/v1/generate', body));
      const retriedGroup = String(retry[0].request_id).split('_')[0];
      assert.equal(retriedGroup, newest);
      assert.equal(sim().stats().generateSubmissions[retriedGroup], 2);
      assert.equal(retry[0].response, simulatedCompletion('[[sim:drop-after]] reconcile me', 3).text);
      assert.equal((await get(sim(), `/v1/generate/request/${retriedGroup}`)).status, 200);
    });

    it('drop-after (flag) on chat queues the work without answering', async () => {
      sim().addFaults([{ kind: 'drop-after', route: '/v1/chat/completions', times: 1 }]);
      const before = sim().stats().enqueuedPrompts;
      assert.equal((await rawRequest(sim(), 'POST', '/v1/chat/completions', chat('dropped chat'))).outcome, 'error');
      // The coalescer may hold it up to 50 ms when the queue is deep.
      await eventually(() => (sim().stats().enqueuedPrompts === before + 1 ? true : undefined), 2000, 'the chat to be queued');
    });
  });

  describe('slow and truncate', () => {
    it('slow (flag) delays the answer by ARG ms', async () => {
      sim().addFaults([{ kind: 'slow', route: '/v1/health/keepalive', arg: '150', times: 1 }]);
      const started = Date.now();
      const reply = await get(sim(), '/v1/health/keepalive');
      assert.ok(Date.now() - started >= 140);
      assert.deepEqual(json(reply), { status: 'ok' });
    });

    it('slow (marker) makes that one prompt take ARG ms longer', async () => {
      const started = Date.now();
      const rows = results(await post(sim(), '/v1/generate', { prompts: ['[[sim:slow=120]] later', 'now'], max_tokens: 2 }));
      assert.ok(Date.now() - started >= 110);
      assert.ok(rows.every((r) => r.response !== null));
    });

    it('truncate (flag) sends the headers and half the body, then hangs up', async () => {
      sim().addFaults([{ kind: 'truncate', route: '/v1/models', times: 1 }]);
      const exchange = await rawRequest(sim(), 'GET', '/v1/models');
      assert.equal(exchange.status, 200);
      assert.equal(exchange.outcome, 'error');
      const full = (await get(sim(), '/v1/models')).text;
      assert.ok(exchange.body.length > 0 && exchange.body.length < full.length);
      assert.ok(full.startsWith(exchange.body));
    });

    it('truncate (marker) fires once', async () => {
      const body = { prompts: ['[[sim:truncate]] cut'], max_tokens: 2 };
      assert.equal((await rawRequest(sim(), 'POST', '/v1/generate', body)).outcome, 'error');
      assert.equal((await rawRequest(sim(), 'POST', '/v1/generate', body)).outcome, 'complete');
    });
  });

  describe('chat and stream faults', () => {
    it('heartbeat-forever (marker) sends spaces and never a body, every time', async () => {
      for (let i = 0; i < 2; i++) {
        const seen = await readUntil(sim(), '/v1/chat/completions', chat('[[sim:heartbeat-forever]]'), (text) => text.length >= 4);
        assert.equal(seen.status, 200);
        assert.equal(seen.text.trim(), '');
      }
    });

    it('heartbeat-forever (flag)', async () => {
      sim().addFaults([{ kind: 'heartbeat-forever', times: 1 }]);
      const seen = await readUntil(sim(), '/v1/chat/completions', chat('flagged'), (text) => text.length >= 3);
      assert.equal(seen.text, '   ');
    });

    it('sse-cut (flag) stops the stream after ARG token chunks, without [DONE]', async () => {
      sim().addFaults([{ kind: 'sse-cut', route: '/v1/chat/completions', arg: '2', times: 1 }]);
      const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', chat('cut me', true));
      assert.equal(exchange.outcome, 'error');
      const data = sseData(exchange.body);
      assert.equal(data.length, 3, 'role chunk and two tokens');
      assert.ok(!exchange.body.includes('[DONE]'));
    });

    it('sse-cut (marker) fires on every request', async () => {
      for (let i = 0; i < 2; i++) {
        const exchange = await rawRequest(sim(), 'POST', '/v1/completions', { prompt: '[[sim:sse-cut=1]]', stream: true });
        assert.equal(exchange.outcome, 'error');
        assert.equal(sseData(exchange.body).length, 1);
      }
    });

    it('sse-error (marker) sends ScalarLM\'s invalid-JSON event and closes without [DONE]', async () => {
      for (let i = 0; i < 2; i++) {
        const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', chat('[[sim:sse-error]]', true));
        assert.equal(exchange.status, 200);
        assert.equal(exchange.outcome, 'complete');
        const data = sseData(exchange.body);
        assert.equal(data.length, 1);
        assert.match(data[0], /^\{"error": "Failed to create chat completions: \{"object":"error","message":"/);
        assert.throws(() => JSON.parse(data[0]));
      }
    });

    it('sse-vllm-error (flag) puts a vLLM error object mid-stream, then [DONE]', async () => {
      sim().addFaults([{ kind: 'sse-vllm-error', arg: '1', times: 1 }]);
      const data = sseData((await rawRequest(sim(), 'POST', '/v1/chat/completions', chat('engine trouble', true))).body);
      assert.equal(data[data.length - 1], '[DONE]');
      const error = JSON.parse(data[data.length - 2]) as { error: { message: string; code: number } };
      assert.equal(error.error.code, 500);
      assert.equal(data.length, 4, 'role, one token, error, [DONE]');
    });
  });

  describe('per-item faults', () => {
    it('item-error and never-finish by flag use up one prompt each', async () => {
      sim().addFaults([
        { kind: 'item-error', route: '/v1/generate', arg: 'RuntimeError: flagged', times: 1 },
        { kind: 'never-finish', route: '/v1/generate', times: 1 },
      ]);
      const rows = results(await post(sim(), '/v1/generate', { prompts: ['i0', 'i1', 'i2'], max_tokens: 2 }));
      assert.deepEqual(rows.map((r) => [r.response === null, r.error]), [
        [true, 'RuntimeError: flagged'],
        [true, null],
        [false, null],
      ]);
    });

    it('never-finish (marker) leaves the prompt pending for every poll', async () => {
      const rows = results(await post(sim(), '/v1/generate', { prompts: ['[[sim:never-finish]] stuck'] }));
      const again = results(await post(sim(), '/v1/generate/get_results', { request_ids: [rows[0].request_id] }));
      assert.deepEqual(again, [{ request_id: rows[0].request_id, response: null, error: null }]);
    });
  });

  describe('the /_sim control routes and the request log', () => {
    it('arms faults over HTTP, clears them, and reports stats', async () => {
      const armed = await post(sim(), '/_sim/faults', [{ kind: 'status', route: '/v1/health', arg: '500' }]);
      assert.deepEqual(json(armed), { added: 1 });
      assert.equal((await get(sim(), '/v1/health')).status, 500);
      assert.equal((await get(sim(), '/v1/health')).status, 500, 'no times: forever');
      await fetch(`${sim().url}/_sim/faults`, { method: 'DELETE' });
      assert.equal((await get(sim(), '/v1/health')).status, 200);
      assert.equal((await post(sim(), '/_sim/faults', [{ kind: 'bogus' }])).status, 400);
      const stats = json<{ requests: Record<string, number> }>(await get(sim(), '/_sim/stats'));
      assert.ok(stats.requests['GET /v1/health'] >= 3);
    });

    it('logs one line per request', () => {
      assert.ok(logLines.some((line) => /^POST \/v1\/generate 200 \d+ms$/.test(line)), logLines.slice(0, 5).join('\n'));
      assert.ok(logLines.some((line) => /^POST \/v1\/generate no-answer \d+ms fault=drop-before$/.test(line)));
    });
  });
});
