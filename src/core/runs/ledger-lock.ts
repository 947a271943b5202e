// One writer per ledger: a run going in one process (a terminal, a window) must not be taken up by another
// (the editor resumes interrupted runs it finds in the shared runs folder). The writer holds `<ledger>.lock`
// with its process id; a lock whose process is gone was left by a crash and is taken over.

import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class LedgerLock {
  private constructor(
    private readonly path: string | undefined,
    /** The process id in the lock taken over: a process that is gone (killed, or its pipe closed) left it. */
    readonly tookOverFrom: number | undefined,
  ) {}

  /** Takes the lock of a ledger, or throws saying which process holds it. */
  static take(ledgerPath: string): LedgerLock {
    const path = `${ledgerPath}.lock`;
    let left: number | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(path, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }), { flag: 'wx' });
        return new LedgerLock(path, left);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = ledgerHolder(ledgerPath);
        if (holder !== undefined) throw new Error(`This run is going in another process (pid ${holder}): it cannot be resumed here until that one stops.`);
        left = lockedBy(ledgerPath) ?? left;
        rmSync(path, { force: true });
      }
    }
    throw new Error(`Could not take the lock of ${ledgerPath}.`);
  }

  release(): void {
    if (this.path) rmSync(this.path, { force: true });
  }
}

/** The process id the ledger's lock names, alive or not; undefined when there is no readable lock. */
function lockedBy(ledgerPath: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(`${ledgerPath}.lock`, 'utf8')) as { pid: unknown };
    return typeof pid === 'number' && Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The process writing to this ledger now, if one is alive. */
export function ledgerHolder(ledgerPath: string): number | undefined {
  const pid = lockedBy(ledgerPath);
  if (pid === undefined) return undefined;
  if (pid === process.pid) return pid;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
