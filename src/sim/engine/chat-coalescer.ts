// The chat coalescer (protocol §6.2): while the in-memory depth counter is below 10 each chat becomes its
// own queue row at once; above it, chats are packed into one row of up to 10, flushed after 50 ms at most.

import type { QueuedItem } from '../state/request-files';
import type { Timers } from '../util/timers';

const BYPASS_THRESHOLD = 10;
const PACKING_FACTOR = 10;
const WINDOW_MS = 50;

export class ChatCoalescer {
  private batch: QueuedItem[] = [];
  private cancelWindow: (() => void) | undefined;

  constructor(
    private readonly timers: Timers,
    private readonly depth: () => number,
    private readonly flush: (items: QueuedItem[]) => void,
  ) {}

  add(item: QueuedItem): void {
    if (this.batch.length === 0 && this.depth() < BYPASS_THRESHOLD) {
      this.flush([item]);
      return;
    }
    this.batch.push(item);
    if (this.batch.length >= PACKING_FACTOR) this.flushBatch();
    else this.cancelWindow ??= this.timers.after(WINDOW_MS, () => this.flushBatch());
  }

  private flushBatch(): void {
    this.cancelWindow?.();
    this.cancelWindow = undefined;
    const items = this.batch;
    this.batch = [];
    if (items.length > 0) this.flush(items);
  }
}
