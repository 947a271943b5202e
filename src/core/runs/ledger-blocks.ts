// A batch group's settled items as one ledger line (format version 2): the statuses, responses and errors of
// its prompts by their place in the group, with what repeats said once. One line per group instead of one per
// prompt: a tenth of the bytes, and one JSON value to write and read, however large the group.

import { emptyCounts, type ItemStatus, type LedgerEvent, type RequestId, type StatusCounts, type StoredIds } from './ledger-schema';
import { expandIds } from './request-ids';

export type ItemsEvent = Extract<LedgerEvent, { t: 'items' }>;

export interface BlockItems {
  statuses: readonly ItemStatus[];
  responses?: readonly (string | null)[];
  errors?: readonly (string | null)[];
  /** The items' ids when they are not the group's submitted ones; null: none. */
  ids?: StoredIds | null;
}

/** The line for a group's items, with a status or error shared by all of them written once. */
export function itemsEvent(g: number, { statuses, responses, errors, ids }: BlockItems): ItemsEvent {
  const e = errors?.some((error) => error !== null) ? (errors.every((error) => error === errors[0]) ? (errors[0] as string) : [...errors]) : undefined;
  return {
    t: 'items',
    g,
    s: statuses.every((status) => status === statuses[0]) && statuses.length > 0 ? statuses[0] : [...statuses],
    ...(responses?.some((response) => response !== null) ? { r: [...responses] } : {}),
    ...(e !== undefined ? { e } : {}),
    ...(ids !== undefined ? { ids } : {}),
  };
}

export function blockStatus(event: ItemsEvent, k: number): ItemStatus {
  return typeof event.s === 'string' ? event.s : event.s[k];
}

export function blockResponse(event: ItemsEvent, k: number): string | null {
  return event.r?.[k] ?? null;
}

export function blockError(event: ItemsEvent, k: number): string | null {
  return typeof event.e === 'string' ? event.e : (event.e?.[k] ?? null);
}

/** The items' ids in group order; `submitted`: the group's ids when the block names none of its own. */
export function blockIds(event: ItemsEvent, submitted: StoredIds | undefined): RequestId[] | undefined {
  if (event.ids === null) return undefined;
  const ids = event.ids ?? submitted;
  return ids ? expandIds(ids) : undefined;
}

export function blockCounts(event: ItemsEvent, count: number): StatusCounts {
  const counts = emptyCounts();
  if (typeof event.s === 'string') counts[event.s] = count;
  else for (const status of event.s) counts[status]++;
  return counts;
}
