// The simulated deployment behind the routes: the request files, the work queue, the in-process worker and
// the per-group results that /v1/generate, get_results, download and the chat queue wait on.

import type { FaultBook } from '../faults/fault-book';
import type { Metrics } from '../metrics/metrics';
import { FLOPS_PER_TOKEN } from '../metrics/metrics';
import type { QueuedItem, RequestFiles, StoredResult } from '../state/request-files';
import type { Timers } from '../util/timers';
import { groupOfPromptId, promptId, type IdStyle } from '../wire/ids';
import { executeItem, type ExecutionSettings } from './execute-item';
import { Group } from './group';
import { ModelWorker } from './model-worker';
import type { PendingItem, WorkQueue } from './work-queue';

export interface ResultRow {
  request_id: string | number;
  response: StoredResult['response'] | null;
  error: string | null;
}

export interface DeploymentSettings extends ExecutionSettings {
  idStyle: IdStyle;
  slots: number;
  /** The worker's get_work brings new adaptors with the work, loaded before the work runs (training.md §5). */
  deliverAdaptors(): void;
}

export interface WorkCounters {
  enqueuedPrompts: number;
}

export interface TakenWork {
  requestId: string | number;
  item: QueuedItem;
}

export class Deployment {
  private readonly groups = new Map<string, Group>();
  private readonly chatListeners = new Map<string, (result: StoredResult) => void>();
  private readonly workListeners = new Set<() => void>();
  private readonly worker: ModelWorker;

  constructor(
    readonly files: RequestFiles,
    private readonly queue: WorkQueue,
    private readonly metrics: Metrics,
    timers: Timers,
    private readonly faults: FaultBook,
    private readonly counters: WorkCounters,
    readonly settings: DeploymentSettings,
  ) {
    this.worker = new ModelWorker(queue, timers, settings.slots, (item) => this.run(item), (item, result) => this.finishPending(item, result));
  }

  /** After a restart: the rows nobody acked are queued again, as SQLite auto_resume does (§2). */
  restore(): void {
    for (const row of this.queue.unackedRows()) {
      const group = this.find(row.group);
      if (!group) {
        this.queue.ack(row.id);
        continue;
      }
      if (group.complete && group.items.length > 0) this.queue.ack(row.id);
      else this.queue.requeue(row, group.results.flatMap((result, index) => (result === undefined ? [index] : [])));
    }
    this.worker.pump();
  }

  /** The group in memory, or rebuilt from its files the first time it is polled after a restart (§2). */
  find(groupId: string): Group | undefined {
    const known = this.groups.get(groupId);
    if (known) return known;
    const status = this.files.readStatus(groupId);
    if (!status) return undefined;
    const items = this.files.readRequest(groupId) ?? [];
    const firstItemId = this.settings.idStyle === 'integer' ? this.queue.firstIntegerIdOf(groupId) : null;
    const group = new Group(groupId, items, status.work_queue_id, firstItemId);
    const stored = this.files.readResponse(groupId)?.results ?? {};
    items.forEach((_, index) => {
      const result = stored[String(this.idOf(group, index))];
      if (result) group.record(index, result);
    });
    this.groups.set(groupId, group);
    return group;
  }

  /** Legacy integer ids: the group and index of prompt `id`. */
  findIntegerId(id: number): { group: Group; index: number } | undefined {
    const found = this.queue.findIntegerId(id);
    const group = found && this.find(found.row.group);
    return group && found && { group, index: found.index };
  }

  /**
   * Queues a new batch: one row, a request file (`writeRequest` overrides how, for uploads), a status file
   * `in_progress` (§1.3), then wakes the worker.
   */
  enqueue(groupId: string, items: readonly QueuedItem[], route: string, writeRequest?: () => void): Group {
    this.settings.deliverAdaptors();
    const row = this.queue.push(groupId, items.length, this.settings.idStyle === 'integer');
    const flagFaults = items.map(() => this.faults.takeFlag(['item-error', 'never-finish'], route));
    const group = new Group(groupId, items, row.id, row.first_item_id, flagFaults);
    this.groups.set(groupId, group);
    if (writeRequest) writeRequest();
    else this.files.writeRequest(groupId, items);
    this.files.writeStatus(groupId, { status: 'in_progress', current_index: 0, total_requests: items.length, work_queue_id: row.id });
    this.counters.enqueuedPrompts += items.length;
    this.worker.pump();
    for (const wake of [...this.workListeners]) wake();
    return group;
  }

  /**
   * An identical /v1/generate batch again (§1.4, §10.2): the request file is rewritten (the row moves to the
   * top of list_requests) and, when the group is done, the status flips back to in_progress for good and a
   * row is queued that the worker skips.
   */
  resubmit(group: Group): void {
    this.files.writeRequest(group.id, group.items);
    if (!group.complete || group.items.length === 0) return;
    const skipped = this.queue.push(group.id, 0, false);
    this.queue.ack(skipped.id);
    this.files.writeStatus(group.id, { status: 'in_progress', current_index: 0, total_requests: group.items.length, work_queue_id: skipped.id });
  }

  /** One row per prompt of the group, sorted as the server sorts ids (strings on the legacy unpadded server). */
  resultRows(group: Group): ResultRow[] {
    const rows = group.items.map((_, index) => this.resultRow(group, index));
    if (this.settings.idStyle === 'unpadded') rows.sort((a, b) => (String(a.request_id) < String(b.request_id) ? -1 : 1));
    return rows;
  }

  resultRow(group: Group, index: number): ResultRow {
    const result = group.results[index];
    return { request_id: this.idOf(group, index), response: result?.response ?? null, error: result?.error ?? null };
  }

  idOf(group: Group, index: number): string | number {
    const style = this.settings.idStyle;
    if (style === 'integer') return (group.firstItemId ?? 0) + index;
    return promptId(group.id, index, style);
  }

  /** finish_work: a result for prompt `requestId`; unknown ids are dropped with 200, as on the server. */
  finishById(requestId: string, result: StoredResult): void {
    const located = this.locate(requestId);
    if (located) this.finish(located.group, located.index, result);
  }

  /** clear_queue (§10.2): queued prompts are dropped and stay pending forever; running ones still finish. */
  clear(): void {
    this.queue.clear();
  }

  /** get_work: up to `max` queued prompts for an external worker. */
  takeWork(max: number): TakenWork[] {
    const taken: TakenWork[] = [];
    while (taken.length < max) {
      const pending = this.queue.take();
      if (!pending) break;
      const group = this.groups.get(pending.group);
      if (group) taken.push({ requestId: this.idOf(group, pending.index), item: group.items[pending.index] });
    }
    return taken;
  }

  /** Calls `wake` whenever work is queued; returns the unsubscribe function. */
  onWorkQueued(wake: () => void): () => void {
    this.workListeners.add(wake);
    return () => this.workListeners.delete(wake);
  }

  /** Calls `deliver` when the chat item with this correlation id finishes; returns the unsubscribe function. */
  onChatResult(correlationId: string, deliver: (result: StoredResult) => void): () => void {
    this.chatListeners.set(correlationId, deliver);
    return () => this.chatListeners.delete(correlationId);
  }

  queuedPromptCount(): number {
    return this.queue.pendingPromptCount();
  }

  private locate(requestId: string): { group: Group; index: number } | undefined {
    if (this.settings.idStyle === 'integer') return /^\d+$/.test(requestId) ? this.findIntegerId(Number(requestId)) : undefined;
    const group = this.find(groupOfPromptId(requestId));
    const suffix = requestId.slice(requestId.indexOf('_') + 1);
    return group && /^\d+$/.test(suffix) ? { group, index: Number(suffix) } : undefined;
  }

  private run(pending: PendingItem): ReturnType<typeof executeItem> {
    this.metrics.recordQueueWait((Date.now() - pending.queuedAt) / 1000);
    const group = this.groups.get(pending.group);
    if (!group) return { result: undefined, durationMs: 0 };
    return executeItem(group.items[pending.index], group.flagFaults[pending.index], this.settings);
  }

  private finishPending(pending: PendingItem, result: StoredResult): void {
    const group = this.groups.get(pending.group);
    if (group) this.finish(group, pending.index, result);
  }

  /** update_and_ack: store the result; when the group is whole, write its response file and ack its row. */
  private finish(group: Group, index: number, result: StoredResult): void {
    if (!group.record(index, result)) return;
    const tokens = result.token_count ?? 0;
    this.metrics.recordCompletion(tokens, tokens * FLOPS_PER_TOKEN);
    const correlationId = group.items[index].correlation_id;
    if (typeof correlationId === 'string') this.chatListeners.get(correlationId)?.(result);
    if (!group.complete) return;
    const results: Record<string, StoredResult> = {};
    group.results.forEach((stored, i) => {
      if (stored) results[String(this.idOf(group, i))] = stored;
    });
    const total = group.items.length;
    this.files.writeResponse(group.id, { results, current_index: total, total_requests: total, work_queue_id: null });
    this.files.writeStatus(group.id, { status: 'completed', current_index: total, total_requests: total, work_queue_id: group.rowId, completed_at: Date.now() / 1000 });
    if (group.rowId !== null) this.queue.ack(group.rowId);
  }
}
