// One batch in flight: its queued items, the results that have arrived, and the requests long-polling it.

import type { FiredFault } from '../faults/fault-book';
import type { QueuedItem, StoredResult } from '../state/request-files';
import type { Timers } from '../util/timers';

export class Group {
  readonly results: (StoredResult | undefined)[];
  private finished = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly id: string,
    readonly items: readonly QueuedItem[],
    /** The work queue row that carries it (status file `work_queue_id`). */
    readonly rowId: number | null,
    /** Legacy integer ids: the id of the first prompt. */
    readonly firstItemId: number | null,
    /** Per-prompt faults armed by flag when the batch was queued (markers are read from the prompt itself). */
    readonly flagFaults: readonly (FiredFault | undefined)[] = [],
  ) {
    this.results = new Array<StoredResult | undefined>(items.length).fill(undefined);
  }

  get complete(): boolean {
    return this.finished === this.items.length;
  }

  /** Stores a prompt's result; false when it already had one (a duplicate finish_work). */
  record(index: number, result: StoredResult): boolean {
    if (index < 0 || index >= this.items.length || this.results[index] !== undefined) return false;
    this.results[index] = result;
    this.finished++;
    if (this.complete) for (const wake of [...this.waiters]) wake();
    return true;
  }

  /** Resolves when every prompt is done, after `ms`, or when `signal` aborts, whichever comes first. */
  whenComplete(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
    if (this.complete || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        cancel();
        this.waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      const cancel = timers.after(ms, wake);
      this.waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }
}
