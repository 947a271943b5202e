// Default timeouts, and the timing of each kind of call, fitted to how the server holds its answers.

import type { CallTiming } from './http';
import type { ClientTimeouts } from './types';

export const DEFAULT_TIMEOUTS: Readonly<ClientTimeouts> = {
  connectMs: 10_000,
  idleMs: 30_000,
  // Above the server's 60 s response_timeout, with room for enqueueing and a slow network.
  longPollIdleMs: 90_000,
  // Above the 30 s /tokenize admission call that comes before the headers; heartbeats then come every 4 s.
  chatIdleMs: 45_000,
  streamIdleMs: 90_000,
  overallMs: 120_000,
  chatOverallMs: 600_000,
};

/** How long /v1/generate and get_results hold an unfinished group (response_timeout, protocol §1.4). */
const SERVER_HOLD_MS = 60_000;

export type CallKind = 'ordinary' | 'long-poll' | 'chat' | 'completion' | 'stream';

/**
 * The timing of one call. `heldGroups` is how many unfinished groups a long poll may wait on: get_results
 * polls its groups one after another and answers only at the end, so k groups can hold it k × 60 s (§2).
 */
export function timingFor(timeouts: ClientTimeouts, kind: CallKind, heldGroups = 1): CallTiming {
  switch (kind) {
    case 'ordinary':
      return { idleMs: timeouts.idleMs, overallMs: timeouts.overallMs };
    case 'long-poll': {
      const extra = Math.max(0, heldGroups - 1) * SERVER_HOLD_MS;
      return { idleMs: timeouts.longPollIdleMs + extra, overallMs: timeouts.overallMs + extra };
    }
    case 'chat':
      return { idleMs: timeouts.chatIdleMs, overallMs: timeouts.chatOverallMs };
    case 'completion':
      // vLLM answers a non-streaming completion only once it has generated all of it.
      return { idleMs: timeouts.streamIdleMs, overallMs: timeouts.chatOverallMs };
    case 'stream':
      return { idleMs: timeouts.streamIdleMs, overallMs: undefined };
  }
}
