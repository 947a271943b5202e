// The server's ids of batches earlier runs sent whose ids cannot be computed here ({messages} prompts, which
// the server renders through the model's chat template): by the hash of what was sent. A later run of the same
// prompts looks the group up under that id, so it is fetched, not sent again. Only runs from the same source
// are read, and ledgers too large to read at once are left out (a lookup missed costs a resubmit, never a loss).
// Which runs those are is read from each ledger's first line, not from the store's listing: that replays every
// run of the folder and keeps their states for as long as the store lives (the whole of an eval of 100,000 rows).

import { statSync } from 'node:fs';
import { readRunHeader } from './ledger-book';
import { readLedgerLines } from './ledger-file';
import type { RunStore } from './run-store';

const LARGEST_LEDGER_BYTES = 64 * 1024 * 1024;

export function knownGroups(store: RunStore, source: string | undefined, exceptRunId?: string): Map<string, string> {
  const known = new Map<string, string>();
  if (source === undefined) return known;
  // Newest first: a group a later run sent again is known by its latest id.
  for (const ledgerPath of sameSource(store, source, exceptRunId)) {
    const keys = new Map<number, string>();
    const found: [string, string][] = [];
    try {
      for (const { event } of readLedgerLines(ledgerPath)) {
        if (event.t === 'group' && event.key !== undefined) keys.set(event.g, event.key);
        else if (event.t === 'submitted' && event.groupId !== null) {
          const key = keys.get(event.g);
          if (key !== undefined) found.push([key, event.groupId]);
        }
      }
    } catch {
      // A damaged ledger is left out whole, as the store's listing leaves it out.
      continue;
    }
    for (const [key, groupId] of found) if (!known.has(key)) known.set(key, groupId);
  }
  return known;
}

/** The ledgers of the runs from `source` (but `exceptRunId`), newest first, small enough to read at once. */
function sameSource(store: RunStore, source: string, exceptRunId: string | undefined): string[] {
  const runs: { ledgerPath: string; createdAt: string }[] = [];
  for (const ledgerPath of store.ledgerPaths()) {
    try {
      const header = readRunHeader(ledgerPath);
      if (header.runId === exceptRunId || header.source !== source || statSync(ledgerPath).size > LARGEST_LEDGER_BYTES) continue;
      runs.push({ ledgerPath, createdAt: header.createdAt });
    } catch {
      continue;
    }
  }
  return runs.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((run) => run.ledgerPath);
}
