// The figures of each column (prompt x provider) of an experiment run: pass rate, mean score, errors, tokens
// and median latency; for a trained adaptor's column, its pass rates apart over the rows it was not trained on
// and those it was. A pass rate always comes with its count and its 95% interval (evidence/pass-rate.ts). One
// definition for the HTML report, the experiment panel and the CLI, so they agree.

import type { ExperimentHeader } from '../runs/ledger-schema';
import type { CellRecord } from './cell-records';
import { passRate, passRateText, type PassRate } from '../evidence';
import { reportOutcome } from './report-outcome';

export interface ColumnFigures {
  /** Every cell of the column, whatever its state. */
  cells: number;
  /** Cells judged pass or fail by their assertions (not errors, pending ones or those with nothing to judge). */
  judged: number;
  passed: number;
  /** passed / judged with its count and 95% Wilson interval (rate null when nothing was judged). */
  passRate: PassRate;
  /** Mean of the judged cells' scores; null when none has a score. */
  meanScore: number | null;
  /** Cells whose answer was the server's error, or whose grading gave no verdict. */
  errors: number;
  /** Prompt and completion tokens of every answered cell. */
  tokens: number;
  /** Cells whose answer came with token counts (the batch queue's results carry none): 0 means "not reported". */
  tokensReported: number;
  /** Median over the cells that have a latency; null when none has. */
  medianLatencyMs: number | null;
  /** An adaptor's column: the pass rate of the cells whose input was not in its training data. */
  unseen?: PassRate;
  /** An adaptor's column: the pass rate of the cells whose input was in its training data. */
  seen?: PassRate;
  /** An adaptor's column: judged cells the deployment could not say for (in neither rate). */
  seenUnknown?: number;
}

/**
 * "unseen 1/3 (33%, 6-79%) · seen 3/3 (100%, 44-100%)": an adaptor column's pass rates apart, the rows it was not
 * trained on first (what it learnt, not what it memorised); undefined for other columns, and when the deployment
 * could not say for any judged cell.
 */
export function seenSplitText(figures: ColumnFigures): string | undefined {
  const { unseen, seen, seenUnknown } = figures;
  // With every judged cell unknown there is nothing to set apart: the column's one rate says all there is.
  if (!unseen || !seen || unseen.judged + seen.judged === 0) return undefined;
  const rate = (r: PassRate) => (r.judged > 0 ? passRateText(r) : 'none judged');
  return [`unseen ${rate(unseen)}`, `seen ${rate(seen)}`, ...(seenUnknown ? [`${seenUnknown} unknown if seen`] : [])].join(' · ');
}

type Columns = ExperimentHeader['columns'];

/** A record's column index in the header, by prompt key and provider key (records carry no index). */
export function columnIndexer(columns: Columns): (record: CellRecord) => number {
  const byKeys = new Map(columns.map((column, index) => [keyOf(column.promptKey, column.providerKey), index]));
  return (record) => {
    const index = byKeys.get(keyOf(record.prompt.key, record.provider.key));
    if (index === undefined) {
      throw new Error(`A cell of prompt "${record.prompt.label}" on provider "${record.provider.label}" is in none of the run's columns: the records and the run's header do not belong together.`);
    }
    return index;
  };
}

/** One entry per column, in the header's order; a record of a column the header lacks is an error. */
export function columnFigures(records: Iterable<CellRecord>, columns: Columns): ColumnFigures[] {
  const tally = new ColumnTally(columns);
  for (const record of records) tally.add(record);
  return tally.figures();
}

/** The figures counted record by record, holding only the latencies (for the medians): a streamed report's. */
export class ColumnTally {
  private readonly indexOf: (record: CellRecord) => number;
  private readonly tallies: { cells: number; judged: number; passed: number; errors: number; tokens: number; tokensReported: number; scores: number; scoreSum: number; latencies: number[]; training?: SeenTally }[];

  constructor(columns: Columns) {
    this.indexOf = columnIndexer(columns);
    this.tallies = columns.map(() => ({ cells: 0, judged: 0, passed: 0, errors: 0, tokens: 0, tokensReported: 0, scores: 0, scoreSum: 0, latencies: [] }));
  }

  add(record: CellRecord): void {
    const tally = this.tallies[this.indexOf(record)];
    tally.cells++;
    const outcome = reportOutcome(record);
    const seen = record.seenInTraining;
    const training = seen === undefined ? undefined : (tally.training ??= { seen: [0, 0], unseen: [0, 0], unknown: 0 });
    if (outcome === 'pass' || outcome === 'fail') {
      tally.judged++;
      if (outcome === 'pass') tally.passed++;
      if (training && seen === 'unknown') training.unknown++;
      else if (training) {
        const side = training[seen ? 'seen' : 'unseen'];
        side[1]++;
        if (outcome === 'pass') side[0]++;
      }
      const score = record.verdict?.score;
      if (typeof score === 'number') {
        tally.scores++;
        tally.scoreSum += score;
      }
    } else if (outcome === 'error') tally.errors++;
    if (record.tokens) {
      tally.tokens += record.tokens.prompt + record.tokens.completion;
      tally.tokensReported++;
    }
    if (record.latencyMs !== null) tally.latencies.push(record.latencyMs);
  }

  figures(): ColumnFigures[] {
    return this.tallies.map((t) => ({
      cells: t.cells,
      judged: t.judged,
      passed: t.passed,
      passRate: passRate(t.passed, t.judged),
      meanScore: t.scores === 0 ? null : t.scoreSum / t.scores,
      errors: t.errors,
      tokens: t.tokens,
      tokensReported: t.tokensReported,
      medianLatencyMs: median([...t.latencies]),
      ...(t.training ? { unseen: passRate(...t.training.unseen), seen: passRate(...t.training.seen), seenUnknown: t.training.unknown } : {}),
    }));
  }
}

/** An adaptor column's judged cells by whether they were seen in training: [passed, judged] each. */
interface SeenTally {
  seen: [number, number];
  unseen: [number, number];
  unknown: number;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

function keyOf(promptKey: string, providerKey: string): string {
  return JSON.stringify([promptKey, providerKey]);
}
