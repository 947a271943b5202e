// GET /v1/generate/metrics in one shape. Servers send `token/s`, `request/s`, `flop/s`, `requests`,
// `tokens`, `total_time` and the chat_* keys (protocol §4); the published OpenAPI MetricsResponse spells
// them tokens_per_second, total_completed_requests, ... (dead code on the server, but documented, so a
// gateway or a future server may use it). A key that is missing stays undefined: a zero would claim
// an idle queue that nobody measured.

import type { QueueMetrics } from './types';

type TopLevelField = Exclude<keyof QueueMetrics, 'chat' | 'extra'>;
type ChatField = keyof QueueMetrics['chat'];

const TOP_LEVEL_KEYS = new Map<string, TopLevelField>([
  ['queue_depth', 'queueDepth'],
  ['requests', 'requests'],
  ['total_completed_requests', 'requests'],
  ['tokens', 'tokens'],
  ['total_completed_tokens', 'tokens'],
  ['total_time', 'totalTimeSeconds'],
  ['total_completed_response_time', 'totalTimeSeconds'],
  ['token/s', 'tokensPerSecond'],
  ['tokens_per_second', 'tokensPerSecond'],
  ['request/s', 'requestsPerSecond'],
  ['requests_per_second', 'requestsPerSecond'],
  ['flop/s', 'flopsPerSecond'],
  ['flops_per_second', 'flopsPerSecond'],
]);

const CHAT_KEYS = new Map<string, ChatField>([
  ['chat_in_flight', 'inFlight'],
  ['chat_admitted_429_count', 'admitted429Count'],
  ['chat_total_count', 'totalCount'],
  ['chat_admitted_429_rate', 'admitted429Rate'],
  ['chat_batch_size_p50', 'batchSizeP50'],
  ['chat_batch_size_p99', 'batchSizeP99'],
  ['chat_request_duration_p50', 'requestDurationP50'],
  ['chat_request_duration_p99', 'requestDurationP99'],
  ['chat_apparent_buffering_count', 'apparentBufferingCount'],
]);

/** Maps both spellings; keys it does not know, and known keys whose value is not a number, go to `extra` unchanged. */
export function normaliseMetrics(raw: Readonly<Record<string, unknown>>): QueueMetrics {
  const metrics: QueueMetrics = { chat: {}, extra: {} };
  for (const [key, value] of Object.entries(raw)) {
    const topLevel = TOP_LEVEL_KEYS.get(key);
    const chat = CHAT_KEYS.get(key);
    if (typeof value === 'number' && topLevel !== undefined) metrics[topLevel] = value;
    else if (typeof value === 'number' && chat !== undefined) metrics.chat[chat] = value;
    else metrics.extra[key] = value;
  }
  return metrics;
}
