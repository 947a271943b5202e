// The three charted series: which point field, its title, and how its values read. DOM-free.

import type { MetricsPoint, RateWindow } from '../../protocol/metrics';

export type SeriesKey = 'queueDepth' | 'tokensPerSecond' | 'requestsPerSecond';

export interface Series {
  key: SeriesKey;
  title: string;
  /** A rate, measured the way the server measures rates (the last 60 s, or since it started). */
  rate: boolean;
  /** How a value reads in the current-values line: "12" -> "Queue depth 12", "3.20" -> "3.20 requests/s". */
  describe(value: string): string;
  format(value: number): string;
}

// en-US on purpose: the rest of the UI is English, and host tests read these strings.
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 2 });

export const SERIES: readonly Series[] = [
  { key: 'queueDepth', title: 'Queue depth', rate: false, describe: (value) => `Queue depth ${value}`, format: (value) => integer.format(value) },
  { key: 'tokensPerSecond', title: 'Tokens/s', rate: true, describe: (value) => `${value} tokens/s`, format: (value) => oneDecimal.format(value) },
  { key: 'requestsPerSecond', title: 'Requests/s', rate: true, describe: (value) => `${value} requests/s`, format: (value) => twoDecimals.format(value) },
];

/** "Tokens/s (60 s)", "Tokens/s (cumulative)"; just "Tokens/s" until a sample has shown which server it is. */
export function seriesTitle(series: Series, rates: RateWindow | undefined): string {
  if (!series.rate || rates === undefined) return series.title;
  return `${series.title} (${rates === 'last-60s' ? '60 s' : 'cumulative'})`;
}

/** Shown for a value the server did not report. */
export const MISSING = '—';

/** The top of a chart's scale, short: "2.5K", "250", "0.05". */
export function formatScale(value: number): string {
  return compact.format(value);
}

/**
 * "Queue depth 12 · 1,234.5 tokens/s · 3.20 requests/s", from the newest point. An older server's rates are
 * not current at all, so each says "(cumulative)".
 */
export function currentValuesText(latest: MetricsPoint | undefined, rates?: RateWindow): string {
  if (!latest) return 'No samples yet';
  return SERIES.map((series) => {
    const value = latest[series.key];
    const text = series.describe(value === undefined ? MISSING : series.format(value));
    return series.rate && rates === 'cumulative' ? `${text} (cumulative)` : text;
  }).join(' · ');
}

/** What a screen reader hears for one chart: "Queue depth, last 10 minutes: latest 12, highest 40". */
export function chartSummary(series: Series, points: readonly MetricsPoint[], rates?: RateWindow): string {
  const title = seriesTitle(series, rates);
  const values = points.map((point) => point[series.key]).filter((value): value is number => value !== undefined);
  if (values.length === 0) return `${title}, last 10 minutes: no samples`;
  const latest = series.format(values[values.length - 1]);
  const highest = series.format(Math.max(...values));
  return `${title}, last 10 minutes: latest ${latest}, highest ${highest}`;
}
