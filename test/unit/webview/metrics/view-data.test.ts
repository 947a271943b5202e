import * as assert from 'node:assert/strict';
import { isMetricsHostMessage, isMetricsWebviewMessage } from '../../../../src/protocol/metrics';
import { WINDOW_MS } from '../../../../src/webview/metrics/points';
import { applyHostMessage, EMPTY_VIEW_DATA, hostNow, restoreViewData } from '../../../../src/webview/metrics/view-data';

describe('the metrics page data', () => {
  const hostClock = 1_700_000_000_000;
  // The page runs 5 s behind the host, as a browser on another machine might.
  const pageClock = hostClock - 5000;
  const connected = {
    kind: 'ok' as const,
    deployment: 'http://127.0.0.1:8000',
    text: 'Connected to http://127.0.0.1:8000',
    rates: 'cumulative' as const,
    server: 'Older ScalarLM (no chat queue metrics): rates are cumulative, averaged over busy time since the server started.',
  };

  it('takes a snapshot, measuring the host clock against its own', () => {
    const data = applyHostMessage(EMPTY_VIEW_DATA, { type: 'snapshot', now: hostClock, points: [{ at: hostClock - 3000, queueDepth: 1 }], state: connected }, pageClock);
    assert.deepEqual(data, { points: [{ at: hostClock - 3000, queueDepth: 1 }], state: connected, deployment: connected.deployment, clockOffsetMs: 5000 });
    assert.equal(hostNow(data, pageClock + 1000), hostClock + 1000);
  });

  it('after a reload, draws from its saved points, then merges the host history, deduplicated by time', () => {
    const saved = {
      points: [{ at: hostClock - 6000, queueDepth: 1 }, { at: hostClock - 3000, queueDepth: 2 }],
      state: connected,
      deployment: connected.deployment,
      clockOffsetMs: 5000,
    };
    const restored = restoreViewData(JSON.parse(JSON.stringify(saved)), pageClock);
    assert.deepEqual(restored, saved);

    const history = [{ at: hostClock - 3000, queueDepth: 2 }, { at: hostClock, queueDepth: 3 }];
    const merged = applyHostMessage(restored, { type: 'snapshot', now: hostClock, points: history, state: connected }, pageClock);
    assert.deepEqual(merged.points.map((point) => point.at), [hostClock - 6000, hostClock - 3000, hostClock]);
  });

  it('adds samples and replaces the state, dropping what slid out of the window', () => {
    let data = applyHostMessage(EMPTY_VIEW_DATA, { type: 'sample', now: hostClock, point: { at: hostClock - WINDOW_MS - 1, queueDepth: 9 } }, pageClock);
    assert.deepEqual(data.points, []);
    data = applyHostMessage(data, { type: 'sample', now: hostClock, point: { at: hostClock, tokensPerSecond: 10.5 } }, pageClock);
    const paused = { kind: 'paused' as const, text: 'Paused while the window is not focused' };
    data = applyHostMessage(data, { type: 'state', now: hostClock, state: paused }, pageClock);
    assert.deepEqual(data, { points: [{ at: hostClock, tokensPerSecond: 10.5 }], state: paused, clockOffsetMs: 5000 });
  });

  it('restores nothing it cannot trust from the saved state', () => {
    assert.deepEqual(restoreViewData(undefined, pageClock), EMPTY_VIEW_DATA);
    assert.deepEqual(restoreViewData('garbage', pageClock), EMPTY_VIEW_DATA);
    const odd = {
      points: [{ at: hostClock - 1000, queueDepth: null, tokensPerSecond: '5' }, { at: 'yesterday' }, null, { at: hostClock - WINDOW_MS * 3 }],
      state: { kind: 'exploded', text: 'no' },
      clockOffsetMs: 5000,
    };
    assert.deepEqual(restoreViewData(odd, pageClock), { points: [{ at: hostClock - 1000 }], state: undefined, deployment: undefined, clockOffsetMs: 5000 });
    const oddState = restoreViewData({ points: [], state: { kind: 'ok', text: 'Connected', rates: 'yearly', server: 42 } }, pageClock).state;
    assert.deepEqual(oddState, { kind: 'ok', text: 'Connected' });
  });

  it('drops the points of a deployment the monitor no longer watches, and only then', () => {
    const start = { points: [{ at: hostClock, queueDepth: 4 }], state: connected, deployment: connected.deployment, clockOffsetMs: 0 };
    const unconfigured = { kind: 'unconfigured' as const, text: 'Not configured: queue metrics are off (scalarlm.metrics.enabled).' };
    const turnedOff = applyHostMessage(start, { type: 'state', now: hostClock, state: unconfigured }, hostClock);
    assert.equal(turnedOff.points.length, 1, 'an unconfigured state names no deployment');
    const sameAgain = applyHostMessage(turnedOff, { type: 'snapshot', now: hostClock, points: [], state: connected }, hostClock);
    assert.equal(sameAgain.points.length, 1);
    const other = { kind: 'connecting' as const, deployment: 'http://gpu-box:8000', text: 'Connecting to http://gpu-box:8000…' };
    const moved = applyHostMessage(sameAgain, { type: 'state', now: hostClock, state: other }, hostClock);
    assert.deepEqual([moved.points, moved.deployment], [[], 'http://gpu-box:8000']);
  });

  it('accepts only the protocol messages', () => {
    assert.equal(isMetricsWebviewMessage({ type: 'ready' }), true);
    assert.equal(isMetricsWebviewMessage({ type: 'sample' }), false);
    assert.equal(isMetricsWebviewMessage(null), false);
    assert.equal(isMetricsHostMessage({ type: 'state', now: 1, state: connected }), true);
    assert.equal(isMetricsHostMessage({ type: 'state' }), false);
    assert.equal(isMetricsHostMessage({ type: 'ready', now: 1 }), false);
  });
});
