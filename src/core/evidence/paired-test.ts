// Two columns (or two runs) judged over the same rows: is the difference beyond noise? Only the rows whose
// verdicts differ carry evidence (the base passed and the other failed, or the other way round), and under
// "no difference" each such row goes either way with even odds: the exact McNemar test is the binomial test
// on those rows. With too few of them, say how many rows the same rates would need before a change of this
// size showed, so "no difference" is never read as "the same".

import { halfBinomialAtMost } from './binomial';

/** The level below which a difference is called beyond noise. */
export const SIGNIFICANCE = 0.05;

/** How far the search for the rows needed goes before it says "more than this". */
const MAX_ROWS_NEEDED = 1_000_000;

export type PairedOutcome = 'better' | 'worse' | 'no-difference';

export interface PairedTest {
  /** Rows judged pass or fail on both sides. */
  rows: number;
  /** Passed on the base side, failed on the other. */
  worse: number;
  /** Failed on the base side, passed on the other. */
  better: number;
  /** Exact two-sided McNemar p; 1 when no row differs. */
  pValue: number;
  outcome: PairedOutcome;
  /**
   * With no difference this data can show: about how many rows, at the same rates, would show it (null when the
   * rows differ neither way on balance, or when even MAX_ROWS_NEEDED would not).
   */
  rowsNeeded: number | null;
}

export function mcnemarP(worse: number, better: number): number {
  const discordant = worse + better;
  if (discordant === 0) return 1;
  return Math.min(1, 2 * halfBinomialAtMost(Math.min(worse, better), discordant));
}

export function pairedTest(rows: number, worse: number, better: number): PairedTest {
  const pValue = mcnemarP(worse, better);
  const outcome: PairedOutcome = pValue < SIGNIFICANCE ? (better > worse ? 'better' : 'worse') : 'no-difference';
  return { rows, worse, better, pValue, outcome, rowsNeeded: outcome === 'no-difference' ? rowsNeeded(rows, worse, better) : null };
}

/** The fewest rows at which the same rates of worse and better rows would differ beyond noise. */
function rowsNeeded(rows: number, worse: number, better: number): number | null {
  if (worse === better || rows === 0) return null;
  const significantAt = (n: number) => mcnemarP(Math.round((worse / rows) * n), Math.round((better / rows) * n)) < SIGNIFICANCE;
  let high = rows;
  while (!significantAt(high)) {
    if (high >= MAX_ROWS_NEEDED) return null;
    high = Math.min(MAX_ROWS_NEEDED, high * 2);
  }
  let low = rows;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (significantAt(middle)) high = middle;
    else low = middle;
  }
  return high;
}

/** The plain words: "better beyond noise (p = 0.016)", or "no difference this data can show (6 rows; …)". */
export function pairedText(test: PairedTest): string {
  const p = `p = ${pText(test.pValue)}`;
  if (test.outcome === 'better') return `better beyond noise (${p}, exact McNemar over ${rowsText(test.rows)})`;
  if (test.outcome === 'worse') return `worse beyond noise (${p}, exact McNemar over ${rowsText(test.rows)})`;
  if (test.worse + test.better === 0) return `no difference this data can show (${rowsText(test.rows)}, none judged differently)`;
  const needed = test.rowsNeeded === null ? (test.worse === test.better ? 'as many go one way as the other' : `more than ${MAX_ROWS_NEEDED.toLocaleString('en-US')} would be needed to see a change of this size`) : `about ${test.rowsNeeded.toLocaleString('en-US')} would be needed to see a change of this size`;
  return `no difference this data can show (${rowsText(test.rows)}; ${needed}; ${p})`;
}

/** "better on 3 rows, worse on 0": which way the rows that differ went. */
export function discordantText(test: PairedTest): string {
  return `better on ${rowsText(test.better)}, worse on ${test.worse}`;
}

function rowsText(n: number): string {
  return `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
}

export function pText(p: number): string {
  if (p >= 0.1) return p.toFixed(2);
  if (p >= 0.001) return p.toFixed(3);
  return p.toExponential(1);
}
