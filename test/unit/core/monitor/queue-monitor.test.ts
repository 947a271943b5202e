// The queue monitor against the simulator: ok, busy, unreachable with backoff, recovery, paused.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { QueueMonitor } from '../../../../src/core/monitor/queue-monitor';
import type { QueueState } from '../../../../src/core/monitor/types';
import { startSimulator, type SimHandle } from '../../../../src/sim';
import { FAST } from '../../helpers/simulator';
import { waitFor } from '../../helpers/wait-for';

const INTERVAL_MS = 40;

describe('queue monitor', () => {
  let sim: SimHandle;
  let client: ScalarLMClient;
  let monitor: QueueMonitor;
  let states: QueueState[];

  beforeEach(async () => {
    sim = await startSimulator({ ...FAST, zeroLatency: false, tokensPerSecond: 5, slots: 1 });
    client = new ScalarLMClient({ baseUrl: sim.url, timeouts: { connectMs: 500, idleMs: 2000, overallMs: 2000 } });
    monitor = new QueueMonitor({ target: { api: client }, intervalMs: INTERVAL_MS, busyAbove: 3 });
    states = [];
    monitor.onDidChangeState((state) => states.push(state));
  });

  afterEach(async () => {
    monitor.dispose();
    await client.close();
    await sim.close();
  });

  const waitForState = (kind: QueueState['kind'], what = kind) =>
    waitFor(() => monitor.state.kind === kind, { timeoutMs: 5000, what: `the ${what} state (now ${monitor.state.kind})` });

  it('connects, then reports the queue and keeps ten minutes of samples', async () => {
    monitor.start();
    assert.equal(states[0].kind, 'connecting');
    await waitForState('ok');
    const state = monitor.state as Extract<QueueState, { kind: 'ok' }>;
    assert.equal(state.sample.metrics.queueDepth, 0);
    assert.equal(state.health?.api, 'up');
    await waitFor(() => monitor.history().length >= 3, { timeoutMs: 5000, what: 'three samples' });
  });

  it('shows busy above the threshold, unreachable with growing backoff, and recovers by itself', async () => {
    monitor.start();
    await waitForState('ok');
    const batch = fetch(`${sim.url}/v1/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompts: ['a', 'b', 'c', 'd', 'e', 'f'], max_tokens: 40 }),
    }).catch(() => undefined);
    await waitForState('busy');

    const port = sim.port;
    await sim.close();
    await batch;
    const delays: number[] = [];
    monitor.onDidChangeState((state) => {
      if (state.kind === 'unreachable') delays.push(state.retryAt - Date.now());
    });
    await waitFor(() => delays.length >= 3, { timeoutMs: 5000, what: 'three failed polls' });
    assert.ok(delays[1] > delays[0] && delays[2] > delays[1], `backoff grows: ${delays.join(', ')}`);
    assert.match((monitor.state as Extract<QueueState, { kind: 'unreachable' }>).error, /connection refused/i);

    sim = await startSimulator({ ...FAST, port });
    await waitFor(() => monitor.state.kind === 'ok', { timeoutMs: 10_000, what: 'recovery after the deployment came back' });
  });

  it('stops polling while the window is not focused, and polls at once when it is again', async () => {
    monitor.start();
    await waitForState('ok');
    monitor.setFocused(false);
    assert.equal(monitor.state.kind, 'paused');
    const polls = () => sim.stats().requests['GET /v1/generate/metrics'] ?? 0;
    const before = polls();
    // A window of ten poll intervals in which a running poller would have asked several times.
    const windowEnd = Date.now() + 10 * INTERVAL_MS;
    await waitFor(() => Date.now() >= windowEnd, { timeoutMs: 2000, what: 'the quiet window' });
    assert.equal(polls(), before);
    monitor.setFocused(true);
    await waitFor(() => polls() > before && monitor.state.kind === 'ok', { timeoutMs: 5000, what: 'a poll after focus' });
  });

  it('is unconfigured, and polls nothing, without a usable deployment', () => {
    monitor.configure({ target: { unconfigured: 'No deployment URL.' }, intervalMs: INTERVAL_MS, busyAbove: 3 });
    assert.deepEqual(monitor.state, { kind: 'unconfigured', reason: 'No deployment URL.' });
    assert.equal(sim.stats().requests['GET /v1/generate/metrics'] ?? 0, 0);
  });
});
