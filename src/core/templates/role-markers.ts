// Role markers: a line `system:`, `user:` or `assistant:` (any case, optionally `# system:` as Prompty also
// allows, spaces around) starts a chat message. Prompty 2 lets a marker carry attributes, `user[name="Alice"]:`
// (its parsers/prompty.py `_BOUNDARY_RE` and `_parse_attrs`); the OpenAI wire format of both runtimes keeps
// `name` on the message (v1 executor `_sanitize_messages`, v2 `_message_to_wire`), so `name` is read and any
// other attribute is refused, since it would go to the wire there and nowhere here.
// A line that looks like a marker for a role this deployment cannot take (`tool:`, `function:`, `developer:`)
// or like a misspelt role (`sytem:`, `asistant:`) is an error, because sending it as text would quietly change
// the conversation. Any other word with a colon
// (`Answer:`, `Example:`, `Human:`) is ordinary text, as it so often is in prompts.

import type { ChatRole } from './types';

export const roleChoices = 'use system:, user: or assistant:';

const markerLine = /^[ \t]*(?:#[ \t]*)?([A-Za-z][A-Za-z0-9_-]*)[ \t]*(\[[^\]\n]*\])?[ \t]*:[ \t]*$/;
/** One `key=value` of a marker's attributes, the value quoted or bare (Prompty 2's `_parse_attrs`). */
const attribute = /(\w+)\s*=\s*(?:"([^"]*)"|([^",\]]*))/g;

const roles: readonly ChatRole[] = ['system', 'user', 'assistant'];
/** Roles of other chat APIs (Prompty's own parsers know tool, function, developer, and v1 a `tools:` section). */
const otherRoles = new Set(['tool', 'tools', 'function', 'developer']);
/** Words a near miss would catch that are more likely meant as text. */
const words = new Set(['users', 'systems', 'assistants', 'uses', 'used', 'stem', 'assistance']);
/** How far a word may be from a role and still be taken for a misspelling of it. */
const typoDistance: Record<ChatRole, number> = { system: 2, user: 1, assistant: 2 };

export type MarkerLine =
  | { kind: 'role'; role: ChatRole; name?: string; unsupported?: string }
  | { kind: 'unknown'; written: string }
  | { kind: 'text' };

export function classifyLine(line: string): MarkerLine {
  const match = markerLine.exec(line);
  if (match === null) return { kind: 'text' };
  const word = match[1];
  const lower = word.toLowerCase();
  const role = roles.find((candidate) => candidate === lower);
  if (role !== undefined) return match[2] === undefined ? { kind: 'role', role } : { kind: 'role', role, ...attributesOf(match[2]) };
  if (otherRoles.has(lower)) return { kind: 'unknown', written: `${word}:` };
  if (match[2] !== undefined) return { kind: 'text' };
  if (words.has(lower)) return { kind: 'text' };
  const nearMiss = roles.some((candidate) => editDistance(lower, candidate, typoDistance[candidate]) <= typoDistance[candidate]);
  return nearMiss ? { kind: 'unknown', written: `${word}:` } : { kind: 'text' };
}

/** `name` of `[name="Alice"]`; the first other attribute, which nothing here can send, as `unsupported`. */
function attributesOf(written: string): { name?: string; unsupported?: string } {
  const found: { name?: string; unsupported?: string } = {};
  for (const [, key, quoted, bare] of written.slice(1, -1).matchAll(attribute)) {
    if (key === 'name') found.name = (quoted ?? bare).trim();
    else found.unsupported ??= key;
  }
  return found;
}

export function unsupportedAttributeDetail(key: string): string {
  return `the role marker attribute \`${key}\` is not supported: only \`name\` (the message's name) is sent`;
}

export function unknownMarkerDetail(written: string): string {
  return `unknown role marker '${written}'; ${roleChoices}`;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of neighbours),
 * giving up early above `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
      rows[i].push(best);
    }
  }
  return rows[a.length][b.length];
}
