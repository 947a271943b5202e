// The points the chart keeps: the last 10 minutes, oldest first, one per timestamp. DOM-free, so the
// Node unit tests cover it.

import type { MetricsPoint } from '../../protocol/metrics';

export const WINDOW_MS = 10 * 60 * 1000;

/**
 * A bound on memory and on saved state whatever the poll interval: 10 minutes at one poll a second is
 * 600 points, so this leaves room for faster polling without letting a misbehaving host grow the list.
 */
export const MAX_POINTS = 3000;

/**
 * Merges incoming points into kept ones, sorted by time. On equal `at` the incoming point wins: the host's
 * history is the truth, the page's saved copy only a head start. Drops points older than the window
 * ending at `now` (host clock), then keeps at most MAX_POINTS, the newest.
 */
export function mergePoints(kept: readonly MetricsPoint[], incoming: readonly MetricsPoint[], now: number): MetricsPoint[] {
  const byTime = new Map<number, MetricsPoint>();
  for (const point of kept) byTime.set(point.at, point);
  for (const point of incoming) byTime.set(point.at, point);
  const merged = [...byTime.values()].sort((a, b) => a.at - b.at);
  return trimToWindow(merged, now);
}

/** Points within the window ending at `now`, at most MAX_POINTS of them (the newest). */
export function trimToWindow(points: readonly MetricsPoint[], now: number): MetricsPoint[] {
  const start = now - WINDOW_MS;
  const inWindow = points.filter((point) => point.at >= start);
  return inWindow.length > MAX_POINTS ? inWindow.slice(inWindow.length - MAX_POINTS) : inWindow;
}
