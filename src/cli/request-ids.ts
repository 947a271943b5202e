// The request ids a user types: the 64-hex group id, a prefix of it as `scalarlm-lab requests` prints it,
// or a per-prompt id `<group>_000000003`. The request browser knows only whole group ids (protocol §5.2),
// so a prefix is looked up by paging list_requests.

import { HttpStatusError } from '../core/api/errors';
import type { CallOptions, RequestRow } from '../core/api/types';
import type { ScalarLMClient } from '../core/api/client';
import { UsageError } from './command';

export const MIN_PREFIX = 6;
/** What `scalarlm-lab requests` prints at least: enough for a prefix to be unique among thousands of requests. */
export const LISTED_ID_LENGTH = 12;
const GROUP_ID_LENGTH = 64;
/** The matches an ambiguous prefix lists. */
const LISTED_MATCHES = 5;
/** list_requests' largest page: the fewest calls for a full scan. */
const SCAN_PAGE_SIZE = 200;

export type WantedRequest = { kind: 'group'; groupId: string } | { kind: 'prefix'; prefix: string };

export type PrefixLookup =
  | { kind: 'unique'; groupId: string }
  | { kind: 'none'; scanned: number }
  | { kind: 'ambiguous'; matches: RequestRow[] }
  | { kind: 'route-missing' };

/** What the argument names; a UsageError for anything that is no request id. */
export function parseRequestArgument(text: string): WantedRequest {
  const id = text.trim().toLowerCase();
  const cut = id.indexOf('_');
  // A per-prompt id names its group: everything before the `_`.
  const group = cut >= 0 && /^\d+$/.test(id.slice(cut + 1)) ? id.slice(0, cut) : id;
  if (/^[0-9a-f]+$/.test(group)) {
    if (group.length === GROUP_ID_LENGTH) return { kind: 'group', groupId: group };
    if (group.length >= MIN_PREFIX && group.length < GROUP_ID_LENGTH) return { kind: 'prefix', prefix: group };
  }
  throw new UsageError(
    `"${text}" is not a request id. Give a group id as \`scalarlm-lab requests\` lists it (64 hex characters, or at least ${MIN_PREFIX} of its first ones), or a per-prompt id such as <group>_000000003.`,
  );
}

/** Pages through every stored request for the ones whose id starts with `prefix`. */
export async function findByPrefix(client: ScalarLMClient, prefix: string, call: CallOptions): Promise<PrefixLookup> {
  const matches: RequestRow[] = [];
  let scanned = 0;
  try {
    for await (const row of client.allRequests({ ...call, pageSize: SCAN_PAGE_SIZE })) {
      scanned++;
      if (row.request_id.startsWith(prefix)) matches.push(row);
    }
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 404 && error.detail === 'Not Found') return { kind: 'route-missing' };
    throw error;
  }
  if (matches.length === 0) return { kind: 'none', scanned };
  if (matches.length > 1) return { kind: 'ambiguous', matches };
  return { kind: 'unique', groupId: matches[0].request_id };
}

export function ambiguousMessage(prefix: string, matches: readonly RequestRow[]): string {
  const shown = matches.slice(0, LISTED_MATCHES);
  const lines = shown.map((row) => `  ${row.request_id}  ${row.status}  ${row.prompt_preview.replace(/\s+/g, ' ').slice(0, 40)}`);
  const more = matches.length > shown.length ? `\n  … and ${matches.length - shown.length} more` : '';
  return `${prefix} is ambiguous: ${matches.length} requests start with it. Give more of the id; the first ${shown.length}, newest first:\n${lines.join('\n')}${more}\n`;
}

/** The shortest length, from LISTED_ID_LENGTH up, at which the listed ids are still all different. */
export function listedIdLength(ids: readonly string[]): number {
  const distinct = new Set(ids).size;
  for (let length = LISTED_ID_LENGTH; length < GROUP_ID_LENGTH; length++) {
    if (new Set(ids.map((id) => id.slice(0, length))).size === distinct) return length;
  }
  return GROUP_ID_LENGTH;
}
