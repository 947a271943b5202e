// The ports the local simulator listens on: a stable one, so its URL can be saved in settings and still be
// right the next time it starts. It takes the port of a loopback URL already in scalarlm.baseUrl (the one a
// user saved or typed, whatever its number: that is where this window looks), then the port it had last, then
// 8000 (the command line's default URL) and the few after it; only when all of those are taken does it fall
// back to any free port, and that URL is not offered for saving. When the port of scalarlm.baseUrl is taken,
// what holds it decides: a simulator (or another ScalarLM) already there is the one to use; anything else is
// named, and another port offered. No 'vscode' import, so it is unit-tested on Node.

import { createServer } from 'node:net';

export const SIMULATOR_HOST = '127.0.0.1';
export const STABLE_PORTS: readonly number[] = Array.from({ length: 10 }, (_, i) => 8000 + i);
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isStablePort(port: number): boolean {
  return STABLE_PORTS.includes(port);
}

/** The port of a loopback URL with an explicit port, such as http://127.0.0.1:8000; else undefined. */
export function loopbackPort(url: string): number | undefined {
  try {
    const parsed = new URL(url.trim());
    return LOOPBACK.has(parsed.hostname) && parsed.port !== '' ? Number(parsed.port) : undefined;
  } catch {
    return undefined;
  }
}

/** The preferred ports (the unset ones skipped), then the stable ones, each once. */
export function candidatePorts(preferred: readonly (number | undefined)[]): number[] {
  return [...new Set([...preferred.filter((port): port is number => port !== undefined && port > 0 && port < 65536), ...STABLE_PORTS])];
}

/** The first candidate nothing listens on at `host` now; undefined when all are taken. */
export async function firstFreePort(candidates: readonly number[], host = SIMULATOR_HOST): Promise<number | undefined> {
  for (const port of candidates) if (await isFree(port, host)) return port;
  return undefined;
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * What listens on a port: nothing, a ScalarLM simulator (it answers its own /_sim/stats), another ScalarLM
 * (its /v1/health says how its API is), or something else.
 */
export type PortHolder = 'free' | 'simulator' | 'scalarlm' | 'other';

const PROBE_TIMEOUT_MS = 2000;

export async function portHolder(port: number, host = SIMULATOR_HOST): Promise<PortHolder> {
  if (await isFree(port, host)) return 'free';
  if (await answersWith(`http://${host}:${port}/_sim/stats`, 'generateSubmissions')) return 'simulator';
  return (await answersWith(`http://${host}:${port}/v1/health`, 'api')) ? 'scalarlm' : 'other';
}

/** Whether `url` answers 200 with a JSON object that has `key`. */
async function answersWith(url: string, key: string): Promise<boolean> {
  try {
    const reply = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    const body: unknown = reply.ok ? await reply.json() : undefined;
    return typeof body === 'object' && body !== null && key in body;
  } catch {
    return false;
  }
}
