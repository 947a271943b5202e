// Where a workspace's batch runs live: one ledger per run, named after the run's id, in one folder.
// Listing reads each ledger's state (no index file to fall out of step with the ledgers).

import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readLedger } from '../batch/ledger-book';
import { countsOf } from '../batch/ledger-state';
import type { RunEndReason, StatusCounts } from '../batch/types';

const SUFFIX = '.ledger.jsonl';

/** How a stored run ended; `interrupted` when it has no end (the process died, or it is running now). */
export type StoredRunPhase = RunEndReason | 'interrupted';

export interface RunSummary {
  runId: string;
  title: string;
  createdAt: string;
  source?: string;
  parentRunId?: string;
  model?: string;
  counts: StatusCounts;
  total: number;
  phase: StoredRunPhase;
  ledgerPath: string;
}

export class RunStore {
  constructor(readonly dir: string) {}

  ledgerPath(runId: string): string {
    mkdirSync(this.dir, { recursive: true });
    return join(this.dir, `${runId}${SUFFIX}`);
  }

  has(runId: string): boolean {
    return existsSync(join(this.dir, `${runId}${SUFFIX}`));
  }

  summary(runId: string): RunSummary {
    return summarize(join(this.dir, `${runId}${SUFFIX}`));
  }

  /** Every run, newest first. A ledger that cannot be read is reported through `onDamaged` and left out. */
  list(onDamaged?: (path: string, error: Error) => void): RunSummary[] {
    if (!existsSync(this.dir)) return [];
    const runs: RunSummary[] = [];
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith(SUFFIX)) continue;
      const path = join(this.dir, name);
      try {
        runs.push(summarize(path));
      } catch (error) {
        onDamaged?.(path, error as Error);
      }
    }
    return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  delete(runId: string): void {
    rmSync(join(this.dir, `${runId}${SUFFIX}`), { force: true });
  }
}

function summarize(ledgerPath: string): RunSummary {
  const state = readLedger(ledgerPath);
  const header = state.header;
  if (!header) throw new Error(`${ledgerPath} has no run header.`);
  const counts = countsOf(state);
  return {
    runId: header.runId,
    title: header.title ?? header.source ?? header.runId,
    createdAt: header.createdAt,
    ...(header.source ? { source: header.source } : {}),
    ...(header.parentRunId ? { parentRunId: header.parentRunId } : {}),
    ...(header.params.model ? { model: header.params.model } : {}),
    counts,
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    phase: state.end?.reason ?? 'interrupted',
    ledgerPath,
  };
}
