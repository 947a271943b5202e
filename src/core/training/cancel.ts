// Cancel as current servers take it (training.md §4): the route writes CANCELLED, and the trainer's next
// step may write TRAINING over it, after which the job runs on (and the reconciler may resubmit it). So a
// cancel is only "requested"; a short watch then tells whether the job stopped or runs on.

import type { CallOptions } from '../api/types';
import type { JobStatus } from './job-shapes';
import type { TrainingClient } from './training-client';
import { sleep } from '../api/sleep';

export interface CancelOutcome {
  /** What the cancel route answered. */
  answered: JobStatus;
  /** The status after the watch. */
  after: JobStatus;
  /** The job was already finished: nothing to cancel. */
  alreadyFinished: boolean;
  /** The status went back to QUEUED or TRAINING after the cancel: the server's trainer did not stop. */
  runsOn: boolean;
}

export async function requestCancel(client: TrainingClient, hash: string, options: CallOptions & { watchMs: number; pollMs: number }): Promise<CancelOutcome> {
  const answered = await client.cancel(hash, options);
  if (answered.status === 'COMPLETED' || answered.status === 'FAILED') return { answered, after: answered, alreadyFinished: true, runsOn: false };
  let after = answered;
  const deadline = Date.now() + options.watchMs;
  while (Date.now() < deadline) {
    await sleep(options.pollMs, options.signal);
    after = (await client.job(hash, options)).status;
    if (after.status !== 'CANCELLED') break;
  }
  return { answered, after, alreadyFinished: false, runsOn: after.status === 'TRAINING' || after.status === 'QUEUED' || after.status === 'COMPLETED' };
}
