// A run's counts as its panel shows them, for the results and the experiment panels alike: while the run goes,
// what is not sent yet is queued; once it stopped, unsent.

import type { ItemStatus, StatusCounts } from '../../core/runs/ledger-schema';
import type { RunItem } from '../../core/runs/run-projection';
import type { ShownCounts, ShownStatus } from '../../protocol/run-status';

export function shownStatus(status: ItemStatus, live: boolean): ShownStatus {
  return live && status === 'unsent' ? 'queued' : status;
}

/** The runner's counts (they move within a group, before its items are written). */
export function shownCounts(counts: StatusCounts, live: boolean): ShownCounts {
  return { ...counts, unsent: live ? 0 : counts.unsent, queued: live ? counts.unsent : 0 };
}

/** The counts of the items as read. */
export function tally(items: readonly RunItem[], live: boolean): ShownCounts {
  const counts: ShownCounts = { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0 };
  for (const item of items) counts[shownStatus(item.status, live)]++;
  return counts;
}
