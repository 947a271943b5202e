// Two runs over the same inputs, cell by cell: an experiment's cells matched by prompt, provider, test and
// repeat (so columns can move between runs), a batch run's prompts by their input index. Each is the same,
// changed (another output or state), newly passing, newly failing, or only in one of the two. The panel, the
// diff editor and `scalarlm-lab diff` read the same comparison. Two columns of one experiment run (the base
// beside its adaptor) are compared by the same rule, their cells matched by test and repeat.

import { pairedTest, type PairedTest } from '../evidence';
import type { RunItem, RunProjection } from './run-projection';

export type Change = 'same' | 'changed' | 'newly-passing' | 'newly-failing' | 'added';

/** A verdict to compare by, when the runs were judged: pass or fail (anything else is not a verdict). */
export type VerdictOf = (run: RunProjection, item: RunItem) => 'pass' | 'fail' | undefined;

export interface CellComparison {
  /** The item of the new run. */
  item: RunItem;
  /** The matching item of the baseline, when it has one. */
  other?: RunItem;
  change: Change;
}

export interface RunComparison {
  cells: CellComparison[];
  counts: Record<Change | 'removed', number>;
  /** Items of the baseline that the new run does not have. */
  removed: RunItem[];
  /** The exact McNemar test over the matched cells judged pass or fail on both sides (`worse`: passed, now fails). */
  paired: PairedTest;
  /** Over the matched cells answered on both sides: how many gave the very same text. */
  sameAnswers: SameAnswers;
}

export interface SameAnswers {
  /** Matched pairs of cells whose two sides both answered (status ok). */
  answered: number;
  /** Of those, the pairs whose two answers are the same text. */
  same: number;
}

/**
 * Every answered pair gave the same text: an adaptor that answers like its base changed nothing, whatever the
 * verdicts say, and that is a result to show ("answers like its base on 12/12 rows").
 */
export function answersAlike(answers: SameAnswers): boolean {
  return answers.answered > 0 && answers.same === answers.answered;
}

/** The change from the baseline run `base` to the run `next` (`diff BASE NEW`): `item` is next's, `other` base's. */
export function compareRuns(base: RunProjection, next: RunProjection, verdictOf?: VerdictOf): RunComparison {
  return compareItems({ items: base.items, key: keyer(base), verdict: (item) => verdictOf?.(base, item) }, { items: next.items, key: keyer(next), verdict: (item) => verdictOf?.(next, item) });
}

/**
 * Why `base` and `next` (named `names`) are not runs over the same inputs; undefined when they are. A batch run and
 * an experiment never are; two runs of which no cell is a cell of the other have nothing to compare (counting every
 * cell added and every cell removed would say they do).
 */
export function notSameInputs(base: RunProjection, next: RunProjection, comparison: RunComparison, names: readonly [string, string]): string | undefined {
  const [baseIsExperiment, nextIsExperiment] = [base, next].map((run) => run.header.experiment !== undefined);
  if (baseIsExperiment !== nextIsExperiment) return baseIsExperiment ? `${names[0]} is an experiment, ${names[1]} a batch run of prompts` : `${names[0]} is a batch run of prompts, ${names[1]} an experiment`;
  const nothingMatched = comparison.cells.length > 0 && comparison.removed.length > 0 && comparison.counts.added === comparison.cells.length;
  return nothingMatched ? 'no cell of one is a cell of the other (prompt, provider, test and repeat)' : undefined;
}

/**
 * The change from the column `base` of an experiment run to its column `other` (an adaptor beside the base
 * model): `item` is other's cell, `other` base's cell of the same test and repeat. `rows`: only these rows (an
 * adaptor's held-out rows); every row without.
 */
export function compareColumns(run: RunProjection, base: number, other: number, verdictOf?: VerdictOf, rows?: ReadonlySet<number>): RunComparison {
  const of = (column: number): Side => ({
    items: run.items.filter((item) => item.cell?.[0] === column && (!rows || rows.has(item.cell[1]))),
    key: (item) => (item.cell ? JSON.stringify([item.cell[1], item.cell[2]]) : undefined),
    verdict: (item) => verdictOf?.(run, item),
  });
  return compareItems(of(base), of(other));
}

interface Side {
  items: readonly RunItem[];
  /** How a cell is matched with the other side's; undefined: it is not a cell. */
  key(item: RunItem): string | undefined;
  verdict(item: RunItem): 'pass' | 'fail' | undefined;
}

function compareItems(base: Side, next: Side): RunComparison {
  const others = new Map<string, RunItem>();
  for (const item of base.items) {
    const key = base.key(item);
    if (key !== undefined) others.set(key, item);
  }
  const counts: RunComparison['counts'] = { same: 0, changed: 0, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 };
  const cells: CellComparison[] = [];
  const matched = new Set<string>();
  const paired = { rows: 0, worse: 0, better: 0 };
  const sameAnswers: SameAnswers = { answered: 0, same: 0 };
  for (const item of next.items) {
    const key = next.key(item);
    if (key === undefined) continue;
    const other = others.get(key);
    if (other) matched.add(key);
    const [verdict, otherVerdict] = other ? [next.verdict(item), base.verdict(other)] : [undefined, undefined];
    if (verdict && otherVerdict) {
      paired.rows++;
      if (otherVerdict === 'pass' && verdict === 'fail') paired.worse++;
      if (otherVerdict === 'fail' && verdict === 'pass') paired.better++;
    }
    if (other && item.status === 'ok' && other.status === 'ok') {
      sameAnswers.answered++;
      if ((item.response ?? '') === (other.response ?? '')) sameAnswers.same++;
    }
    const change = other ? changeOf(item, other, verdict, otherVerdict) : 'added';
    counts[change]++;
    cells.push({ item, ...(other ? { other } : {}), change });
  }
  const removed = [...others].filter(([key]) => !matched.has(key)).map(([, item]) => item);
  counts.removed = removed.length;
  return { cells, counts, removed, paired: pairedTest(paired.rows, paired.worse, paired.better), sameAnswers };
}

function changeOf(item: RunItem, other: RunItem, verdict: 'pass' | 'fail' | undefined, otherVerdict: 'pass' | 'fail' | undefined): Change {
  if (verdict === 'pass' && otherVerdict === 'fail') return 'newly-passing';
  if (verdict === 'fail' && otherVerdict === 'pass') return 'newly-failing';
  return item.status === other.status && item.response === other.response && item.error === other.error ? 'same' : 'changed';
}

/** How a run names its items across runs: by prompt, provider, test and repeat for an experiment, else by index. */
function keyer(run: RunProjection): (item: RunItem) => string | undefined {
  const columns = run.header.experiment?.columns;
  if (!columns) return (item) => String(item.index);
  return (item) => {
    if (!item.cell) return undefined;
    const [column, test, repeat] = item.cell;
    const c = columns[column];
    return c ? JSON.stringify([c.promptKey, c.providerKey, test, repeat]) : undefined;
  };
}

/** What an item answered, as a diff shows it: the output, or the error or state in its place. */
export function answerText(item: RunItem): string {
  if (item.status === 'ok') return item.response ?? '';
  return item.status === 'error' ? `[error] ${item.error ?? ''}` : `[${item.status}]`;
}
