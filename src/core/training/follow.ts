// Following a job to its end: status polled (transient 500s retried by the client), new log lines read from
// the line after the last one seen, CANCELLED taken as the end (a queued job's cancel sticks; a running job's
// trainer writes over it within a step, training.md §4), and COMPLETED reported only once the adaptor answers:
// asked with one probe, never sent twice (adaptor-probe.ts), for a bounded time after which the follow ends
// saying why the adaptor does not answer.

import type { CallOptions } from '../api/types';
import type { AdaptorAnswer } from './adaptor-probe';
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
  /** How long after COMPLETED the adaptor may take to answer before following ends (DEFAULT_SERVED_WITHIN_MS). */
  servedWithinMs?: number;
}

export type FollowOutcome =
  | { kind: 'completed'; detail: TrainingJobDetail }
  | { kind: 'failed'; detail: TrainingJobDetail; lastLines: LogLine[] }
  | { kind: 'cancelled'; detail: TrainingJobDetail }
  /** COMPLETED, and the adaptor did not answer within servedWithinMs. */
  | { kind: 'not-served'; detail: TrainingJobDetail; answer: Exclude<AdaptorAnswer, { state: 'answers' }>; waitedMs: number }
  /** The signal aborted (Ctrl-C, a deadline) before the end. */
  | { kind: 'stopped'; detail: TrainingJobDetail | undefined };

const DEFAULT_KEPT_LINES = 20;
/**
 * After COMPLETED, how long the adaptor may take to answer: the server's periodic task and the worker's idle
 * long-poll each come every 30 s (training.md §5), so an adaptor the deployment can load answers well within
 * this; its probe, once answered with an error, does not change.
 */
export const DEFAULT_SERVED_WITHIN_MS = 120_000;

export async function followJob(client: TrainingClient, hash: string, options: FollowOptions): Promise<FollowOutcome> {
  const kept: LogLine[] = [];
  const keep = options.keepLastLines ?? DEFAULT_KEPT_LINES;
  let nextLine = 0;
  let detail: TrainingJobDetail | undefined;
  let completedAt: number | undefined;
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
      if (detail.status.status === 'CANCELLED') return { kind: 'cancelled', detail };
      if (detail.status.status === 'COMPLETED') {
        completedAt ??= Date.now();
        if (options.onLogs) await readLogs();
        const answer = await client.adaptorAnswer(hash, options);
        if (answer.state === 'answers') return { kind: 'completed', detail };
        const waitedMs = Date.now() - completedAt;
        if (waitedMs >= (options.servedWithinMs ?? DEFAULT_SERVED_WITHIN_MS)) return { kind: 'not-served', detail, answer, waitedMs };
      }
      await sleep(options.pollMs, options.signal);
    }
  } catch (error) {
    if (options.signal?.aborted) return { kind: 'stopped', detail };
    throw error;
  }
}
