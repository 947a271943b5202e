// What a results panel shows, built from the run's ledger and live progress. No 'vscode' import: it is
// unit-tested on Node.

import type { RunHeader } from '../../core/runs/ledger-state';
import type { BatchProgress } from '../../core/batch/runner';
import type { ItemStatus, StatusCounts } from '../../core/batch/types';
import { promptText } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import type { CountsView, ItemStatusView, ItemView, ProgressView, RunHeaderView } from '../../protocol/results';

export const TEMPERATURE_NOTE =
  'The ScalarLM batch queue currently decodes greedily: /v1/generate stores the temperature but its worker never applies it. Chat honours temperature.';

export function headerView(header: RunHeader, total: number, sourceLabel: string | undefined): RunHeaderView {
  const { params } = header;
  return {
    runId: header.runId,
    title: header.title ?? header.runId,
    ...(sourceLabel ? { sourceLabel } : {}),
    model: params.model ? `${params.model}${header.defaultModel ? " (the deployment's default)" : ''}` : "deployment's default",
    maxTokens: params.max_tokens,
    ...(params.temperature !== undefined ? { temperature: params.temperature } : {}),
    groupSize: header.groupSize,
    createdAt: header.createdAt,
    total,
    ...(header.parentRunId ? { parentRunId: header.parentRunId } : {}),
    ...(params.temperature ? { temperatureNote: TEMPERATURE_NOTE } : {}),
    ...(header.warnings?.length ? { warnings: header.warnings } : {}),
  };
}

/** `live` marks a run going now: prompts not sent yet are queued, not unsent. */
export function itemView(item: RunItem, live: boolean): ItemView {
  return {
    index: item.index,
    group: item.group,
    status: statusView(item.status, live),
    prompt: promptText(item.prompt),
    requestId: item.requestId === null ? null : String(item.requestId),
    response: item.response,
    error: item.error,
    ...(item.origin ? { origin: item.origin } : {}),
  };
}

function statusView(status: ItemStatus, live: boolean): ItemStatusView {
  return live && status === 'unsent' ? 'queued' : status;
}

/** A run going now: counts from the runner (they move within a group), the rest from the items shown. */
export function liveProgressView(progress: BatchProgress | undefined, run: RunProjection): ProgressView {
  const counts = progress ? countsView(progress.counts, true) : tally(run.items, true);
  return {
    phase: 'running',
    counts,
    elapsedMs: progress?.elapsedMs ?? 0,
    ...(progress?.etaSeconds !== undefined ? { etaSeconds: progress.etaSeconds } : {}),
    ...(progress?.queueDepth !== undefined ? { queueDepth: progress.queueDepth } : {}),
    ...(progress?.tokensPerSecond !== undefined ? { tokensPerSecond: progress.tokensPerSecond } : {}),
    unknownGroups: run.unknownGroups(),
    existingGroups: run.state.existingGroups,
  };
}

/** A run not going in this window: how it ended (or `stopped` when it never did). */
export function storedProgressView(run: RunProjection, error?: string): ProgressView {
  const started = Date.parse(run.header.createdAt);
  const end = run.state.end;
  return {
    phase: end?.reason ?? 'stopped',
    counts: tally(run.items, false),
    elapsedMs: (end?.at ?? Date.now()) - started,
    ...(error ? { error } : {}),
    unknownGroups: run.unknownGroups(),
    existingGroups: run.state.existingGroups,
  };
}

function countsView(counts: StatusCounts, live: boolean): CountsView {
  return { ...counts, unsent: live ? 0 : counts.unsent, queued: live ? counts.unsent : 0 };
}

function tally(items: readonly RunItem[], live: boolean): CountsView {
  const counts: CountsView = { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, queued: 0 };
  for (const item of items) counts[statusView(item.status, live)]++;
  return counts;
}
