// Cancel as current servers take it (training.md §4, §11.3-4): the route writes CANCELLED. A job whose trainer
// had not started stays so; a training one's trainer stops at the end of its step and writes TRAINING over the
// cancel, and the server resubmits it from its checkpoint later. A job squeue no longer lists is answered
// unchanged, one without a Slurm id with `null`. The job is read first (it exists, and was it running?), then a
// short watch tells whether the trainer wrote over the cancel.

import type { CallOptions } from '../api/types';
import type { JobStatus } from './job-shapes';
import type { CancelKind } from './job-words';
import type { TrainingClient } from './training-client';
import { sleep } from '../api/sleep';

export interface CancelOutcome {
  kind: CancelKind;
  /** What the cancel route answered; the job's status when it answered null (no Slurm job). */
  answered: JobStatus;
  /** The status after the watch. */
  after: JobStatus;
  /** Nothing to cancel: the job had ended, or has no Slurm job. */
  alreadyFinished: boolean;
  /** The job goes on: its trainer stops at its step and the server resubmits it. */
  runsOn: boolean;
}

export async function requestCancel(client: TrainingClient, hash: string, options: CallOptions & { watchMs: number; pollMs: number }): Promise<CancelOutcome> {
  const before = (await client.job(hash, options)).status;
  const answered = await client.cancel(hash, options);
  if (answered === undefined) return outcome('no-slurm-job', before, before);
  if (answered.status === 'COMPLETED' || answered.status === 'FAILED') return outcome('ended', answered, answered);
  if (answered.status !== 'CANCELLED') return outcome('unchanged', answered, answered);
  if (before.status === 'CANCELLED') return outcome('already-cancelled', answered, answered);
  let after = answered;
  const deadline = Date.now() + options.watchMs;
  while (Date.now() < deadline && after.status === 'CANCELLED') {
    await sleep(options.pollMs, options.signal);
    after = (await client.job(hash, options)).status;
  }
  const started = before.status === 'TRAINING' || after.status !== 'CANCELLED';
  return outcome(started ? 'stops-at-step' : 'not-started', answered, after);
}

function outcome(kind: CancelKind, answered: JobStatus, after: JobStatus): CancelOutcome {
  return { kind, answered, after, alreadyFinished: kind === 'ended' || kind === 'no-slurm-job', runsOn: kind === 'stops-at-step' || kind === 'unchanged' };
}
