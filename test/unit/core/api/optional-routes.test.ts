// The routes only some servers have: the training jobs (GET /v1/megatron/list_models) and the Prometheus
// exposition (GET /v1/metrics). A 404 means the route is missing; anything else is the server's answer.

import * as assert from 'node:assert/strict';
import { HttpStatusError, MalformedResponseError, NonJsonBodyError } from '../../../../src/core/api/errors';
import { Harness, sendJson, sendText } from './test-server';

const JOB = 'a2bd6c2d1e7f07d3a1c0e4d9f5b6a7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e';
const EXPOSITION = [
  '# HELP scalarlm_queue_depth Number of requests waiting in the inference queue',
  '# TYPE scalarlm_queue_depth gauge',
  'scalarlm_queue_depth{model="unknown"} 3.0',
  '',
].join('\n');

describe('ScalarLMClient optional routes', () => {
  const harness = new Harness();
  afterEach(() => harness.closeAll());

  describe('GET /v1/megatron/list_models', () => {
    it('reads the training jobs, normalising their fields', async () => {
      const wire = { name: JOB, deployed: false, status: 'TRAINING', start_time: 1_750_000_000.5, step: 40, max_steps: 100, train_time: 612.25, loss: 1.93 };
      const { server, client } = await harness.start((_, res) => sendJson(res, 200, { models: [wire] }));
      const { data } = await client.trainingJobs();
      assert.deepEqual(data, {
        state: 'found',
        jobs: [{ name: JOB, deployed: false, status: 'TRAINING', startTime: 1_750_000_000.5, step: 40, maxSteps: 100, trainTimeSeconds: 612.25, loss: 1.93 }],
      });
      assert.equal(server.last.method, 'GET');
      assert.equal(server.last.url, '/v1/megatron/list_models');
    });

    it('keeps a job whose descriptive fields have the wrong type, without them', async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 200, { models: [{ name: JOB, step: '40', loss: null, status: 7, extra: 'kept out' }] }));
      assert.deepEqual((await client.trainingJobs()).data, { state: 'found', jobs: [{ name: JOB }] });
    });

    it('says the route is missing on a 404, whether FastAPI or a gateway answered it', async () => {
      const fastapi = await harness.start((_, res) => sendJson(res, 404, { detail: 'Not Found' }));
      assert.deepEqual((await fastapi.client.trainingJobs()).data, { state: 'route-missing' });
      const gateway = await harness.start((_, res) => sendText(res, 404, 'text/html', '<html><body>404 page not found</body></html>'));
      assert.deepEqual((await gateway.client.trainingJobs()).data, { state: 'route-missing' });
    });

    it('fails on a list without names, and on other error statuses', async () => {
      const nameless = await harness.start((_, res) => sendJson(res, 200, { models: [{ status: 'COMPLETED' }] }));
      await assert.rejects(nameless.client.trainingJobs(), (error: unknown) => error instanceof MalformedResponseError && /models\[0\]\.name is missing/.test(error.message));
      const broken = await harness.start((_, res) => sendJson(res, 500, { detail: 'scontrol: command not found' }));
      await assert.rejects(broken.client.trainingJobs(), (error: unknown) => error instanceof HttpStatusError && error.status === 500);
    });
  });

  describe('GET /v1/metrics', () => {
    it('returns the exposition text as sent, with its content type', async () => {
      const { server, client } = await harness.start((_, res) => sendText(res, 200, 'text/plain; version=0.0.4; charset=utf-8', EXPOSITION));
      const { data } = await client.prometheusMetrics();
      assert.deepEqual(data, { state: 'found', text: EXPOSITION, contentType: 'text/plain; version=0.0.4; charset=utf-8' });
      assert.equal(server.last.url, '/v1/metrics');
      assert.equal(server.last.headers.accept, 'text/plain');
    });

    it("passes on the server's own words when prometheus_client is missing", async () => {
      const { client } = await harness.start((_, res) => sendText(res, 200, 'text/plain; charset=utf-8', 'Prometheus metrics not available'));
      assert.equal(((await client.prometheusMetrics()).data as { text: string }).text, 'Prometheus metrics not available');
    });

    it('says the route is missing on a 404, and fails on a 500 or an HTML page', async () => {
      const old = await harness.start((_, res) => sendJson(res, 404, { detail: 'Not Found' }));
      assert.deepEqual((await old.client.prometheusMetrics()).data, { state: 'route-missing' });
      const failing = await harness.start((_, res) => sendText(res, 500, 'text/plain; charset=utf-8', 'Metrics unavailable'));
      await assert.rejects(failing.client.prometheusMetrics(), (error: unknown) => error instanceof NonJsonBodyError && error.status === 500);
      const login = await harness.start((_, res) => sendText(res, 200, 'text/html', '<html><body>Sign in</body></html>'));
      await assert.rejects(login.client.prometheusMetrics(), (error: unknown) => error instanceof MalformedResponseError && /HTML page instead of Prometheus metrics/.test(error.message));
    });
  });
});
