// Following a job to its end: status polled (transient 500s retried by the client), new log lines read from
// the line after the last one seen, CANCELLED treated as passing (the trainer may overwrite it, training.md
// §4), and COMPLETED reported only once the adaptor answers.

import type { CallOptions } from '../api/types';
import type { TrainingJobDetail } from './job-shapes';
import type { LogLine, TrainingClient } from './training-client';
import { sleep } from '../api/sleep';

export interface FollowOptions extends CallOptions {
  /** Between two status polls. */
  pollMs: number;
  /** Called with every status read. */
  onStatus?: (detail: TrainingJobDetail) => void;
  /** Called with new log lines, in order; without it the logs are not read until the job fails. */
  onLogs?: (lines: LogLine[]) => void;
  /** Log lines kept for the report of a failed job. */
  keepLastLines?: number;
  /**
   * How long CANCELLED may last before it counts as the end. Current servers overwrite it within a step
   * (training.md §4); a server where a cancel sticks would otherwise be followed forever.
   */
  cancelledForMs?: number;
}

export type FollowOutcome =
  | { kind: 'completed'; detail: TrainingJobDetail }
  | { kind: 'failed'; detail: TrainingJobDetail; lastLines: LogLine[] }
  /** CANCELLED for longer than cancelledForMs. */
  | { kind: 'cancelled'; detail: TrainingJobDetail }
  /** The signal aborted (Ctrl-C, a deadline) before the end. */
  | { kind: 'stopped'; detail: TrainingJobDetail | undefined };

const DEFAULT_KEPT_LINES = 20;
const DEFAULT_CANCELLED_FOR_MS = 60_000;

export async function followJob(client: TrainingClient, hash: string, options: FollowOptions): Promise<FollowOutcome> {
  const kept: LogLine[] = [];
  const keep = options.keepLastLines ?? DEFAULT_KEPT_LINES;
  let nextLine = 0;
  let detail: TrainingJobDetail | undefined;
  let cancelledSince: number | undefined;
  const readLogs = async (): Promise<void> => {
    const read = await client.logs(hash, nextLine, options);
    if (read.state === 'not-started' || read.lines.length === 0) return;
    nextLine = read.lines[read.lines.length - 1].lineNumber + 1;
    kept.push(...read.lines);
    kept.splice(0, Math.max(0, kept.length - keep));
    options.onLogs?.(read.lines);
  };
  try {
    for (;;) {
      detail = await client.job(hash, options);
      options.onStatus?.(detail);
      if (options.onLogs) await readLogs();
      if (detail.status.status === 'FAILED') {
        await readLogs();
        return { kind: 'failed', detail, lastLines: kept };
      }
      cancelledSince = detail.status.status === 'CANCELLED' ? (cancelledSince ?? Date.now()) : undefined;
      if (cancelledSince !== undefined && Date.now() - cancelledSince >= (options.cancelledForMs ?? DEFAULT_CANCELLED_FOR_MS)) return { kind: 'cancelled', detail };
      if (detail.status.status === 'COMPLETED') {
        if (options.onLogs) await readLogs();
        if (await client.isServed(hash, options)) return { kind: 'completed', detail };
      }
      await sleep(options.pollMs, options.signal);
    }
  } catch (error) {
    if (options.signal?.aborted) return { kind: 'stopped', detail };
    throw error;
  }
}
