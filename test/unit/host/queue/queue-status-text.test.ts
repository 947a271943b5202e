// What the queue status bar item says in each state.

import assert from 'node:assert/strict';
import type { QueueMetrics } from '../../../../src/core/api/types';
import { presentQueueState, tooltipLines } from '../../../../src/host/queue/queue-status-text';

// A current server's sample (it reports the chat queue); an older server's has no chat_* keys.
const metrics = (over: Partial<QueueMetrics> = {}): QueueMetrics => ({ queueDepth: 12, tokensPerSecond: 1234.5, requestsPerSecond: 3.2, chat: { inFlight: 0 }, extra: {}, ...over });
const baseUrl = 'http://127.0.0.1:8000';

describe('queue status text', () => {
  it('shows queue depth and tokens/s when connected, with every metric and health for the queue actions', () => {
    const view = presentQueueState({
      kind: 'ok',
      baseUrl,
      sample: { at: 0, metrics: metrics({ extra: { gpu_util: 0.9 } }) },
      health: { api: 'up', vllm: { status: 'down', reason: 'vLLM is loading' }, all: 'mixed' },
    });
    assert.equal(view.text, '$(pulse) 12 queued · 1.2k tok/s');
    assert.equal(view.background, undefined);
    const rows = Object.fromEntries(view.rows);
    assert.equal(rows['Queue depth'], '12');
    assert.equal(rows['Requests/s (60 s)'], '3.2');
    assert.equal(rows.gpu_util, '0.9');
    assert.equal(rows.vLLM, 'down: vLLM is loading');
    assert.equal(rows.Deployment, baseUrl);
    assert.equal('Megatron' in rows, false);
    assert.equal(view.server, 'Current ScalarLM (it reports the chat queue): rates cover the last 60 s.');
  });

  it('labels an older server\'s rates as cumulative and says which server it detected', () => {
    const view = presentQueueState({
      kind: 'ok',
      baseUrl,
      sample: { at: 0, metrics: metrics({ chat: {}, flopsPerSecond: 2e9 }) },
      health: { api: 'up', vllm: 'up', all: 'up' },
    });
    const labels = view.rows.map(([label]) => label);
    assert.deepEqual(labels.slice(0, 4), ['Queue depth', 'Tokens/s (cumulative)', 'Requests/s (cumulative)', 'FLOP/s (cumulative)']);
    assert.equal(Object.fromEntries(view.rows)['FLOP/s (cumulative)'], '2.0 GFLOP/s');
    assert.match(view.server ?? '', /^Older ScalarLM \(no chat queue metrics, no Megatron health\): rates are cumulative/);
  });

  it('keeps saying which server it was while paused or unreachable, from the last sample', () => {
    const older = { at: 0, metrics: metrics({ chat: {} }) };
    assert.match(presentQueueState({ kind: 'paused', baseUrl, lastSample: older }).server ?? '', /^Older ScalarLM/);
    assert.match(presentQueueState({ kind: 'unreachable', baseUrl, error: 'x.', retryAt: 0, lastSample: older }, 0).server ?? '', /^Older ScalarLM/);
    assert.equal(presentQueueState({ kind: 'unreachable', baseUrl, error: 'x.', retryAt: 0 }, 0).server, undefined);
    assert.equal(presentQueueState({ kind: 'connecting', baseUrl }).server, undefined);
  });

  it('warns when busy, naming the setting', () => {
    const view = presentQueueState({ kind: 'busy', baseUrl, sample: { at: 0, metrics: metrics({ queueDepth: 300 }) }, threshold: 256 });
    assert.equal(view.text, '$(warning) 300 queued · 1.2k tok/s');
    assert.equal(view.background, 'warning');
    assert.match(view.summary, /above 256 \(scalarlm\.batch\.pauseAboveQueueDepth\)/);
  });

  it('says unreachable with the error and the retry time', () => {
    const view = presentQueueState({ kind: 'unreachable', baseUrl, error: 'Connection refused.', retryAt: 10_000 }, 2_000);
    assert.equal(view.text, '$(debug-disconnect) ScalarLM unreachable');
    assert.equal(view.background, 'error');
    assert.equal(view.summary, 'Unreachable: Connection refused. Retrying in 8 s.');
  });

  it('has distinct texts for unconfigured, connecting and paused', () => {
    assert.equal(presentQueueState({ kind: 'unconfigured', reason: 'x' }).text, '$(circle-slash) ScalarLM');
    assert.equal(presentQueueState({ kind: 'connecting', baseUrl }).text, '$(sync~spin) ScalarLM');
    assert.equal(presentQueueState({ kind: 'paused', baseUrl, lastSample: { at: 0, metrics: metrics() } }).text, '$(debug-pause) 12 queued · 1.2k tok/s');
  });
});

describe('queue status tooltip', () => {
  it('stays a few lines whatever the deployment reports: the state, health on one line, the main figures, the deployment', () => {
    const extra = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`custom_metric_${i}`, i]));
    const view = presentQueueState({
      kind: 'ok',
      baseUrl,
      sample: { at: 0, metrics: metrics({ extra, chat: { inFlight: 2, totalCount: 40, admitted429Count: 1, batchSizeP50: 3, batchSizeP99: 9 } }) },
      health: { api: 'up', vllm: 'up', megatron: { status: 'down', reason: 'no GPU' }, all: 'mixed' },
    });
    assert.ok(view.rows.length > 30, 'every metric is still there for the queue actions');
    assert.deepEqual(tooltipLines(view), [
      `Connected to ${baseUrl}`,
      'Health: API up · vLLM up · Megatron down: no GPU',
      'Queue depth 12 · Tokens/s (60 s) 1,234.5',
      `Deployment: ${baseUrl}`,
    ]);
  });

  it('says unreachable in its first line, with the deployment, and no stale figures', () => {
    const lines = tooltipLines(presentQueueState({ kind: 'unreachable', baseUrl, error: 'Connection refused.', retryAt: 0 }, 0));
    assert.deepEqual(lines, ['Unreachable: Connection refused. Retrying in 0 s.', `Deployment: ${baseUrl}`]);
  });
});
