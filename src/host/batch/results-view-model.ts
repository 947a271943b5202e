// What a results panel shows, built from the run's ledger and live progress. No 'vscode' import: it is
// unit-tested on Node.

import { embeddingOf } from '../../core/api/embedding';
import type { RunHeader } from '../../core/runs/ledger-state';
import type { BatchProgress } from '../../core/batch/runner';
import { promptText } from '../../core/runs/export';
import type { RunItem, RunProjection } from '../../core/runs/run-projection';
import type { EmbeddingView, ItemUpdate, ProgressView, RunHeaderView } from '../../protocol/results';
import { shownCounts, shownStatus, tally } from '../runs/run-counts';

export const TEMPERATURE_NOTE =
  'The ScalarLM batch queue currently decodes greedily: /v1/generate stores the temperature but its worker never applies it. Chat honours temperature.';

/** `parent`: the run this one retries, when it is still stored. */
export function headerView(header: RunHeader, total: number, sourceLabel: string | undefined, parent?: { title: string; createdAt: string }): RunHeaderView {
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
    ...(header.parentRunId && parent ? { parent: { title: parent.title, createdAt: parent.createdAt } } : {}),
    ...(params.temperature ? { temperatureNote: TEMPERATURE_NOTE } : {}),
    ...(header.warnings?.length ? { warnings: header.warnings } : {}),
  };
}

/** How many of an embedding's values the panel shows. */
export const EMBEDDING_VALUES_SHOWN = 8;

/**
 * An item for the page (see ItemUpdate): its state, and with `fixed` the parts that never change, the first
 * time the page hears of it. `live` marks a run going now: prompts not sent yet are queued, not unsent.
 * `number` is the item's number for people (1-based; a retry's items keep their parent's numbers).
 */
export function itemUpdate(item: RunItem, live: boolean, fixed: boolean, number = item.index + 1): ItemUpdate {
  const update: ItemUpdate = { index: item.index, status: shownStatus(item, live) };
  if (item.response !== null) update.response = item.response;
  const embedding = embeddingView(item.response);
  if (embedding) update.embedding = embedding;
  if (item.error !== null) update.error = item.error;
  if (!fixed) return update;
  if (number !== item.index + 1) update.number = number;
  update.group = item.group;
  update.prompt = promptText(item.prompt);
  if (item.origin) update.origin = item.origin;
  return update;
}

/** A response that is an embedding, summed up: its dimension, length and first values. */
export function embeddingView(response: string | null): EmbeddingView | undefined {
  const vector = embeddingOf(response);
  if (!vector) return undefined;
  return { dimension: vector.length, norm: Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0)), first: vector.slice(0, EMBEDDING_VALUES_SHOWN) };
}


/** A run going now: counts from the runner (they move within a group), the rest from the items shown. */
export function liveProgressView(progress: BatchProgress | undefined, run: RunProjection): ProgressView {
  const counts = progress ? shownCounts(progress.counts, true) : tally(run.items, true);
  return {
    phase: 'running',
    counts,
    elapsedMs: progress?.elapsedMs ?? 0,
    ...(progress?.etaSeconds !== undefined ? { etaSeconds: progress.etaSeconds } : {}),
    ...(progress?.queueDepth !== undefined ? { queueDepth: progress.queueDepth } : {}),
    ...(progress?.tokensPerSecond !== undefined ? { tokensPerSecond: progress.tokensPerSecond } : {}),
    ...(progress?.unreachableSince !== undefined ? { unreachableSince: progress.unreachableSince } : {}),
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


