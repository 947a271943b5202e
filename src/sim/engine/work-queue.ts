// The work queue: one row per queued batch (as the server's SQLite ack queue, protocol §1.3), and the
// prompts of unacked rows waiting for a worker. A row is acked only when every prompt of its group is done,
// so a partly done batch still counts all its prompts in queue_depth (§4). Rows are kept in the file store
// so that a restarted simulator resumes them (SQLite auto_resume). Acked rows are forgotten, except in the
// legacy integer-id mode, where they map prompt ids to groups.

import type { FileStore } from '../state/file-store';

export interface QueueRow {
  id: number;
  group: string;
  request_count: number;
  acked: boolean;
  /** Legacy integer ids: the id of the row's first prompt; the others follow it. */
  first_item_id: number | null;
  /**
   * Date.now() when the row was queued: the server keeps it in the SQLite row (`enqueue_time`) and times the
   * queue wait from it, so a prompt resumed after a restart has waited since then, not since the restart.
   * Absent in rows saved by older simulators.
   */
  enqueued_at?: number;
}

export interface PendingItem {
  group: string;
  index: number;
  /** Date.now() when its row was queued, for the queue wait histogram. */
  queuedAt: number;
}

interface QueueState {
  next_row_id: number;
  next_item_id: number;
  rows: QueueRow[];
}

const QUEUE_FILE = 'work_queue.json';

export class WorkQueue {
  private readonly rows = new Map<number, QueueRow>();
  private pending: PendingItem[] = [];
  /** Index of the next pending item: shift() would be quadratic on a deep queue. */
  private head = 0;
  private nextRowId = 1;
  private nextItemId = 1;

  /** Without a store (no --state-dir) nothing outlives the process, so nothing is written. */
  constructor(private readonly store: FileStore | undefined) {
    const saved = store?.read(QUEUE_FILE);
    if (saved === undefined) return;
    const state = JSON.parse(saved) as QueueState;
    this.nextRowId = state.next_row_id;
    this.nextItemId = state.next_item_id;
    for (const row of state.rows) this.rows.set(row.id, row);
  }

  /** Adds a row for `count` prompts of `group` and queues them all. */
  push(group: string, count: number, integerIds: boolean): QueueRow {
    const row: QueueRow = { id: this.nextRowId++, group, request_count: count, acked: false, first_item_id: null, enqueued_at: Date.now() };
    if (integerIds) {
      row.first_item_id = this.nextItemId;
      this.nextItemId += count;
    }
    this.rows.set(row.id, row);
    this.save();
    this.requeue(row, Array.from({ length: count }, (_, index) => index));
    return row;
  }

  /** Queues prompts of an existing row again (after a restart). */
  requeue(row: QueueRow, indexes: readonly number[]): void {
    const queuedAt = row.enqueued_at ?? Date.now();
    for (const index of indexes) this.pending.push({ group: row.group, index, queuedAt });
  }

  take(): PendingItem | undefined {
    if (this.head >= this.pending.length) return undefined;
    const item = this.pending[this.head++];
    if (this.head > 1024 && this.head * 2 > this.pending.length) {
      this.pending = this.pending.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  ack(rowId: number): void {
    const row = this.rows.get(rowId);
    if (!row || row.acked) return;
    this.forget(row);
    this.save();
  }

  /** clear_queue (§10.2): every unacked row is acked and its waiting prompts dropped; running ones still finish. */
  clear(): void {
    this.pending = [];
    this.head = 0;
    for (const row of [...this.rows.values()]) this.forget(row);
    this.save();
  }

  unackedRows(): QueueRow[] {
    return [...this.rows.values()].filter((row) => !row.acked);
  }

  /** pending_request_count(): the prompts of every row not yet acked. */
  pendingPromptCount(): number {
    let count = 0;
    for (const row of this.rows.values()) if (!row.acked) count += row.request_count;
    return count;
  }

  /** The row holding legacy integer prompt id `id`, with the prompt's index in it. */
  findIntegerId(id: number): { row: QueueRow; index: number } | undefined {
    for (const row of this.rows.values()) {
      if (row.first_item_id !== null && id >= row.first_item_id && id < row.first_item_id + row.request_count) {
        return { row, index: id - row.first_item_id };
      }
    }
    return undefined;
  }

  /** Legacy integer ids: the first prompt id of `group`'s row. */
  firstIntegerIdOf(group: string): number | null {
    for (const row of this.rows.values()) if (row.group === group && row.first_item_id !== null) return row.first_item_id;
    return null;
  }

  private forget(row: QueueRow): void {
    row.acked = true;
    if (row.first_item_id === null) this.rows.delete(row.id);
  }

  private save(): void {
    if (!this.store) return;
    const state: QueueState = { next_row_id: this.nextRowId, next_item_id: this.nextItemId, rows: [...this.rows.values()] };
    this.store.write(QUEUE_FILE, JSON.stringify(state));
  }
}
