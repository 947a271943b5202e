import * as assert from 'node:assert/strict';
import type { QueueMetrics } from '../../../../src/core/api/types';
import type { QueueSample } from '../../../../src/core/monitor/types';
import { toMetricsPoint, toViewState } from '../../../../src/host/queue/metrics-view-model';

function sample(at: number, metrics: Partial<QueueMetrics>): QueueSample {
  return { at, metrics: { chat: {}, extra: {}, ...metrics } };
}

describe('metrics view model (host side)', () => {
  const baseUrl = 'http://127.0.0.1:8000';

  it('keeps the three charted values of a sample, and only finite ones', () => {
    assert.deepEqual(toMetricsPoint(sample(1000, { queueDepth: 3, tokensPerSecond: 12.5, requestsPerSecond: 0.25, tokens: 900 })), {
      at: 1000, queueDepth: 3, tokensPerSecond: 12.5, requestsPerSecond: 0.25,
    });
    assert.deepEqual(toMetricsPoint(sample(1000, { queueDepth: 0, tokensPerSecond: Number.NaN, requestsPerSecond: Infinity })), { at: 1000, queueDepth: 0 });
  });

  const CURRENT = 'Current ScalarLM (it reports the chat queue): rates cover the last 60 s.';

  it('words every state', () => {
    const ok = sample(1, { queueDepth: 300, chat: { inFlight: 0 } });
    assert.deepEqual(toViewState({ kind: 'unconfigured', reason: 'queue metrics are off (scalarlm.metrics.enabled).' }), {
      kind: 'unconfigured', text: 'Not configured: queue metrics are off (scalarlm.metrics.enabled).',
    });
    assert.deepEqual(toViewState({ kind: 'connecting', baseUrl }), { kind: 'connecting', deployment: baseUrl, text: `Connecting to ${baseUrl}…` });
    assert.deepEqual(toViewState({ kind: 'ok', baseUrl, sample: ok }), { kind: 'ok', deployment: baseUrl, text: `Connected to ${baseUrl}`, rates: 'last-60s', server: CURRENT });
    assert.deepEqual(toViewState({ kind: 'busy', baseUrl, sample: ok, threshold: 256 }), {
      kind: 'busy', deployment: baseUrl, text: 'Busy: queue depth 300 is above 256', detail: 'New batch groups wait until it drops (scalarlm.batch.pauseAboveQueueDepth).',
      rates: 'last-60s', server: CURRENT,
    });
    assert.deepEqual(toViewState({ kind: 'unreachable', baseUrl, error: 'Connection refused.', retryAt: 42_000 }), {
      kind: 'unreachable', deployment: baseUrl, text: 'Unreachable: Connection refused.', retryAt: 42_000,
    });
    assert.equal(toViewState({ kind: 'unreachable', baseUrl, error: 'ECONNRESET', retryAt: 42_000 }).text, 'Unreachable: ECONNRESET.');
    assert.deepEqual(toViewState({ kind: 'paused', baseUrl }), { kind: 'paused', deployment: baseUrl, text: 'Paused while the window is not focused' });
    assert.equal(toViewState({ kind: 'paused', baseUrl, lastSample: ok }).rates, 'last-60s');
  });

  it("says an older server's rates are cumulative, and which server it detected", () => {
    const older = toViewState({ kind: 'ok', baseUrl, sample: sample(1, { queueDepth: 0 }), health: { api: 'up', vllm: 'up', all: 'up' } });
    assert.equal(older.rates, 'cumulative');
    assert.equal(older.server, 'Older ScalarLM (no chat queue metrics, no Megatron health): rates are cumulative, averaged over busy time since the server started.');
    assert.equal(toViewState({ kind: 'unreachable', baseUrl, error: 'x.', retryAt: 1, lastSample: sample(1, {}) }).rates, 'cumulative');
  });

  it('names the components that are down', () => {
    const health = { api: 'up' as const, vllm: { status: 'down' as const, reason: 'out of memory' }, all: 'mixed' };
    assert.deepEqual(toViewState({ kind: 'ok', baseUrl, sample: sample(1, { chat: { inFlight: 0 } }), health }), {
      kind: 'ok', deployment: baseUrl, text: `Connected to ${baseUrl}`, detail: 'vLLM down: out of memory.', rates: 'last-60s', server: CURRENT,
    });
    assert.equal(toViewState({ kind: 'ok', baseUrl, sample: sample(1, {}), health: { api: 'up', vllm: 'up', all: 'up' } }).detail, undefined);
  });
});
