// How vLLM picks tokens for a chat request: greedily at temperature 0 (the same answer every time), by sampling
// above it. A request with a `seed` samples the same way each time it is sent (vLLM's per-request generator);
// without one, each request draws anew. The simulator mixes this key into its generator's seed, so a
// temperature sweep, `repeat` or a sampled column shows different answers, and a seeded one shows the same.

import { randomUUID } from 'node:crypto';

/** The sampling part of the generator's seed; undefined for greedy decoding. */
export function samplingKey(body: Record<string, unknown> | undefined): string | undefined {
  const temperature = body?.temperature;
  if (typeof temperature !== 'number' || !(temperature > 0)) return undefined;
  const topP = typeof body?.top_p === 'number' ? body.top_p : 1;
  const seed = body?.seed;
  return `temperature ${temperature} top_p ${topP} ${typeof seed === 'number' ? `seed ${seed}` : `draw ${randomUUID()}`}`;
}
