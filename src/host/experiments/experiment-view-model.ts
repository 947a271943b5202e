// What an experiment panel shows, built from the run's projection (its ledger) and its stored tests: the
// columns, the rows, every cell's state and output, a cell's detail, and how the run goes. No 'vscode'
// import: it is unit-tested on Node.

import type { BatchProgress } from '../../core/batch/runner';
import type { StatusCounts } from '../../core/batch/types';
import { rowLabel, valueText } from '../../core/experiments/experiment-matrix';
import type { StoredTest } from '../../core/experiments';
import { promptText } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import type { CellCounts, CellDetailView, CellStatus, CellView, ExperimentHeaderView, ExperimentProgressView, RowView } from '../../protocol/experiments';

export function experimentHeaderView(run: RunProjection, sourceLabel: string): ExperimentHeaderView {
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
    })),
    rowCount: experiment?.tests ?? 0,
    repeat: experiment?.repeat ?? 1,
    warnings: header.warnings ?? [],
  };
}

export function rowViews(tests: ReadonlyMap<number, StoredTest>, rowCount: number): RowView[] {
  const rows: RowView[] = [];
  for (let index = 0; index < rowCount; index++) {
    const test = tests.get(index);
    rows.push({ index, label: rowLabel(test, index), vars: Object.fromEntries(Object.entries(test?.vars ?? {}).map(([name, value]) => [name, valueText(value)])) });
  }
  return rows;
}

/** `live`: the run goes now, so what is not sent yet is queued (not unsent). */
export function cellView(item: RunItem, live: boolean): CellView | undefined {
  if (!item.cell) return undefined;
  const [column, row, repeat] = item.cell;
  return { row, column, repeat, status: statusView(item.status, live), output: item.response, error: item.error };
}

export function cellViews(items: Iterable<RunItem>, live: boolean): CellView[] {
  const views: CellView[] = [];
  for (const item of items) {
    const view = cellView(item, live);
    if (view) views.push(view);
  }
  return views;
}

export function cellDetailView(item: RunItem, tests: ReadonlyMap<number, StoredTest>, live: boolean): CellDetailView | undefined {
  const view = cellView(item, live);
  if (!view) return undefined;
  const vars = tests.get(view.row)?.vars ?? {};
  return {
    ...view,
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
    counts: progress && live ? countsView(progress.counts, true) : tally(run.items, live),
    elapsedMs: live ? (progress?.elapsedMs ?? 0) : (end?.at ?? Date.now()) - Date.parse(run.header.createdAt),
    ...(live && progress?.etaSeconds !== undefined ? { etaSeconds: progress.etaSeconds } : {}),
    ...(live && progress?.queueDepth !== undefined ? { queueDepth: progress.queueDepth } : {}),
    fetchedCells: run.state.existingItems,
    sentCells: run.state.sentItems,
    ...(error ? { error } : {}),
  };
}

function statusView(status: RunItem['status'], live: boolean): CellStatus {
  return live && status === 'unsent' ? 'queued' : status;
}

function countsView(counts: StatusCounts, live: boolean): CellCounts {
  return { ...counts, unsent: live ? 0 : counts.unsent, queued: live ? counts.unsent : 0 };
}

function tally(items: readonly RunItem[], live: boolean): CellCounts {
  const counts: CellCounts = { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0 };
  for (const item of items) counts[statusView(item.status, live)]++;
  return counts;
}
