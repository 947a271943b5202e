// What the queue status bar item says in each state.

import assert from 'node:assert/strict';
import type { QueueMetrics } from '../../../src/core/api/types';
import { presentQueueState } from '../../../src/host/queue/queue-status-text';

const metrics = (over: Partial<QueueMetrics> = {}): QueueMetrics => ({ queueDepth: 12, tokensPerSecond: 1234.5, requestsPerSecond: 3.2, chat: {}, extra: {}, ...over });
const baseUrl = 'http://127.0.0.1:8000';

describe('queue status text', () => {
  it('shows queue depth and tokens/s when connected, with every metric and health in the tooltip', () => {
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
