// Runs the project's bundled simulator (dist/sim.js) as a child of the extension host, on a free port, the
// way a user would run `scalarlm-lab sim`. Tests stop theirs; index.ts stops any left over. It starts with no
// training jobs, as a real deployment; a test about adaptors it did not train asks for EXAMPLE_JOBS.

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { FaultSpec, SimStats } from '../../../../src/sim';
import { REPO_ROOT } from './extension';

export interface SimulatorProcess {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /** Stops and starts it again on the same port with the same flags (state survives only with --state-dir). */
  restart(): Promise<void>;
  /** Starts it again on the same port with the same flags after stop(): a deployment back from an outage. */
  start(): Promise<void>;
  stats(): Promise<SimStats>;
  addFaults(specs: FaultSpec[]): Promise<void>;
  /**
   * Leaves it out of the simulators stopped when the session ends, so a test that spans a window reload can
   * keep an answer streaming into the reload; returns its process id, for the session after the reload to stop it.
   */
  keepThroughReload(): number;
}

/** The flag for the simulator's example jobs: three trained adaptors (sha256("test") first) and a failed job. */
export const EXAMPLE_JOBS = '--example-jobs';

const SIM_SCRIPT = join(REPO_ROOT, 'dist', 'sim.js');
const START_TIMEOUT_MS = 10_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_KEPT_CHARS = 20_000;
const running = new Set<ChildProcess>();

/** `flags` are dist/sim.js flags (see `node dist/sim.js --help`); the port is chosen here. */
export async function startSimulatorProcess(flags: string[] = []): Promise<SimulatorProcess> {
  const first = await launch(flags, 0);
  let child = first.child;
  const port = first.port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    stop: () => stopChild(child),
    restart: async () => {
      await stopChild(child);
      ({ child } = await launch(flags, port));
    },
    start: async () => {
      ({ child } = await launch(flags, port));
    },
    stats: async () => (await control(url, 'GET', '/_sim/stats')) as SimStats,
    addFaults: async (specs) => {
      await control(url, 'POST', '/_sim/faults', specs);
    },
    keepThroughReload: () => {
      running.delete(child);
      if (child.pid === undefined) throw new Error('The simulator has no process id.');
      return child.pid;
    },
  };
}

/** Stops every simulator a test left running. */
export async function stopAllSimulators(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

async function launch(flags: string[], port: number): Promise<{ child: ChildProcess; port: number }> {
  // In desktop VS Code process.execPath is the Electron binary; this variable makes it behave as Node.
  const child = spawn(process.execPath, [SIM_SCRIPT, ...flags, '--port', String(port), '--host', '127.0.0.1'], {
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep); // read, so a chatty simulator never blocks on a full pipe
  try {
    const boundPort = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`dist/sim.js did not report its port within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      const onData = (): void => {
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) finish(() => resolve(Number(match[1])));
      };
      const onExit = (code: number | null): void => finish(() => reject(new Error(`dist/sim.js exited with code ${code} while starting`)));
      const finish = (outcome: () => void): void => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
        outcome();
      };
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
      child.once('error', (error) => finish(() => reject(error)));
    });
    return { child, port: boundPort };
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${output}`);
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

async function control(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Simulator ${method} ${path}: HTTP ${response.status}: ${text}`);
  return JSON.parse(text) as unknown;
}
