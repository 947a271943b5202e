// The three charted series: which point field, its title, and how its values read. DOM-free.

import type { MetricsPoint } from '../../protocol/metrics';

export type SeriesKey = 'queueDepth' | 'tokensPerSecond' | 'requestsPerSecond';

export interface Series {
  key: SeriesKey;
  title: string;
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
  { key: 'queueDepth', title: 'Queue depth', describe: (value) => `Queue depth ${value}`, format: (value) => integer.format(value) },
  { key: 'tokensPerSecond', title: 'Tokens/s', describe: (value) => `${value} tokens/s`, format: (value) => oneDecimal.format(value) },
  { key: 'requestsPerSecond', title: 'Requests/s', describe: (value) => `${value} requests/s`, format: (value) => twoDecimals.format(value) },
];

/** Shown for a value the server did not report. */
export const MISSING = '—';

/** The top of a chart's scale, short: "2.5K", "250", "0.05". */
export function formatScale(value: number): string {
  return compact.format(value);
}

/** "Queue depth 12 · 1,234.5 tokens/s · 3.20 requests/s", from the newest point. */
export function currentValuesText(latest: MetricsPoint | undefined): string {
  if (!latest) return 'No samples yet';
  return SERIES.map((series) => {
    const value = latest[series.key];
    return series.describe(value === undefined ? MISSING : series.format(value));
  }).join(' · ');
}

/** What a screen reader hears for one chart: "Queue depth, last 10 minutes: latest 12, highest 40". */
export function chartSummary(series: Series, points: readonly MetricsPoint[]): string {
  const values = points.map((point) => point[series.key]).filter((value): value is number => value !== undefined);
  if (values.length === 0) return `${series.title}, last 10 minutes: no samples`;
  const latest = series.format(values[values.length - 1]);
  const highest = series.format(Math.max(...values));
  return `${series.title}, last 10 minutes: latest ${latest}, highest ${highest}`;
}
