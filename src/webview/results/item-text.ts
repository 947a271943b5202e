// How an item reads in the list and the detail pane: its number, origin labels, an embedding summed up, and
// what to say while it has no response. DOM-free.

import type { EmbeddingView, ItemStatusView, ItemView } from '../../protocol/results';
import { formatCount } from '../shared/format';

/** "Item 8": numbered from 1, as people count (a retry's items keep the numbers of the run retried). */
export function itemTitle(item: ItemView): string {
  return `Item ${formatCount(item.number)}`;
}

/** What the detail pane says while the filter or the search hides the selected item. */
export function hiddenByFilter(item: ItemView): string {
  return `${itemTitle(item)} is selected, but the filter or the search hides it. Clear them to see it, or pick a shown item.`;
}

/** "#8", beside the item's line in the list. */
export function itemLabel(item: ItemView): string {
  return `#${item.number}`;
}

/** "Embedding: 384 dimensions, norm 1.000". */
export function embeddingSummary(embedding: EmbeddingView): string {
  return `Embedding: ${formatCount(embedding.dimension)} dimension${embedding.dimension === 1 ? '' : 's'}, norm ${embedding.norm.toFixed(3)}`;
}

/** "0.0123, -0.4561, … (the first 8 of 384)"; every value when there are no more. */
export function embeddingValues(embedding: EmbeddingView): string {
  const values = embedding.first.map((value) => value.toFixed(4)).join(', ');
  return embedding.first.length < embedding.dimension ? `${values}, … (the first ${embedding.first.length} of ${formatCount(embedding.dimension)})` : values;
}

/** "L12", or "L12–14" for a prompt spanning lines. */
export function originLabel(origin: NonNullable<ItemView['origin']>): string {
  return origin.endLine > origin.line ? `L${origin.line}–${origin.endLine}` : `L${origin.line}`;
}

/** For screen readers and tooltips: "Reveal lines 12–14 in the editor". */
export function originDescription(origin: NonNullable<ItemView['origin']>): string {
  const lines = origin.endLine > origin.line ? `lines ${origin.line}–${origin.endLine}` : `line ${origin.line}`;
  return `Reveal ${lines} in the editor`;
}

/** Shown in place of a response that has not come, by state; ok and error items have their own text. */
const WAITING_NOTES: Record<Exclude<ItemStatusView, 'ok' | 'error' | 'unknown'>, string> = {
  queued: 'Waiting to be sent.',
  pending: 'Submitted, but not finished yet (or when the run stopped): resuming the run fetches it.',
  unsent: 'Not sent: the run ended before reaching it. Resuming the run sends it.',
};

export function waitingNote(item: ItemView): string | undefined {
  if (item.status === 'ok' || item.status === 'error') return undefined;
  if (item.status !== 'unknown') return WAITING_NOTES[item.status];
  // An unknown item carries the reconcile note when the deployment was asked and could not tell.
  return item.error !== null
    ? 'The deployment could not say whether it received this group: the note above the list explains, and offers to send it again.'
    : "Its group's submit was cut off: resuming the run asks the deployment whether it got it before anything is sent again.";
}
