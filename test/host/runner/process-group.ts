// Child processes started in their own process group, so stopping one also stops everything it started
// (code-server's extension host, npm's compilers), and a Ctrl-C in the terminal reaches only the runner.

import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';

const GRACE_MS = 5_000;

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

/** SIGTERM to the whole group, then SIGKILL if the leader has not exited within the grace period. */
export async function killGroup(child: ChildProcess, graceMs = GRACE_MS): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    signalGroup(child, 'SIGKILL'); // the leader is gone, but what it started may still be running
    return;
  }
  const exited = once(child, 'exit');
  signalGroup(child, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), graceMs);
  });
  const outcome = await Promise.race([exited, graceOver]);
  clearTimeout(timer);
  // Also after a clean exit: children that ignored SIGTERM must not outlive the run.
  signalGroup(child, 'SIGKILL');
  if (outcome === 'timeout') await exited;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Resolves with the exit code (a signal counts as failure); rejects if the command cannot start. */
export async function exitCodeOf(child: ChildProcess): Promise<number> {
  const [code] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  return code ?? 1;
}
