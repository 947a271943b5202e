// What an experiment panel shows, built from the run's projection (its ledger) and its stored tests: the
// columns, the rows, every cell's state and output, a cell's detail, and how the run goes. No 'vscode'
// import: it is unit-tested on Node.

import { passRateText } from '../../core/evidence';
import type { BatchProgress } from '../../core/batch/runner';
import { valueText } from '../../core/experiments/experiment-matrix';
import { rowLabelIn } from '../../core/experiments/row-labels';
import type { StoredTest } from '../../core/experiments/experiment-tests-file';
import { seenSplitText, type ColumnFigures } from '../../core/experiments/column-figures';
import type { Seen } from '../../core/experiments/evidence';
import { namedReason, type CellOutcome } from '../../core/judge';
import { promptText } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import type { AssertionView, CellChange, CellDetailView, CellView, ColumnStats, ExperimentHeaderView, ExperimentProgressView, ReviewView, RowView, VerdictView } from '../../protocol/experiments';
import { shownCounts, shownStatus, tally } from '../runs/run-counts';
import { withMarks, type RowMarks } from './row-marks';

/** How the panel judges its cells and what it compares them with (both optional: a run may have neither). */
export interface CellJudging {
  outcome?(item: RunItem): CellOutcome | undefined;
  change?(item: RunItem): CellChange | undefined;
  /** The same cell in the run compared with. */
  compared?(item: RunItem): RunItem | undefined;
  /** A trained adaptor's cell: whether its input was in its training data. */
  seen?(item: RunItem): Seen | undefined;
  /** A person's review of the cell's answer. */
  review?(item: RunItem): ReviewView | undefined;
}

export function experimentHeaderView(run: RunProjection, sourceLabel: string, figures: readonly ColumnFigures[] = []): ExperimentHeaderView {
  const { header } = run;
  const experiment = header.experiment;
  return {
    runId: header.runId,
    title: header.title ?? header.runId,
    sourceLabel,
    createdAt: header.createdAt,
    columns: (experiment?.columns ?? []).map((c, index) => ({
      index,
      promptLabel: c.promptLabel,
      providerLabel: c.providerLabel,
      model: c.model ?? "deployment's default",
      transport: c.transport,
      ...(figures[index] ? { stats: columnStats(figures[index]) } : {}),
    })),
    rowCount: experiment?.tests ?? 0,
    repeat: experiment?.repeat ?? 1,
    warnings: header.warnings ?? [],
  };
}

/** `marks`: what rows show beyond their cells (disagreeing columns, samples' passes, changes against the baseline). */
export function rowViews(tests: ReadonlyMap<number, StoredTest>, rowCount: number, marks: ReadonlyMap<number, RowMarks> = new Map()): RowView[] {
  const rows: RowView[] = [];
  for (let index = 0; index < rowCount; index++) {
    const test = tests.get(index);
    const vars = Object.fromEntries(Object.entries(test?.vars ?? {}).map(([name, value]) => [name, valueText(value)]));
    rows.push(withMarks({ index, label: rowLabelIn(tests, index), vars }, marks.get(index)));
  }
  return rows;
}

/** `live`: the run goes now, so what is not sent yet is queued (not unsent). */
export function cellView(item: RunItem, live: boolean, judging: CellJudging = {}): CellView | undefined {
  if (!item.cell) return undefined;
  const [column, row, repeat] = item.cell;
  const verdict = verdictView(judging.outcome?.(item));
  const change = judging.change?.(item);
  const seen = judging.seen?.(item);
  const review = judging.review?.(item);
  return { row, column, repeat, status: shownStatus(item, live), output: item.response, error: item.error, ...(verdict ? { verdict } : {}), ...(change ? { change } : {}), ...(seen !== undefined ? { seenInTraining: seen } : {}), ...(review ? { review } : {}) };
}

export function cellViews(items: Iterable<RunItem>, live: boolean, judging?: CellJudging): CellView[] {
  const views: CellView[] = [];
  for (const item of items) {
    const view = cellView(item, live, judging);
    if (view) views.push(view);
  }
  return views;
}

export function cellDetailView(item: RunItem, tests: ReadonlyMap<number, StoredTest>, live: boolean, judging: CellJudging = {}): CellDetailView | undefined {
  const view = cellView(item, live, judging);
  if (!view) return undefined;
  const vars = tests.get(view.row)?.vars ?? {};
  const outcome = judging.outcome?.(item);
  const compared = judging.compared?.(item);
  return {
    ...view,
    ...(outcome ? { assertions: assertionViews(outcome) } : {}),
    ...(compared ? { comparedOutput: compared.status === 'error' ? `[error] ${compared.error ?? ''}` : compared.response } : {}),
    prompt: promptText(item.prompt),
    vars: Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, valueText(value)])),
    requestId: item.requestId === null ? null : String(item.requestId),
    ...(item.usage ? { promptTokens: item.usage.p, completionTokens: item.usage.c } : {}),
    ...(item.latencyMs !== undefined ? { latencyMs: item.latencyMs } : {}),
    ...(item.finishReason ? { finishReason: item.finishReason } : {}),
  };
}

/** A run going now: counts from the runner (they move within a group); else how it ended. */
export function experimentProgressView(run: RunProjection, progress: BatchProgress | undefined, live: boolean, error?: string): ExperimentProgressView {
  const end = run.state.end;
  return {
    phase: live ? 'running' : (end?.reason ?? 'stopped'),
    counts: progress && live ? shownCounts(progress.counts, true) : tally(run.items, live),
    elapsedMs: live ? (progress?.elapsedMs ?? 0) : (end?.at ?? Date.now()) - Date.parse(run.header.createdAt),
    ...(live && progress?.etaSeconds !== undefined ? { etaSeconds: progress.etaSeconds } : {}),
    ...(live && progress?.queueDepth !== undefined ? { queueDepth: progress.queueDepth } : {}),
    ...(live && progress?.unreachableSince !== undefined ? { unreachableSince: progress.unreachableSince } : {}),
    fetchedCells: run.state.existingItems,
    sentCells: run.state.sentItems,
    ...(error ? { error } : {}),
  };
}

/** A verdict for the badge: the failing assertions named with their reasons; none for a cell without assertions. */
export function verdictView(outcome: CellOutcome | undefined): VerdictView | undefined {
  if (!outcome || outcome.status === 'no-assertions') return undefined;
  const failing = outcome.results.filter((r) => r.status !== 'pass' && r.status !== 'pending').map(namedReason);
  return { status: outcome.status, score: outcome.score, failing };
}

export function assertionViews(outcome: CellOutcome): AssertionView[] {
  return outcome.results.map((r) => ({ type: r.type, status: r.status, score: r.score, reason: r.reason, weight: r.weight, ...(r.metric ? { metric: r.metric } : {}), ...(r.graderText !== undefined ? { graderText: r.graderText } : {}) }));
}

export function columnStats(figures: ColumnFigures): ColumnStats {
  const { judged, passed, passRate, meanScore, errors, tokens, medianLatencyMs } = figures;
  const split = seenSplitText(figures);
  return { judged, passed, passRate: passRate.rate, low: passRate.low, high: passRate.high, passRateText: passRateText(passRate), ...(split ? { seenSplitText: split } : {}), meanScore, errors, tokens, medianLatencyMs };
}

/**
 * The rows where one column passes and another fails. With repeats a column fails a row when a sample of it
 * fails (as a baseline counts it): samples of one column that disagree make it flaky, not the columns apart.
 */
export function disagreeingRows(items: Iterable<RunItem>, outcome: (item: RunItem) => CellOutcome | undefined): Set<number> {
  const failing = new Map<number, Map<number, boolean>>();
  for (const item of items) {
    if (!item.cell) continue;
    const status = outcome(item)?.status;
    if (status !== 'pass' && status !== 'fail') continue;
    const [column, row] = item.cell;
    let columns = failing.get(row);
    if (!columns) failing.set(row, (columns = new Map()));
    columns.set(column, columns.get(column) === true || status === 'fail');
  }
  return new Set([...failing].filter(([, columns]) => new Set(columns.values()).size === 2).map(([row]) => row));
}



