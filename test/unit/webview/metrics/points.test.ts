import * as assert from 'node:assert/strict';
import { MAX_POINTS, mergePoints, trimToWindow, WINDOW_MS } from '../../../../src/webview/metrics/points';

describe('the kept points', () => {
  const now = 1_700_000_000_000;

  it('merge sorted by time, one per timestamp, the incoming point winning', () => {
    const kept = [{ at: now - 3000, queueDepth: 1 }, { at: now, queueDepth: 2 }];
    const incoming = [{ at: now, queueDepth: 7 }, { at: now - 6000, queueDepth: 0 }];
    assert.deepEqual(mergePoints(kept, incoming, now), [
      { at: now - 6000, queueDepth: 0 },
      { at: now - 3000, queueDepth: 1 },
      { at: now, queueDepth: 7 },
    ]);
  });

  it('keep the last 10 minutes only', () => {
    const points = [{ at: now - WINDOW_MS - 1 }, { at: now - WINDOW_MS }, { at: now - 1000 }];
    assert.deepEqual(trimToWindow(points, now), [{ at: now - WINDOW_MS }, { at: now - 1000 }]);
  });

  it('are capped at MAX_POINTS, keeping the newest', () => {
    const many = Array.from({ length: MAX_POINTS + 50 }, (_, i) => ({ at: now - 100 * i }));
    const kept = mergePoints([], many, now);
    assert.equal(kept.length, MAX_POINTS);
    assert.equal(kept[kept.length - 1].at, now);
    assert.equal(kept[0].at, now - 100 * (MAX_POINTS - 1));
  });
});
