// A run's states and counts as its panel shows them, for the results and the experiment panels alike: while the
// run goes, what is not sent yet is queued and a submit on its way is pending; once it stopped, unsent and unknown.

import type { StatusCounts } from '../../core/runs/ledger-schema';
import type { RunItem } from '../../core/runs/run-projection';
import type { ShownCounts, ShownStatus } from '../../protocol/run-status';

/**
 * An item's state as its panel says it. While the run goes, what is not sent yet is queued, and a group whose
 * submit is on its way is pending (the POST waits for the answers, often for long): the ledger calls it unknown
 * only because a run that stopped there cannot tell whether the deployment got it. An item the deployment
 * could not settle carries the reconcile's note as its error, and stays unknown.
 */
export function shownStatus(item: Pick<RunItem, 'status' | 'error'>, live: boolean): ShownStatus {
  if (!live) return item.status;
  if (item.status === 'unsent') return 'queued';
  return item.status === 'unknown' && item.error === null ? 'pending' : item.status;
}

/** The runner's counts (they move within a group, before its items are written). */
export function shownCounts(counts: StatusCounts, live: boolean): ShownCounts {
  return { ...counts, unsent: live ? 0 : counts.unsent, queued: live ? counts.unsent : 0 };
}

/** The counts of the items as read. */
export function tally(items: readonly RunItem[], live: boolean): ShownCounts {
  const counts: ShownCounts = { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0 };
  for (const item of items) counts[shownStatus(item, live)]++;
  return counts;
}
