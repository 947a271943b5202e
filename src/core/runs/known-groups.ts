// The server's ids of batches earlier runs sent whose ids cannot be computed here ({messages} prompts, which
// the server renders through the model's chat template): by the hash of what was sent. A later run of the same
// prompts looks the group up under that id, so it is fetched, not sent again. Only runs from the same source
// are read, and ledgers too large to read at once are left out (a lookup missed costs a resubmit, never a loss).

import { statSync } from 'node:fs';
import { readLedgerLines } from './ledger-file';
import type { RunStore } from './run-store';

const LARGEST_LEDGER_BYTES = 64 * 1024 * 1024;

export function knownGroups(store: RunStore, source: string | undefined, exceptRunId?: string): Map<string, string> {
  const known = new Map<string, string>();
  if (source === undefined) return known;
  for (const run of store.list()) {
    if (run.runId === exceptRunId || run.source !== source || statSync(run.ledgerPath).size > LARGEST_LEDGER_BYTES) continue;
    const keys = new Map<number, string>();
    for (const { event } of readLedgerLines(run.ledgerPath)) {
      if (event.t === 'group' && event.key !== undefined) keys.set(event.g, event.key);
      else if (event.t === 'submitted' && event.groupId !== null) {
        const key = keys.get(event.g);
        if (key !== undefined && !known.has(key)) known.set(key, event.groupId);
      }
    }
  }
  return known;
}
