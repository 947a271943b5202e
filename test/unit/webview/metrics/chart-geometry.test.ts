import * as assert from 'node:assert/strict';
import type { MetricsPoint } from '../../../../src/protocol/metrics';
import { continuousRuns, maxContinuousGapMs, niceCeiling, seriesPath } from '../../../../src/webview/metrics/chart-geometry';

/** Points every `everyMs` from `start`, with queue depths from `depths`. */
function polled(start: number, everyMs: number, depths: (number | undefined)[]): MetricsPoint[] {
  return depths.map((queueDepth, i) => (queueDepth === undefined ? { at: start + i * everyMs } : { at: start + i * everyMs, queueDepth }));
}

describe('chart geometry', () => {
  describe('niceCeiling', () => {
    it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
      assert.deepEqual([1, 1.2, 2, 2.1, 3, 7, 12, 240, 251, 1234.5, 99_000].map(niceCeiling), [1, 2, 2, 2.5, 5, 10, 20, 250, 500, 2000, 100_000]);
    });

    it('reads cleanly for small rates, without float noise', () => {
      assert.deepEqual([0.032, 0.3, 0.21, 0.0007].map(niceCeiling), [0.05, 0.5, 0.25, 0.001]);
    });

    it('is 1 for an idle series, so a flat zero line sits at the bottom', () => {
      assert.equal(niceCeiling(0), 1);
      assert.equal(niceCeiling(-3), 1);
    });
  });

  describe('maxContinuousGapMs', () => {
    it('is three poll intervals, measured as the median so the gaps themselves do not stretch it', () => {
      const points = [...polled(0, 2000, [1, 2, 3, 4, 5]), ...polled(60_000, 2000, [1, 2, 3])];
      assert.equal(maxContinuousGapMs(points), 6000);
    });

    it('assumes the default 3 s interval until there are two points', () => {
      assert.equal(maxContinuousGapMs([]), 9000);
      assert.equal(maxContinuousGapMs([{ at: 5, queueDepth: 1 }]), 9000);
    });
  });

  describe('continuousRuns', () => {
    it('breaks the line where polling stopped for longer than the limit', () => {
      const points = [...polled(0, 3000, [1, 2, 3]), ...polled(6000 + 10_000, 3000, [4, 5])];
      assert.deepEqual(continuousRuns(points, 'queueDepth', 9000), [
        [{ at: 0, value: 1 }, { at: 3000, value: 2 }, { at: 6000, value: 3 }],
        [{ at: 16_000, value: 4 }, { at: 19_000, value: 5 }],
      ]);
    });

    it('joins points exactly at the limit', () => {
      assert.equal(continuousRuns(polled(0, 9000, [1, 2, 3]), 'queueDepth', 9000).length, 1);
    });

    it('breaks the line where the server did not report the value, without inventing zeros', () => {
      const runs = continuousRuns(polled(0, 3000, [1, undefined, 3, 4]), 'queueDepth', 9000);
      assert.deepEqual(runs, [[{ at: 0, value: 1 }], [{ at: 6000, value: 3 }, { at: 9000, value: 4 }]]);
    });
  });

  describe('seriesPath', () => {
    const size = { width: 600, height: 100 };

    it('maps time across the window and values up from the bottom, scaled to the nice ceiling', () => {
      const points = [{ at: 1000, queueDepth: 0 }, { at: 4000, queueDepth: 5 }, { at: 7000, queueDepth: 10 }];
      assert.deepEqual(seriesPath(points, 'queueDepth', { start: 1000, end: 7000 }, size), { yMax: 10, d: 'M0 100L300 50L600 0' });
    });

    it('starts a new subpath after a gap, and draws a lone point as a dot (zero-length segment)', () => {
      const points = [...polled(0, 3000, [2, 2, 2, 2]), { at: 30_000, queueDepth: 1 }, ...polled(60_000, 3000, [2, 2, 2, 2, 2])];
      const { d } = seriesPath(points, 'queueDepth', { start: 0, end: 72_000 }, size);
      assert.equal(d.match(/M/g)?.length, 3);
      assert.match(d, /M250 50h0M500 0L/);
    });

    it('is empty when the series has no values', () => {
      assert.deepEqual(seriesPath([{ at: 0 }, { at: 3000 }], 'tokensPerSecond', { start: 0, end: 3000 }, size), { yMax: 1, d: '' });
    });
  });
});
