// A run's report written as it happens: each prompt's line as soon as it is final (ok or error), in input
// order through a reorder buffer (or in the order they finish), and the rest (pending, unknown, unsent)
// once the run has stopped. Every prompt is written exactly once.

import type { RequestId } from './ledger-schema';
import { isFinal, type RunItem, type RunProjection } from './run-projection';

/** One line of the report (the CLI's JSONL output). */
export interface ReportLine {
  index: number;
  request_id: RequestId | null;
  status: RunItem['status'];
  response: string | null;
  error: string | null;
}

export function reportLine(item: RunItem): ReportLine {
  return { index: item.index, request_id: item.requestId, status: item.status, response: item.response, error: item.error };
}

export class ReportStream {
  /** In order: every index below this is written. */
  private next = 0;
  /** In order: final items that came before the ones ahead of them. */
  private readonly waiting = new Map<number, RunItem>();
  /** Out of order: which indices are written (a group polled again reports its items again). */
  private written = new Uint8Array(1024);

  constructor(
    private readonly write: (line: ReportLine) => void,
    private readonly ordered: boolean,
  ) {}

  /** Items whose state changed: the final ones are written when their turn comes. */
  accept(items: readonly RunItem[]): void {
    for (const item of items) {
      if (!isFinal(item.status)) continue;
      if (!this.ordered) this.writeOnce(item);
      else if (item.index >= this.next) this.waiting.set(item.index, item);
    }
    if (this.ordered) this.flushReady();
  }

  /** The run has stopped: everything not written yet, as the projection has it now. */
  finish(projection: RunProjection): void {
    if (!this.ordered) {
      for (const item of projection.openItems()) this.writeOnce(item);
      return;
    }
    for (let index = this.next; index < projection.total; index++) this.write(reportLine(this.waiting.get(index) ?? projection.item(index)));
    this.waiting.clear();
    this.next = projection.total;
  }

  private flushReady(): void {
    for (let item = this.waiting.get(this.next); item; item = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++);
      this.write(reportLine(item));
    }
  }

  private writeOnce(item: RunItem): void {
    if (item.index >= this.written.length * 8) {
      const grown = new Uint8Array(Math.max(this.written.length * 2, (item.index >> 3) + 1));
      grown.set(this.written);
      this.written = grown;
    }
    const byte = item.index >> 3;
    const bit = 1 << (item.index & 7);
    if (this.written[byte] & bit) return;
    this.written[byte] |= bit;
    this.write(reportLine(item));
  }
}
