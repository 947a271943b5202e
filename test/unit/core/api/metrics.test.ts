import * as assert from 'node:assert/strict';
import { normaliseMetrics } from '../../../../src/core/api/metrics';

describe('normaliseMetrics (protocol §4)', () => {
  it('reads every key a current server sends', () => {
    const metrics = normaliseMetrics({
      queue_depth: 4, requests: 120, tokens: 9000, total_time: 33.5, 'token/s': 210.5, 'request/s': 1000, 'flop/s': 2.5e12,
      chat_in_flight: 1, chat_admitted_429_count: 2, chat_total_count: 30, chat_admitted_429_rate: 0.0625,
      chat_batch_size_p50: 3, chat_batch_size_p99: 10, chat_request_duration_p50: 1.2, chat_request_duration_p99: 8.5,
      chat_apparent_buffering_count: 0,
    });
    assert.deepEqual(metrics, {
      queueDepth: 4, requests: 120, tokens: 9000, totalTimeSeconds: 33.5, tokensPerSecond: 210.5, requestsPerSecond: 1000, flopsPerSecond: 2.5e12,
      chat: {
        inFlight: 1, admitted429Count: 2, totalCount: 30, admitted429Rate: 0.0625, batchSizeP50: 3, batchSizeP99: 10,
        requestDurationP50: 1.2, requestDurationP99: 8.5, apparentBufferingCount: 0,
      },
      extra: {},
    });
  });

  it('reads the published OpenAPI spelling (MetricsResponse)', () => {
    const metrics = normaliseMetrics({
      queue_depth: 0, total_completed_requests: 5, total_completed_tokens: 700, total_completed_response_time: 9.75,
      tokens_per_second: 71.8, requests_per_second: 0.5, flops_per_second: 1e9,
    });
    assert.deepEqual(metrics, {
      queueDepth: 0, requests: 5, tokens: 700, totalTimeSeconds: 9.75, tokensPerSecond: 71.8, requestsPerSecond: 0.5, flopsPerSecond: 1e9,
      chat: {},
      extra: {},
    });
  });

  it('leaves missing keys undefined instead of inventing zeros, and keeps unknown keys and odd values', () => {
    const metrics = normaliseMetrics({ queue_depth: 2, 'token/s': null, gpu_util: 0.93, notes: ['warm'] });
    // Strict deep equality: `requests` and the chat keys are absent, not zero.
    assert.deepEqual(metrics, { queueDepth: 2, chat: {}, extra: { 'token/s': null, gpu_util: 0.93, notes: ['warm'] } });
  });
});
