// Starts the simulator on an ephemeral 127.0.0.1 port for one test, and stops it afterwards.

import { startSimulator, type SimHandle, type SimOptions } from '../../../src/sim';

/** Test defaults: fast, so waits are short; a test overrides what it is about. */
export const FAST: Partial<SimOptions> = { port: 0, zeroLatency: true, responseTimeoutMs: 2000, heartbeatIntervalMs: 50 };

export async function withSimulator<T>(options: Partial<SimOptions>, body: (sim: SimHandle) => Promise<T>): Promise<T> {
  const sim = await startSimulator({ ...FAST, ...options });
  try {
    return await body(sim);
  } finally {
    await sim.close();
  }
}

/** Submissions per group on the simulator: every value must be 1 for "no duplicate submissions". */
export function submissionCounts(sim: SimHandle): number[] {
  return Object.values(sim.stats().generateSubmissions);
}
