// An experiment run summed up row by row, column by column: each cell's verdict, its passes of its samples and
// its mean score, each row named by its key and the fingerprints of what judges it. It is what `bless` writes as
// a baseline file, and what the baseline gate compares: a baseline run and the run being tried are both summed
// up here, so a file and a run gate the same way.

import type { ExperimentHeader } from '../../runs/ledger-schema';
import { RunProjection, type RunItem } from '../../runs/run-projection';
import type { RunStore } from '../../runs/run-store';
import type { Trust } from '../../judge';
import { columnLabel } from '../experiment-matrix';
import { rowLabelIn } from '../row-labels';
import { RunJudgement } from '../run-judgement';
import { graderModelOf } from '../grading';
import { rowIdentities } from './row-identity';
import { readRunHeader } from '../../runs/ledger-book';
import { ReviewBook, reviewedVerdicts } from '../reviews';
import { BASELINE_FORMAT, BASELINE_VERSION, type CellVerdict, type RunSummary, type SampleJudge, type SampleVerdict, type SummaryCell, type SummaryColumn, type SummaryRow } from '../run-summary-types';

/** A run's summary with what only the run knows: each row's test index and each failing cell's reason. */
export interface RunSummaryOfRun extends RunSummary {
  runId: string;
  indexOf: Map<string, number>;
  /** By row key, per column: why its first failing sample failed. */
  reasons: Map<string, (string | undefined)[]>;
}

/** The assertions' verdict of a sample, from the run's judgement. */
export function assertionVerdicts(judgement: RunJudgement): SampleJudge {
  return (item) => {
    if (item.status === 'error') return { status: 'error', score: null, reason: item.error ?? '' };
    const outcome = judgement.outcome(item);
    if (!outcome) return { status: item.status === 'ok' ? 'none' : 'pending', score: null };
    return { status: outcome.status === 'no-assertions' ? 'none' : outcome.status, score: outcome.score, reason: outcome.reason };
  };
}

/**
 * A stored experiment run summed up, judged from its files (its newest grading run folded in), a person's review
 * of an answer (kept in the runs folder) taking the place of the assertions' verdict.
 */
export function summarizeStoredRun(store: RunStore, runId: string, trust: Trust): RunSummaryOfRun {
  const ledgerPath = store.ledgerPath(runId);
  const judgement = RunJudgement.of(store, runId, trust);
  const experiment = readRunHeader(ledgerPath).experiment;
  if (!experiment) throw new Error(`Run ${runId} is not an experiment's run: it has no rows to sum up.`);
  const sample = reviewedVerdicts(experiment, ReviewBook.open(store.dir), assertionVerdicts(judgement));
  const tally = new SummaryTally(judgement);
  const projection = RunProjection.eachItem(ledgerPath, (item) => tally.add(item, sample(item)));
  const header = projection.header;
  if (!header.experiment) throw new Error(`Run ${runId} is not an experiment's run: it has no rows to sum up.`);
  return tally.summary(header.runId, header.title ?? header.runId, header.experiment);
}

interface CellTally {
  passed: number;
  judged: number;
  errors: number;
  pending: number;
  samples: number;
  scores: number;
  scoreSum: number;
  reviewed: number;
  reason?: string;
}

class SummaryTally {
  private readonly cells = new Map<number, Map<number, CellTally>>();
  private readonly graders = new Map<number, Set<string>>();

  constructor(private readonly judgement: RunJudgement) {}

  add(item: RunItem, verdict: SampleVerdict): void {
    if (!item.cell) return;
    const [column, test] = item.cell;
    let row = this.cells.get(test);
    if (!row) this.cells.set(test, (row = new Map()));
    let cell = row.get(column);
    if (!cell) row.set(column, (cell = { passed: 0, judged: 0, errors: 0, pending: 0, samples: 0, scores: 0, scoreSum: 0, reviewed: 0 }));
    cell.samples++;
    if (verdict.reviewed) cell.reviewed++;
    if (verdict.status === 'pass' || verdict.status === 'fail') {
      cell.judged++;
      if (verdict.status === 'pass') cell.passed++;
      else cell.reason ??= verdict.reason;
      if (typeof verdict.score === 'number') {
        cell.scores++;
        cell.scoreSum += verdict.score;
      }
    } else if (verdict.status === 'error') {
      cell.errors++;
      cell.reason ??= verdict.reason;
    } else if (verdict.status === 'pending') cell.pending++;
    for (const assertion of this.judgement.judge.assertionsOf(test).assertions) {
      if (assertion.kind !== 'model-graded') continue;
      let graders = this.graders.get(column);
      if (!graders) this.graders.set(column, (graders = new Set()));
      graders.add(graderModelOf(assertion, this.judgement.tests.get(test)?.options) ?? '');
    }
  }

  summary(runId: string, title: string, header: ExperimentHeader): RunSummaryOfRun {
    const identities = rowIdentities(this.judgement.tests);
    const columns = header.columns.map((column, index): SummaryColumn => ({
      label: columnLabel(column),
      prompt: column.promptLabel,
      provider: column.providerLabel,
      model: column.model ?? null,
      graders: [...(this.graders.get(index) ?? [])].map((grader) => grader || (column.model ?? "deployment's default")).sort(),
    }));
    const rows: SummaryRow[] = [];
    const indexOf = new Map<string, number>();
    const reasons = new Map<string, (string | undefined)[]>();
    for (const [test, identity] of identities) {
      const tallies = this.cells.get(test);
      if (!tallies) continue;
      indexOf.set(identity.key, test);
      reasons.set(identity.key, header.columns.map((_, column) => tallies.get(column)?.reason));
      rows.push({ ...identity, label: rowLabelIn(this.judgement.tests, test), cells: header.columns.map((_, column) => summaryCell(tallies.get(column))) });
    }
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { format: BASELINE_FORMAT, version: BASELINE_VERSION, experiment: title, repeat: header.repeat, columns, rows, runId, indexOf, reasons };
  }
}

function summaryCell(tally: CellTally | undefined): SummaryCell {
  if (!tally) return { verdict: 'pending', passed: 0, judged: 0, score: null };
  const verdict: CellVerdict = tally.judged > 0 ? (tally.passed === tally.judged ? 'pass' : 'fail') : tally.errors > 0 ? 'error' : tally.pending > 0 ? 'pending' : 'none';
  return {
    verdict,
    passed: tally.passed,
    judged: tally.judged,
    score: tally.scores === 0 ? null : Math.round((tally.scoreSum / tally.scores) * 10_000) / 10_000,
    ...(tally.reviewed > 0 ? { reviewed: tally.reviewed } : {}),
  };
}
