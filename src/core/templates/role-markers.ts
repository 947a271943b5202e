// Role markers: a line `system:`, `user:` or `assistant:` (any case, optionally `# system:` as Prompty also
// allows, spaces around) starts a chat message. A line that looks like a marker for a role this deployment
// cannot take (`tool:`, `function:`, `developer:`) or like a misspelt role (`sytem:`, `asistant:`) is an
// error, because sending it as text would quietly change the conversation. Any other word with a colon
// (`Answer:`, `Example:`, `Human:`) is ordinary text, as it so often is in prompts.

import type { ChatRole } from './types';

export const roleChoices = 'use system:, user: or assistant:';

const markerLine = /^[ \t]*(?:#[ \t]*)?([A-Za-z][A-Za-z0-9_-]*)[ \t]*:[ \t]*$/;

const roles: readonly ChatRole[] = ['system', 'user', 'assistant'];
/** Roles of other chat APIs (Prompty's own parser knows tool and function). */
const otherRoles = new Set(['tool', 'function', 'developer']);
/** Words a near miss would catch that are more likely meant as text. */
const words = new Set(['users', 'systems', 'assistants', 'uses', 'used', 'stem', 'assistance']);
/** How far a word may be from a role and still be taken for a misspelling of it. */
const typoDistance: Record<ChatRole, number> = { system: 2, user: 1, assistant: 2 };

export type MarkerLine = { kind: 'role'; role: ChatRole } | { kind: 'unknown'; written: string } | { kind: 'text' };

export function classifyLine(line: string): MarkerLine {
  const match = markerLine.exec(line);
  if (match === null) return { kind: 'text' };
  const word = match[1];
  const lower = word.toLowerCase();
  const role = roles.find((candidate) => candidate === lower);
  if (role !== undefined) return { kind: 'role', role };
  if (otherRoles.has(lower)) return { kind: 'unknown', written: `${word}:` };
  if (words.has(lower)) return { kind: 'text' };
  const nearMiss = roles.some((candidate) => editDistance(lower, candidate, typoDistance[candidate]) <= typoDistance[candidate]);
  return nearMiss ? { kind: 'unknown', written: `${word}:` } : { kind: 'text' };
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
