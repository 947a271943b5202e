// Where batch runs live: one ledger per run, named after the run's id, in one folder that the CLI and the
// editor share (runsDirFor). Listing reads each ledger's state through the run projection, and only the
// lines appended since the last listing: a view refreshed while runs go does not replay every ledger.

import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerHolder } from './ledger-lock';
import { countsOf } from './ledger-state';
import { RunProjection } from './run-projection';
import type { RunEndReason, StatusCounts } from './ledger-schema';

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
  /** Groups the server already held when the run came to them (fetched, not re-sent). */
  existingGroups: number;
  phase: StoredRunPhase;
  ledgerPath: string;
  /** The process writing to the ledger now (a terminal's run, another window's), when it is not this one. */
  goingElsewhere?: number;
  /** Set for an experiment's run (its cells are a matrix). */
  experiment?: boolean;
  /** A grading run: the experiment run it grades. */
  gradingOf?: string;
}

/**
 * The runs folder, one rule for the CLI (folder = the current directory) and the editor (the first workspace
 * folder): `.scalarlm/runs` of the folder when it exists (or when asked for), else the front end's own place.
 * So a run started in a terminal shows in the editor, and the other way round, once the folder has one.
 */
export function runsDirFor(folder: string | undefined, options: { preferFolder: boolean; fallback: string }): string {
  if (folder !== undefined) {
    const shared = join(folder, '.scalarlm', 'runs');
    if (options.preferFolder || existsSync(shared)) return shared;
  }
  return options.fallback;
}

export class RunStore {
  /** Per ledger: the projection read so far, and the size it was read at. */
  private readonly read = new Map<string, { size: number; mtimeMs: number; projection: RunProjection }>();

  constructor(readonly dir: string) {}

  ledgerPath(runId: string): string {
    mkdirSync(this.dir, { recursive: true });
    return this.pathOf(runId);
  }

  has(runId: string): boolean {
    return existsSync(this.pathOf(runId));
  }

  summary(runId: string): RunSummary {
    return this.summarize(this.pathOf(runId));
  }

  /** The run whose id is `idOrPrefix` or starts with it; undefined when none or several do. */
  find(idOrPrefix: string): RunSummary | undefined {
    if (/^[\w-]+$/.test(idOrPrefix) && this.has(idOrPrefix)) return this.summary(idOrPrefix);
    const matches = this.list().filter((run) => run.runId.startsWith(idOrPrefix));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Every ledger of the folder, unread (in no order). */
  ledgerPaths(): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.endsWith(SUFFIX))
      .map((name) => join(this.dir, name));
  }

  /** Every run, newest first. A ledger that cannot be read is reported through `onDamaged` and left out. */
  list(onDamaged?: (path: string, error: Error) => void): RunSummary[] {
    const runs: RunSummary[] = [];
    for (const path of this.ledgerPaths()) {
      try {
        runs.push(this.summarize(path));
      } catch (error) {
        this.read.delete(path);
        onDamaged?.(path, error as Error);
      }
    }
    return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * The run's files: its ledger and what is kept beside it under the same name (an experiment's tests, a copy
   * of stdin, a retry's item numbers, a lock left by a process that died).
   */
  files(runId: string): string[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((name) => name.startsWith(`${runId}.`))
      .sort((a, b) => Number(b.endsWith(SUFFIX)) - Number(a.endsWith(SUFFIX)) || a.localeCompare(b))
      .map((name) => join(this.dir, name));
  }

  delete(runId: string): void {
    this.read.delete(this.pathOf(runId));
    for (const path of this.files(runId)) rmSync(path, { force: true });
  }

  private pathOf(runId: string): string {
    return join(this.dir, `${runId}${SUFFIX}`);
  }

  private summarize(ledgerPath: string): RunSummary {
    const { size, mtimeMs } = statSync(ledgerPath);
    let known = this.read.get(ledgerPath);
    // Ledgers only grow; one that shrank or changed under the same size was replaced: read it again.
    if (!known || size < known.size || (size === known.size && mtimeMs !== known.mtimeMs)) {
      known = { size: 0, mtimeMs, projection: new RunProjection({ keepItems: false }) };
    }
    if (size > known.size) known.projection.read(ledgerPath);
    // What was read, not what the file holds: a line being written is read next time.
    this.read.set(ledgerPath, { size: known.projection.readTo, mtimeMs, projection: known.projection });
    return summaryOf(known.projection, ledgerPath);
  }
}

function summaryOf(projection: RunProjection, ledgerPath: string): RunSummary {
  const { header, state } = projection;
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
    existingGroups: state.existingGroups,
    ...(header.experiment ? { experiment: true } : {}),
    ...(header.gradingOf ? { gradingOf: header.gradingOf } : {}),
    phase: state.end?.reason ?? 'interrupted',
    ledgerPath,
    ...goingElsewhere(ledgerPath),
  };
}

function goingElsewhere(ledgerPath: string): { goingElsewhere?: number } {
  const holder = ledgerHolder(ledgerPath);
  return holder !== undefined && holder !== process.pid ? { goingElsewhere: holder } : {};
}
