// Request ids of a group, in prompt order, however the server spelled them (protocol §1.3):
// `<group>_000000002` today, `<group>_2` in Nov 2025, integers before that. Older servers sorted
// results as strings (…_1, _10, _2), so order always comes from the numeric suffix, never from
// the order of the answer.

import { parseRequestId, requestIdFor } from '../api/group-id';
import type { GenerateResult } from '../api/types';
import type { RequestId, StoredIds } from './ledger-schema';

/** The ids of a group in prompt order, from the results of its submit; undefined when they don't fit the group. */
export function idsInPromptOrder(results: readonly GenerateResult[], count: number): RequestId[] | undefined {
  if (results.length !== count) return undefined;
  if (results.every((r) => typeof r.request_id === 'number')) {
    // Integer ids (pqids) were handed out in enqueue order, which is prompt order.
    return results.map((r) => r.request_id as number).sort((a, b) => a - b);
  }
  const ordered: RequestId[] = new Array(count);
  for (const { request_id } of results) {
    const parsed = typeof request_id === 'string' ? parseRequestId(request_id) : undefined;
    if (!parsed || parsed.index >= count || ordered[parsed.index] !== undefined) return undefined;
    ordered[parsed.index] = request_id;
  }
  return ordered;
}

/** The group part of a string id: everything before the first `_` (the server's own rule). */
export function groupOf(id: RequestId): string | null {
  return parseRequestId(id)?.group ?? null;
}

/** Stores ids compactly when they follow the server's pattern, else as a list. */
export function storeIds(ids: readonly RequestId[]): StoredIds {
  const group = ids.length > 0 ? groupOf(ids[0]) : null;
  if (group !== null) {
    for (const style of ['padded', 'unpadded'] as const) {
      if (ids.every((id, i) => id === formatId(group, i, style))) return { group, style, count: ids.length };
    }
  }
  return { list: [...ids] };
}

export function expandIds(stored: StoredIds): RequestId[] {
  if ('list' in stored) return stored.list;
  return Array.from({ length: stored.count }, (_, i) => formatId(stored.group, i, stored.style));
}

function formatId(group: string, index: number, style: 'padded' | 'unpadded'): string {
  return style === 'padded' ? requestIdFor(group, index) : `${group}_${index}`;
}
