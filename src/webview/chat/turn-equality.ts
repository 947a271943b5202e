// Whether a turn the page shows is the same as one a new `init` brings, so its drawing can stay: the host
// sends the whole conversation for every new turn, and redrawing every earlier answer each time would
// make a long conversation slower to continue with every turn. DOM-free.

import type { AnswerView } from '../../protocol/chat';
import type { TurnRecord } from './chat-store';

export function sameTurn(shown: TurnRecord, incoming: TurnRecord): boolean {
  return (
    shown.user === incoming.user &&
    shown.kind === incoming.kind &&
    shown.imported === incoming.imported &&
    shown.transport === incoming.transport &&
    shown.answers.length === incoming.answers.length &&
    shown.answers.every((answer, index) => sameValue(shownPart(answer.view), shownPart(incoming.answers[index].view)))
  );
}

/** What of an answer shows on the page: all but its `seq`, which only orders messages. */
function shownPart(view: AnswerView): AnswerView {
  return { ...view, seq: undefined };
}

/** Equality of message data (plain objects, arrays, primitives), whatever the order of keys; a key set to undefined counts as absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}
