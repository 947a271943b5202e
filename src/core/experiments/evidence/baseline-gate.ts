// The baseline gate: each row of the run being tried against the same row of the baseline (matched by key, the
// fingerprint of its vars; the prompt and provider may differ, they are what is tried). A row regresses when it
// passed in the baseline and fails now, or, with repeats, when its passes fall beyond chance (repeat-rule.ts). The
// rows must be the same rows judged the same way: a row only one side has, or whose assertions or test differ,
// makes the baseline one that cannot be compared (unless partial comparison was asked for, which compares the rows
// that match and counts the rest). The CLI's exit code, the reports' marks and the panel's changes all come from
// here.

import { pairedTest, sampleChange, type PairedTest, type SampleChange } from '../../evidence';
import type { RunSummary, SummaryCell, SummaryRow } from '../run-summary-types';

export interface GateCell {
  key: string;
  label: string;
  /** This run's column, and the baseline's column it is compared with. */
  column: number;
  baseColumn: number;
  change: SampleChange;
  base: SummaryCell;
  now: SummaryCell;
}

export interface GateMismatch<Row extends Pick<SummaryRow, 'label'> = SummaryRow> {
  onlyInBaseline: Row[];
  onlyHere: Row[];
  /** Rows with the same vars whose assertions (or options, threshold) are not the baseline's. */
  differing: { row: Row; what: 'assertions' | 'test' }[];
}

export interface BaselineGate {
  /** False when rows do not match and partial comparison was not asked for: nothing was compared. */
  comparable: boolean;
  /** Each of this run's columns with the baseline's column it is compared with. */
  pairs: { column: number; baseColumn: number }[];
  cells: GateCell[];
  counts: Record<SampleChange, number>;
  /** Rows compared (matched on both sides). */
  matchedRows: number;
  mismatch: GateMismatch;
  /** Per pair of columns, the paired test over the rows judged on both sides. */
  paired: PairedTest[];
}

/** The columns cannot be paired: the message says why and what to do. */
export class BaselineColumnsError extends Error {}

export function gateAgainstBaseline(baseline: RunSummary, now: RunSummary, options: { partial?: boolean } = {}): BaselineGate {
  const pairs = pairColumns(baseline.columns.map((c) => c.label), now.columns.map((c) => c.label));
  const { matched, mismatch } = matchRows(baseline.rows, now.rows);
  const counts: Record<SampleChange, number> = { regressed: 0, improved: 0, 'fewer-passes': 0, 'more-passes': 0, same: 0, unjudged: 0 };
  const comparable = mismatchCount(mismatch) === 0 || options.partial === true;
  const cells: GateCell[] = [];
  const discordant = pairs.map(() => ({ rows: 0, worse: 0, better: 0 }));
  if (comparable) {
    for (const [base, row] of matched) {
      pairs.forEach(({ column, baseColumn }, pair) => {
        const [b, n] = [base.cells[baseColumn], row.cells[column]];
        const change = sampleChange(b, n);
        counts[change]++;
        cells.push({ key: row.key, label: row.label, column, baseColumn, change, base: b, now: n });
        if (judged(b.verdict) && judged(n.verdict)) {
          const tally = discordant[pair];
          tally.rows++;
          if (b.verdict === 'pass' && n.verdict === 'fail') tally.worse++;
          if (b.verdict === 'fail' && n.verdict === 'pass') tally.better++;
        }
      });
    }
  }
  return { comparable, pairs, cells, counts, matchedRows: comparable ? matched.length : 0, mismatch, paired: discordant.map((t) => pairedTest(t.rows, t.worse, t.better)) };
}

/** A row as matching needs it: its key, the fingerprints of what judges it, and its label for messages. */
type RowNames = Pick<SummaryRow, 'key' | 'label' | 'test' | 'assertions'>;

/**
 * This run's rows each with the baseline's row of the same key, and those that do not match. Used on the rows of
 * a finished run, and before anything is sent, on the rows a run will have (`eval --baseline` checks first).
 */
export function matchRows<Row extends RowNames>(baseline: readonly Row[], now: readonly Row[]): { matched: [Row, Row][]; mismatch: GateMismatch<Row> } {
  const before = new Map(baseline.map((row) => [row.key, row]));
  const mismatch: GateMismatch<Row> = { onlyInBaseline: [], onlyHere: [], differing: [] };
  const matched: [Row, Row][] = [];
  for (const row of now) {
    const base = before.get(row.key);
    if (!base) mismatch.onlyHere.push(row);
    else if (base.assertions !== row.assertions) mismatch.differing.push({ row, what: 'assertions' });
    else if (base.test !== row.test) mismatch.differing.push({ row, what: 'test' });
    else matched.push([base, row]);
  }
  const here = new Set(now.map((row) => row.key));
  mismatch.onlyInBaseline = baseline.filter((row) => !here.has(row.key));
  return { matched, mismatch };
}

/**
 * The baseline's column for each of this run's: the same place when both have as many columns, the baseline's
 * only column for all when it has one, else the baseline's column of the same label.
 */
export function pairColumns(baseline: readonly string[], now: readonly string[]): { column: number; baseColumn: number }[] {
  if (baseline.length === now.length) return now.map((_, column) => ({ column, baseColumn: column }));
  if (baseline.length === 1) return now.map((_, column) => ({ column, baseColumn: 0 }));
  return now.map((label, index) => {
    const baseColumn = baseline.indexOf(label);
    if (baseColumn === -1) {
      throw new BaselineColumnsError(
        `the baseline has ${baseline.length} columns (${baseline.join('; ')}) and this run ${now.length}; column ${index + 1} (${label}) is none of the baseline's. Give the run the baseline's columns, or bless a baseline of this run's columns.`,
      );
    }
    return { column: index, baseColumn };
  });
}

function judged(verdict: SummaryCell['verdict']): boolean {
  return verdict === 'pass' || verdict === 'fail';
}

/** Why the baseline cannot be compared, a line per kind, the first few rows named. */
export function mismatchLines(mismatch: GateMismatch<Pick<SummaryRow, 'label'>>, limit = 5): string[] {
  const named = (rows: Pick<SummaryRow, 'label'>[]) => `${rows.slice(0, limit).map((row) => `"${row.label}"`).join(', ')}${rows.length > limit ? `, and ${rows.length - limit} more` : ''}`;
  const lines: string[] = [];
  if (mismatch.onlyHere.length) lines.push(`${rowsText(mismatch.onlyHere.length)} of this run ${mismatch.onlyHere.length === 1 ? 'is' : 'are'} not in the baseline: ${named(mismatch.onlyHere)}.`);
  if (mismatch.onlyInBaseline.length) lines.push(`${rowsText(mismatch.onlyInBaseline.length)} of the baseline ${mismatch.onlyInBaseline.length === 1 ? 'is' : 'are'} not in this run: ${named(mismatch.onlyInBaseline)}.`);
  const assertions = mismatch.differing.filter((d) => d.what === 'assertions').map((d) => d.row);
  const tests = mismatch.differing.filter((d) => d.what === 'test').map((d) => d.row);
  if (assertions.length) lines.push(`${rowsText(assertions.length)} ${assertions.length === 1 ? 'has' : 'have'} other assertions than in the baseline: ${named(assertions)}.`);
  if (tests.length) lines.push(`${rowsText(tests.length)} ${tests.length === 1 ? 'has' : 'have'} other options or threshold than in the baseline: ${named(tests)}.`);
  return lines;
}

export function mismatchCount(mismatch: GateMismatch<Pick<SummaryRow, 'label'>>): number {
  return mismatch.onlyHere.length + mismatch.onlyInBaseline.length + mismatch.differing.length;
}

function rowsText(n: number): string {
  return `${n} row${n === 1 ? '' : 's'}`;
}
