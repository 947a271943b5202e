// Every metric a deployment reported, as labelled rows: the known ones first, in a fixed order, then the keys
// this client does not know. The status bar tooltip and `scalarlm-lab metrics` show the same rows, with their
// values written the same way, and the rates labelled by how this server measures them.

import type { QueueMetrics } from '../api/types';
import { rateLabel, readServerGeneration } from './server-generation';

export type MetricRow = [label: string, value: number | string];

export function metricRows(m: QueueMetrics): MetricRow[] {
  const { rates } = readServerGeneration(m);
  const known: [string, number | undefined][] = [
    ['Queue depth', m.queueDepth],
    [rateLabel('Tokens/s', rates), m.tokensPerSecond],
    [rateLabel('Requests/s', rates), m.requestsPerSecond],
    [rateLabel(FLOPS_UNIT, rates), m.flopsPerSecond],
    ['Requests (total)', m.requests],
    ['Tokens (total)', m.tokens],
    ['Busy time (s)', m.totalTimeSeconds],
    ['Chat in flight', m.chat.inFlight],
    ['Chat requests', m.chat.totalCount],
    ['Chat 429s', m.chat.admitted429Count],
    ['Chat 429 rate', m.chat.admitted429Rate],
    ['Chat batch size p50', m.chat.batchSizeP50],
    ['Chat batch size p99', m.chat.batchSizeP99],
    ['Chat duration p50 (s)', m.chat.requestDurationP50],
    ['Chat duration p99 (s)', m.chat.requestDurationP99],
    ['Apparent proxy buffering', m.chat.apparentBufferingCount],
  ];
  const rows: MetricRow[] = known.filter((row): row is [string, number] => row[1] !== undefined);
  for (const [key, value] of Object.entries(m.extra)) rows.push([key, JSON.stringify(value)]);
  return rows;
}

/** A metric's value as people read it: FLOP/s run to tens of billions, so they get SI prefixes. */
export function formatMetricValue(label: string, value: number): string {
  if (label.startsWith(FLOPS_UNIT)) return formatSi(value, FLOPS_UNIT);
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

const FLOPS_UNIT = 'FLOP/s';

const SI_PREFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

/** `51649467810.16, 'FLOP/s'` -> `51.6 GFLOP/s`: one decimal, as the status bar writes tokens/s. */
export function formatSi(value: number, unit: string): string {
  let scaled = Math.abs(value);
  let prefix = 0;
  // Rounded before choosing the prefix, so 999.96 k reads 1.0 M rather than 1000.0 k.
  while (Number(scaled.toFixed(1)) >= 1000 && prefix < SI_PREFIXES.length - 1) {
    scaled /= 1000;
    prefix++;
  }
  const digits = prefix === 0 && Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1);
  return `${value < 0 ? '-' : ''}${digits} ${SI_PREFIXES[prefix]}${unit}`;
}
