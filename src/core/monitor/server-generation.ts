// Which generation of ScalarLM a deployment is, read from what it reports: the API carries no version
// (api-config.json exists only beside the web UI). Current servers report the chat queue's metrics
// (chat_*) and rate token/s, request/s and flop/s over a 60 s sliding window; older ones (tensorwavecloud,
// v0.99) report only the first seven keys, with rates that are totals over busy time since the process
// started, and have no Megatron health (protocol §4, §7, §10.2).

import type { Health, QueueMetrics } from '../api/types';

export type ServerGeneration = 'current' | 'older';

export interface GenerationReading {
  generation: ServerGeneration;
  /** How the server measures its rates. */
  rates: 'last-60s' | 'cumulative';
  /** For people: which server this looks like, what gave it away, and what the rates mean. */
  description: string;
}

export function readServerGeneration(metrics: QueueMetrics, health?: Health): GenerationReading {
  if (Object.keys(metrics.chat).length > 0) {
    return { generation: 'current', rates: 'last-60s', description: 'Current ScalarLM (it reports the chat queue): rates cover the last 60 s.' };
  }
  const evidence = health !== undefined && health.megatron === undefined ? 'no chat queue metrics, no Megatron health' : 'no chat queue metrics';
  return {
    generation: 'older',
    rates: 'cumulative',
    description: `Older ScalarLM (${evidence}): rates are cumulative, averaged over busy time since the server started.`,
  };
}

/** "Tokens/s (60 s)" on current servers, "Tokens/s (cumulative)" on older ones. */
export function rateLabel(name: string, rates: GenerationReading['rates']): string {
  return `${name} (${rates === 'last-60s' ? '60 s' : 'cumulative'})`;
}
