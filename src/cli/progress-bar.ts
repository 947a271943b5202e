// A one-line progress bar on stderr, redrawn in place at most every 100 ms; only on a terminal.

import type { BatchProgress } from '../core/batch/runner';
import { formatDuration } from './format';

const REDRAW_MS = 100;

export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;

  constructor(private readonly stream: NodeJS.WritableStream & { columns?: number }) {}

  update(progress: BatchProgress, force = false): void {
    const now = Date.now();
    if (!force && now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    const line = progressLine(progress, this.stream.columns ?? 100);
    this.stream.write(`\r${line}\x1b[K`);
    this.drawn = true;
  }

  clear(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }
}

export function progressLine(p: BatchProgress, columns: number): string {
  const { ok, error, pending, unknown, unsent } = p.counts;
  const done = ok + error;
  const total = p.total ?? done + pending + unknown + unsent;
  const width = Math.max(10, Math.min(30, columns - 80));
  const filled = total > 0 ? Math.round((done / total) * width) : 0;
  const parts = [
    `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`,
    `ok ${ok}`,
    error ? `error ${error}` : '',
    pending ? `pending ${pending}` : '',
    unknown ? `unknown ${unknown}` : '',
    p.queueDepth !== undefined ? `queue ${p.queueDepth}` : '',
    p.etaSeconds !== undefined && done < total ? `ETA ${formatDuration(p.etaSeconds * 1000)}` : '',
  ];
  // Right after the bar, so a narrow terminal still shows it.
  if (p.unreachableSince !== undefined) parts.splice(1, 0, `unreachable since ${new Date(p.unreachableSince).toTimeString().slice(0, 8)}, retrying`);
  return parts.filter(Boolean).join('  ').slice(0, columns - 1);
}
