// Starting the bundled simulator and CLI as separate processes, and measuring a CLI run.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const ROOT = join(__dirname, '../../..');
export const CLI = join(ROOT, 'dist/cli.js');
const SIM = join(ROOT, 'dist/sim.js');
const USAGE_PRELOAD = join(ROOT, 'out/bench/report-usage.js');

export interface SimProcess {
  url: string;
  child: ChildProcess;
  stats(): Promise<{ requests: Record<string, number>; enqueuedPrompts: number }>;
  stop(): Promise<void>;
}

export async function startSimProcess(args: string[]): Promise<SimProcess> {
  const child = spawn(process.execPath, [SIM, '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  let url: string | undefined;
  for await (const line of lines) {
    url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
    if (url) break;
  }
  if (!url) throw new Error('The simulator did not start.');
  const base = url;
  return {
    url: base,
    child,
    stats: async () => (await fetch(`${base}/_sim/stats`)).json() as Promise<{ requests: Record<string, number>; enqueuedPrompts: number }>,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

export interface Measured {
  code: number;
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  /** From the start to the first byte on stdout (when the run writes its results there). */
  firstOutputMs?: number;
  stderr: string;
}

/** Runs `scalarlm-lab ARGS` in its own process and measures its wall time, CPU time and peak RSS. */
export async function runCliMeasured(args: string[], usageFile: string): Promise<Measured> {
  rmSync(usageFile, { force: true });
  const started = performance.now();
  const child = spawn(process.execPath, ['--require', USAGE_PRELOAD, CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BENCH_USAGE_FILE: usageFile },
  });
  let stderr = '';
  let firstOutputMs: number | undefined;
  child.stdout?.on('data', () => (firstOutputMs ??= performance.now() - started));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const wallMs = performance.now() - started;
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { userMs: number; systemMs: number; maxRssKb: number };
  return { code, wallMs, cpuMs: usage.userMs + usage.systemMs, maxRssMb: usage.maxRssKb / 1024, ...(firstOutputMs !== undefined ? { firstOutputMs } : {}), stderr };
}
