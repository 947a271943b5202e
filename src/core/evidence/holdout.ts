// Rows kept out of training, chosen by their keys and a seed alone: the same rows and seed pick the same
// held-out rows on any machine, and a row keeps its side when other rows are added (its place in the order is
// its own hash). The fraction is of the rows, rounded, and both sides keep at least one row when there are two.

import { createHash } from 'node:crypto';

export interface HoldoutSplit {
  fraction: number;
  seed: number;
  /** The keys held out (not trained on), in the order given. */
  heldOut: string[];
  /** The keys trained on, in the order given. */
  trained: string[];
}

export class HoldoutError extends Error {}

/** A fraction in (0, 1), else a HoldoutError saying what to give. */
export function checkFraction(fraction: number): void {
  if (!Number.isFinite(fraction) || fraction <= 0 || fraction >= 1) throw new HoldoutError(`the held-out fraction must be between 0 and 1 (exclusive), such as 0.2; got ${fraction}`);
}

export function holdoutSplit(keys: readonly string[], fraction: number, seed = 0): HoldoutSplit {
  checkFraction(fraction);
  if (!Number.isInteger(seed)) throw new HoldoutError(`the seed must be a whole number; got ${seed}`);
  const unique = [...new Set(keys)];
  let count = Math.round(fraction * unique.length);
  if (unique.length >= 2) count = Math.min(unique.length - 1, Math.max(1, count));
  const order = unique.map((key) => ({ key, rank: createHash('sha256').update(`${seed}:${key}`).digest('hex') })).sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0));
  const held = new Set(order.slice(0, count).map((entry) => entry.key));
  return { fraction, seed, heldOut: unique.filter((key) => held.has(key)), trained: unique.filter((key) => !held.has(key)) };
}
