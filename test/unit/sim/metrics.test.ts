import * as assert from 'node:assert/strict';
import { Metrics } from '../../../src/sim/metrics/metrics';
import { PyFloat } from '../../../src/sim/wire/python-json';
import { eventually, get, json, post, useSimulator } from './helpers';

const CURRENT_KEYS = [
  'queue_depth', 'requests', 'tokens', 'total_time', 'token/s', 'request/s', 'flop/s',
  'chat_in_flight', 'chat_admitted_429_count', 'chat_total_count', 'chat_admitted_429_rate', 'chat_batch_size_p50',
  'chat_batch_size_p99', 'chat_request_duration_p50', 'chat_request_duration_p99', 'chat_apparent_buffering_count',
];

function value(snapshot: Record<string, number | PyFloat>, key: string): number {
  const v = snapshot[key];
  return v instanceof PyFloat ? v.value : v;
}

describe('sim: metrics (protocol §4)', () => {
  describe('GET /v1/generate/metrics', () => {
    const sim = useSimulator({ tokensPerSecond: 1000, slots: 1 });

    it('has exactly the server keys, floats written as floats', async () => {
      const reply = await get(sim(), '/v1/generate/metrics');
      assert.deepEqual(Object.keys(json(reply)), CURRENT_KEYS);
      assert.match(reply.text, /"total_time":0\.0,"token\/s":0\.0/);
    });

    it('counts every prompt of an unfinished group in queue_depth, then drains to 0', async () => {
      const pending = post(sim(), '/v1/generate', { prompts: ['m1 [[sim:slow=150]]', 'm2', 'm3'], max_tokens: 2 });
      const depth = await eventually(async () => {
        const d = json<{ queue_depth: number }>(await get(sim(), '/v1/generate/metrics')).queue_depth;
        return d > 0 ? d : undefined;
      });
      assert.equal(depth, 3);
      await pending;
      const after = json<Record<string, number>>(await get(sim(), '/v1/generate/metrics'));
      assert.equal(after.queue_depth, 0);
      assert.equal(after.requests, 3);
      assert.ok(after['token/s'] > 0 && after['request/s'] > 0 && after['flop/s'] > 0);
    });

    it('serves Prometheus text at /v1/metrics', async () => {
      const reply = await get(sim(), '/v1/metrics');
      assert.match(reply.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      assert.match(reply.text, /^scalarlm_queue_depth\{model="unknown"\} 0\.0$/m);
      assert.match(reply.text, /^scalarlm_queue_wait_time_seconds_count\{model="unknown"\} 3\.0$/m);
      assert.match(reply.text, /^# TYPE scalarlm_inference_requests_total counter$/m);
    });
  });

  describe('the Metrics model', () => {
    it('spikes right after the first completion (span floor 0.001 s) and empties 60 s after the last', () => {
      let now = 1000;
      const metrics = new Metrics(() => now);
      metrics.recordNewRequests(1);
      metrics.recordCompletion(10, 20);
      let snapshot = metrics.snapshot(0, 'current');
      assert.equal(value(snapshot, 'request/s'), 1000);
      assert.equal(value(snapshot, 'token/s'), 10_000);
      now += 30;
      metrics.recordCompletion(10, 20);
      snapshot = metrics.snapshot(0, 'current');
      assert.equal(value(snapshot, 'request/s'), 2 / 30);
      now += 61;
      snapshot = metrics.snapshot(0, 'current');
      assert.equal(value(snapshot, 'request/s'), 0);
      assert.equal(value(snapshot, 'token/s'), 0);
    });

    it('counts cumulative totals only while its depth counter is above zero (so they undercount)', () => {
      let now = 0;
      const metrics = new Metrics(() => now);
      metrics.recordNewRequests(2);
      now = 2;
      metrics.recordCompletion(5, 0);
      now = 3;
      metrics.recordCompletion(5, 0);
      now = 4;
      metrics.recordCompletion(7, 0);
      const snapshot = metrics.snapshot(0, 'current');
      assert.equal(value(snapshot, 'requests'), 2);
      assert.equal(value(snapshot, 'tokens'), 10);
      assert.equal(value(snapshot, 'total_time'), 3);
      assert.equal(metrics.inMemoryDepth, 0);
    });

    it('reports the first seven keys with cumulative rates on the legacy profile', () => {
      let now = 0;
      const metrics = new Metrics(() => now);
      metrics.recordNewRequests(2);
      now = 2;
      metrics.recordCompletion(10, 0);
      now = 4;
      metrics.recordCompletion(10, 0);
      const snapshot = metrics.snapshot(5, 'legacy');
      assert.deepEqual(Object.keys(snapshot), CURRENT_KEYS.slice(0, 7));
      assert.equal(value(snapshot, 'token/s'), 5);
      assert.equal(value(snapshot, 'request/s'), 0.5);
    });

    it('computes chat percentiles by nearest rank, and the 429 rate', () => {
      const metrics = new Metrics(() => 0);
      for (const size of [1, 2, 3, 4, 10]) metrics.recordChatBatch(size);
      metrics.recordChatAdmitted();
      metrics.recordChatAdmitted();
      metrics.recordChatRejected();
      metrics.recordChatDuration(60.2);
      const snapshot = metrics.snapshot(0, 'current');
      assert.equal(value(snapshot, 'chat_batch_size_p50'), 3);
      assert.equal(value(snapshot, 'chat_batch_size_p99'), 10);
      assert.equal(value(snapshot, 'chat_admitted_429_rate'), 1 / 3);
      assert.equal(value(snapshot, 'chat_total_count'), 3);
      assert.equal(value(snapshot, 'chat_apparent_buffering_count'), 1);
    });
  });
});
