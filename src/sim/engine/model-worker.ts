// The in-process generate worker: `slots` prompts at a time, each holding its slot for as long as the
// simulated model takes to produce its tokens, so the queue grows when prompts arrive faster than the
// slots drain (the behaviour of a loaded deployment).

import type { StoredResult } from '../state/request-files';
import type { Timers } from '../util/timers';
import type { PendingItem, WorkQueue } from './work-queue';

export interface WorkOutcome {
  /** Undefined when the worker never reports (never-finish): the prompt stays pending forever (§3). */
  result: StoredResult | undefined;
  durationMs: number;
}

export class ModelWorker {
  private busy = 0;

  constructor(
    private readonly queue: WorkQueue,
    private readonly timers: Timers,
    private readonly slots: number,
    private readonly run: (item: PendingItem) => WorkOutcome,
    private readonly finish: (item: PendingItem, result: StoredResult) => void,
  ) {}

  /** Starts queued prompts while slots are free; zero-duration work completes inline. */
  pump(): void {
    while (this.busy < this.slots) {
      const item = this.queue.take();
      if (!item) return;
      const outcome = this.run(item);
      if (outcome.durationMs <= 0) {
        if (outcome.result) this.finish(item, outcome.result);
        continue;
      }
      this.busy++;
      this.timers.after(outcome.durationMs, () => {
        this.busy--;
        if (outcome.result) this.finish(item, outcome.result);
        this.pump();
      });
    }
  }
}
