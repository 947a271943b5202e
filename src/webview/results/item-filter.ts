// Which items the list shows: one state (or all) and a search over prompt, response and error text.
// DOM-free.

import type { ItemStatusView } from '../../protocol/results';
import type { ItemStore } from './item-store';

/** The states in the order the chips show them. */
export const ITEM_STATUSES: readonly ItemStatusView[] = ['ok', 'error', 'pending', 'unknown', 'unsent', 'queued'];

export interface ItemFilter {
  /** Absent: every state. */
  status?: ItemStatusView;
  /** As typed; matched case-insensitively, ignoring surrounding whitespace. */
  search: string;
}

export function isItemStatus(value: unknown): value is ItemStatusView {
  return ITEM_STATUSES.includes(value as ItemStatusView);
}

/** The indexes of the items that pass, in index order. */
export function filterItems(store: ItemStore, filter: ItemFilter): number[] {
  const query = filter.search.trim().toLowerCase();
  const { status } = filter;
  // entry.searchText is built on first read, so it is read only when there is a query.
  return store.select((entry) => (status === undefined || entry.item.status === status) && (query === '' || entry.searchText.includes(query)));
}
