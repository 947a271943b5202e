// Every metric a deployment reported, as labelled rows: the known ones first, in a fixed order, then the keys
// this client does not know. The status bar tooltip and `scalarlm-lab metrics` show the same rows.

import type { QueueMetrics } from '../api/types';

export type MetricRow = [label: string, value: number | string];

export function metricRows(m: QueueMetrics): MetricRow[] {
  const known: [string, number | undefined][] = [
    ['Queue depth', m.queueDepth],
    ['Tokens/s (60 s)', m.tokensPerSecond],
    ['Requests/s (60 s)', m.requestsPerSecond],
    ['FLOP/s (60 s)', m.flopsPerSecond],
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
