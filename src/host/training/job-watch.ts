// Following one job for its panel: the status polled, the logs read from the first line the panel does not
// have (so a reloaded page or a dropped connection picks up where it stopped), until the job has ended and
// its last lines are read. A failed read is reported and tried again at the next poll.

import { sleep } from '../../core/api/sleep';
import type { LogLine, TrainingClient, TrainingJobDetail } from '../../core/training';

export interface JobWatchHandlers {
  onDetail(detail: TrainingJobDetail): void;
  onLogs(lines: LogLine[]): void;
  onError(error: unknown): void;
}

const ENDED = new Set(['COMPLETED', 'FAILED']);

export class JobWatch {
  private readonly stopped = new AbortController();
  private nextLine = 0;
  private kick: (() => void) | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly client: TrainingClient,
    private readonly hash: string,
    private readonly pollMs: number,
    private readonly handlers: JobWatchHandlers,
  ) {}

  /** Reads logs from `nextLine` on (what the page has), and polls now; follows again if it had stopped. */
  resumeFrom(nextLine: number): void {
    this.nextLine = nextLine;
    this.followAgain();
  }

  /** Polls now, and follows again if it had stopped at an end (a FAILED job restarted). */
  followAgain(): void {
    if (this.running) this.pollNow();
    else this.running = this.follow().finally(() => (this.running = undefined));
  }

  /** Polls at once rather than at the next tick (after a cancel, a page's ready). */
  pollNow(): void {
    this.kick?.();
  }

  /** Resolves once the job has ended and its last lines were read, or the watch was stopped. */
  get done(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /** Still polling: the job had not ended at the last read. */
  get following(): boolean {
    return this.running !== undefined;
  }

  stop(): void {
    this.stopped.abort();
    this.kick?.();
  }

  private async follow(): Promise<void> {
    const signal = this.stopped.signal;
    while (!signal.aborted) {
      let ended = false;
      try {
        const detail = await this.client.job(this.hash, { signal });
        if (signal.aborted) return;
        this.handlers.onDetail(detail);
        await this.readLogs(signal);
        ended = ENDED.has(detail.status.status);
      } catch (error) {
        if (signal.aborted) return;
        this.handlers.onError(error);
      }
      if (ended) return;
      await this.pause(signal);
    }
  }

  private async readLogs(signal: AbortSignal): Promise<void> {
    const from = this.nextLine;
    const read = await this.client.logs(this.hash, from, { signal });
    // A page that said `ready` meanwhile asked for other lines: those come at the next poll.
    if (signal.aborted || this.nextLine !== from || read.state === 'not-started' || read.lines.length === 0) return;
    this.nextLine = read.lines[read.lines.length - 1].lineNumber + 1;
    this.handlers.onLogs(read.lines);
  }

  private pause(signal: AbortSignal): Promise<void> {
    const kicked = new AbortController();
    this.kick = () => kicked.abort();
    return sleep(this.pollMs, AbortSignal.any([signal, kicked.signal])).catch(() => undefined).finally(() => (this.kick = undefined));
  }
}
