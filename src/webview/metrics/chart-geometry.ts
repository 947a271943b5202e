// Where a series' points land in a chart: its scale, its gaps and its SVG path. DOM-free.

import type { MetricsPoint } from '../../protocol/metrics';
import type { SeriesKey } from './series';

/** The plot's coordinate system (the SVG viewBox); CSS stretches it to the panel's width. */
export interface PlotSize {
  width: number;
  height: number;
}

export interface TimeRange {
  start: number;
  end: number;
}

/** Used until there are enough points to measure the interval: the default poll interval, 3 s. */
export const DEFAULT_POLL_INTERVAL_MS = 3000;

/** A line is broken where successive points are further apart than this many poll intervals. */
const GAP_INTERVALS = 3;

/**
 * The longest time between two points that still reads as continuous polling. The monitor reports only
 * successful polls, so a pause, an outage or a backoff shows up as a longer interval. The interval is
 * measured from the points (the median, which a few gaps do not move) rather than taken from settings,
 * so a changed poll interval needs no message.
 */
export function maxContinuousGapMs(points: readonly MetricsPoint[]): number {
  const intervals: number[] = [];
  for (let i = 1; i < points.length; i++) intervals.push(points[i].at - points[i - 1].at);
  if (intervals.length === 0) return DEFAULT_POLL_INTERVAL_MS * GAP_INTERVALS;
  intervals.sort((a, b) => a - b);
  return median(intervals) * GAP_INTERVALS;
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The top of the y axis: the smallest 1, 2, 2.5 or 5 times a power of ten at or above the largest value,
 * so the scale label reads cleanly. 1 when there is nothing above zero, so an idle queue draws a flat line
 * at the bottom instead of dividing by zero.
 */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    // Rounding to 12 significant digits keeps 0.1 * 3 style float noise out of the label.
    const candidate = Number((step * power).toPrecision(12));
    if (candidate >= value) return candidate;
  }
  return 10 * power;
}

/** Runs of points to join with a line: split where a value is missing or where polling stopped for a while. */
export function continuousRuns(points: readonly MetricsPoint[], key: SeriesKey, maxGapMs: number): { at: number; value: number }[][] {
  const runs: { at: number; value: number }[][] = [];
  let run: { at: number; value: number }[] = [];
  let previousAt: number | undefined;
  for (const point of points) {
    const value = point[key];
    const brokenByTime = previousAt !== undefined && point.at - previousAt > maxGapMs;
    if (value === undefined || brokenByTime) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    if (value !== undefined) run.push({ at: point.at, value });
    previousAt = point.at;
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The chart of one series: the top of its scale and the SVG path data of its line (empty without points). */
export function seriesPath(points: readonly MetricsPoint[], key: SeriesKey, range: TimeRange, size: PlotSize): { yMax: number; d: string } {
  const runs = continuousRuns(points, key, maxContinuousGapMs(points));
  const yMax = niceCeiling(Math.max(0, ...runs.flat().map((point) => point.value)));
  const span = range.end - range.start;
  const x = (at: number) => round(((at - range.start) / span) * size.width);
  const y = (value: number) => round(size.height - (value / yMax) * size.height);
  // A run of one point becomes a zero-length segment ("h0"), which the CSS round line cap draws as a dot.
  const d = runs
    .map((run) => run.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.at)} ${y(point.value)}`).join('') + (run.length === 1 ? 'h0' : ''))
    .join('');
  return { yMax, d };
}

function round(coordinate: number): number {
  return Math.round(coordinate * 10) / 10;
}
