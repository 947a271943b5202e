// Stable names for values: the SHA-256 of their canonical JSON (keys sorted at every level, undefined left out),
// so the same vars or assertions get the same fingerprint on any machine, in any order they were written.

import { createHash } from 'node:crypto';

/** Hex characters kept: 64 bits, plenty to tell a file's rows apart, short enough to read in a diff. */
const LENGTH = 16;

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sorted(value));
}

export function fingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, LENGTH);
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((element) => (element === undefined ? null : sorted(element)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) out[key] = sorted(member);
  }
  return out;
}
