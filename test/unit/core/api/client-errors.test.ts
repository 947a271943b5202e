import * as assert from 'node:assert/strict';
import { CallScope } from '../../../../src/core/api/call-scope';
import {
  AbortedError,
  type ErrorContext,
  HttpStatusError,
  MalformedResponseError,
  NonJsonBodyError,
  TimeoutError,
  UnreachableError,
} from '../../../../src/core/api/errors';
import { parseRetryAfter } from '../../../../src/core/api/status-errors';
import { classifyTransportError } from '../../../../src/core/api/transport-errors';
import { closedPort, Harness, sendJson, sendText } from './test-server';

/** Checks the class and returns the error typed, for further asserts. */
async function rejection<T>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
    return error;
  }
  assert.fail(`expected ${type.name}, but the call succeeded`);
}

describe('ScalarLMClient errors', () => {
  const harness = new Harness();
  afterEach(() => harness.closeAll());

  describe('unreachable', () => {
    it('connection refused: says to start the deployment or the simulator, or to fix the base URL', async () => {
      const baseUrl = `http://127.0.0.1:${await closedPort()}`;
      // Where the base URL is set, as the front end that made the client says it.
      const { client, log } = harness.client(baseUrl, { baseUrlSetBy: 'the scalarlm.baseUrl setting' });
      const error = await rejection(client.generate({ prompts: ['x'] }), UnreachableError);
      assert.equal(error.code, 'ECONNREFUSED');
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.match(error.message, new RegExp(`Cannot reach the ScalarLM deployment at ${baseUrl} \\(connection refused\\)`));
      assert.match(error.message, /Check the base URL \(the scalarlm\.baseUrl setting\)/);
      assert.match(error.message, /scalarlm-lab sim/);
      assert.equal(log.length, 1);
      assert.equal(log[0].status, undefined);
      assert.equal(log[0].error, error.message);
      assert.equal(log[0].traceId, error.traceId);
    });

    it('a host name that does not resolve', async () => {
      const { client } = harness.client('http://deployment.invalid:8000');
      const error = await rejection(client.health(), UnreachableError);
      assert.ok(error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN', String(error.code));
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.match(error.message, /does not resolve/);
    });

    it('a reset after the body was sent: a POST may have been processed, a GET is safe to repeat', async () => {
      const { client } = await harness.start((_, res) => res.socket?.destroy());
      const post = await rejection(client.generate({ prompts: ['x'] }), UnreachableError);
      assert.equal(post.mayHaveBeenProcessed, true);
      assert.match(post.message, /may already have received the request/);
      const get = await rejection(client.metrics(), UnreachableError);
      assert.equal(get.mayHaveBeenProcessed, false);
    });

    it('a connect timeout', () => {
      const context: ErrorContext = { method: 'POST', path: '/v1/generate', baseUrl: 'http://10.0.0.1:8000', traceId: 'f'.repeat(32) };
      const scope = new CallScope(undefined, undefined, 1000);
      const error = classifyTransportError(Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }), {
        context, sendsBody: true, scope, connectMs: 10_000, headersReceived: false,
      });
      scope.dispose();
      assert.ok(error instanceof TimeoutError);
      assert.equal(error.phase, 'connect');
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.match(error.message, /Timed out after 10 s connecting/);
    });
  });

  describe('timeouts and cancellation', () => {
    it('idle: no answer within the idle limit', async () => {
      const { client, server } = await harness.start(() => undefined, { timeouts: { longPollIdleMs: 100 } });
      const error = await rejection(client.generate({ prompts: ['x'] }), TimeoutError);
      assert.equal(error.phase, 'idle');
      assert.equal(error.timeoutMs, 100);
      assert.equal(error.mayHaveBeenProcessed, true);
      assert.match(error.message, /no data from .* for 100 ms waiting for the response/);
      assert.equal(server.received.length, 1);
    });

    it('overall: a body that keeps coming but never ends', async () => {
      const { client } = await harness.start((_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const drip = setInterval(() => res.write(' '), 20);
        res.on('close', () => clearInterval(drip));
      }, { timeouts: { idleMs: 1000 } });
      const error = await rejection(client.metrics({ deadlineMs: 200 }), TimeoutError);
      assert.equal(error.phase, 'overall');
      assert.equal(error.timeoutMs, 200);
      assert.equal(error.mayHaveBeenProcessed, false);
    });

    it('aborted by the caller while waiting', async () => {
      const controller = new AbortController();
      const { client, log } = await harness.start(() => controller.abort());
      const error = await rejection(client.generate({ prompts: ['x'] }, { signal: controller.signal }), AbortedError);
      assert.equal(error.mayHaveBeenProcessed, true);
      assert.match(error.message, /POST \/v1\/generate was cancelled/);
      assert.equal(log[0].error, error.message);
    });

    it('aborted before it was sent', async () => {
      const { client, server } = await harness.start((_, res) => sendJson(res, 200, { status: 'ok' }));
      const error = await rejection(client.keepalive({ signal: AbortSignal.abort() }), AbortedError);
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.equal(server.received.length, 0);
    });
  });

  describe('HTTP status', () => {
    it("422: FastAPI's list of issues, rendered with their locations", async () => {
      const detail = [
        { type: 'string_type', loc: ['body', 'prompts', 0, 'str'], msg: 'Input should be a valid string', input: 3 },
        { type: 'missing', loc: ['body', 'prompts'], msg: 'Field required', input: {} },
      ];
      const { client } = await harness.start((_, res) => sendJson(res, 422, { detail }));
      const error = await rejection(client.generate({ prompts: [] }), HttpStatusError);
      assert.equal(error.status, 422);
      assert.deepEqual(error.detail, [
        { type: 'string_type', loc: ['body', 'prompts', 0, 'str'], msg: 'Input should be a valid string' },
        { type: 'missing', loc: ['body', 'prompts'], msg: 'Field required' },
      ]);
      assert.match(error.message, /body\.prompts\.0\.str: Input should be a valid string; body\.prompts: Field required/);
      assert.equal(error.mayHaveBeenProcessed, false);
    });

    it('404 with a detail string', async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 404, { detail: 'Model None not found' }));
      const error = await rejection(client.generate({ prompts: ['x'], model: 'nope' }), HttpStatusError);
      assert.equal(error.detail, 'Model None not found');
      assert.match(error.message, /does not serve the requested model/);
      assert.match(error.message, /prints None whatever name/);
    });

    it("404 Not Found: a route this server doesn't have", async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 404, { detail: 'Not Found' }));
      const error = await rejection(client.listRequests(), HttpStatusError);
      assert.match(error.message, /has no route GET \/v1\/generate\/list_requests/);
    });

    it('429 exposes Retry-After', async () => {
      const { client } = await harness.start((_, res) =>
        sendJson(res, 429, { detail: 'Server is over capacity; retry after the indicated interval.' }, { 'retry-after': '3' }),
      );
      const error = await rejection(client.chat({ messages: [{ role: 'user', content: 'hi' }] }), HttpStatusError);
      assert.equal(error.status, 429);
      assert.equal(error.retryAfterSeconds, 3);
      assert.match(error.message, /over capacity.*Retry after 3 s/);
    });

    it('Retry-After as an HTTP date', () => {
      const now = Date.parse('2026-01-01T00:00:00Z');
      assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', now), 7);
      assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0);
      assert.equal(parseRetryAfter(' 12 ', now), 12);
      assert.equal(parseRetryAfter('soon', now), undefined);
    });

    it("the models route's own error shape", async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 503, { error: 'Failed to fetch models: 503' }));
      const error = await rejection(client.models(), HttpStatusError);
      assert.equal(error.detail, undefined);
      assert.match(error.message, /HTTP 503: Failed to fetch models: 503/);
    });
  });

  describe('bodies that are not what was asked for', () => {
    it("plain-text 500 from get_results: the server's unhandled-exception page, usually an unknown id", async () => {
      const { client } = await harness.start((_, res) => sendText(res, 500, 'text/plain; charset=utf-8', 'Internal Server Error'));
      const error = await rejection(client.getResults(['f'.repeat(64) + '_000000000']), NonJsonBodyError);
      assert.equal(error.status, 500);
      assert.equal(error.text, 'Internal Server Error');
      assert.match(error.message, /unhandled error/);
      assert.match(error.message, /request id the deployment does not know/);
    });

    it('a 200 that is not valid JSON', async () => {
      const { client } = await harness.start((_, res) => sendText(res, 200, 'application/json', '{"results": [{"request_id": "a_0", '));
      const error = await rejection(client.getResults(['a_0']), MalformedResponseError);
      assert.equal(error.mayHaveBeenProcessed, true);
      assert.match(error.message, /not valid JSON/);
    });

    it('a 200 of the wrong shape', async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 200, { results: [{ response: 'no id', error: null }] }));
      const error = await rejection(client.generate({ prompts: ['x'] }), MalformedResponseError);
      assert.match(error.message, /results\[0\]\.request_id is missing/);
    });

    it('an HTML page (a web UI or a gateway login) instead of the API', async () => {
      const { client } = await harness.start((_, res) => sendText(res, 200, 'text/html', '<!doctype html><title>Login</title>'));
      const error = await rejection(client.metrics(), NonJsonBodyError);
      assert.match(error.message, /HTML page instead of JSON/);
    });

    it('a redirect names where it points', async () => {
      const { client } = await harness.start((_, res) => {
        res.writeHead(307, { location: 'https://scalarlm.example/v1/models', 'content-type': 'application/json' });
        res.end('{}');
      });
      const error = await rejection(client.models(), HttpStatusError);
      assert.match(error.message, /redirect \(HTTP 307\) to https:\/\/scalarlm\.example\/v1\/models/);
    });
  });
});
