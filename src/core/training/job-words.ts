// What a training job's state means to someone following it, and what to tell them, as current servers behave
// (training.md §4, §5, §11): one rule for the command line and the editor. Each surface names its own actions
// (a command to type, a button), passed in as JobActions.

import type { AdaptorAnswer } from './adaptor-probe';
import type { JobStatus, TrainingJobDetail } from './job-shapes';
import { stepWords, type JobProgress } from './progress';
import { seconds, type SubmitWait } from './training-upload';

export interface JobActions {
  /** How to run a FAILED or CANCELLED job again. */
  restart: string;
  /** How to remove a job for good. */
  delete: string;
  /** How to look at the job later. */
  show: string;
}

/** How often the server's periodic task resubmits a job a cancel stopped (megatron_refresh_period). */
const RESUBMIT_SECONDS = 30;

/**
 * Statuses after which nothing happens to a job unless someone acts: following ends there. CANCELLED too: a
 * queued job's cancel sticks, and a running job's is written over by its trainer within a step (training.md §4).
 */
export function endsFollowing(status: string): boolean {
  return status === 'COMPLETED' || status === 'FAILED' || status === 'CANCELLED';
}

/** The deployment restarts a job only from these (training.md §4); any other state is refused with a 409. */
export function restartable(status: string | undefined): boolean {
  return status === 'FAILED' || status === 'CANCELLED';
}

/** "Job H restarted: QUEUED as Slurm job 22." and how to follow it (`follow`: the surface's own words). */
export function restartedWords(detail: TrainingJobDetail, follow: string): string {
  const slurm = detail.status.jobId === undefined ? '' : ` as Slurm job ${detail.status.jobId}`;
  return `Job ${detail.hash} restarted: ${detail.status.status}${slurm}. ${follow}`;
}

/** What a delete is asked as, and what it does: the command line asks on a terminal, the editor in a confirmation. */
export function deleteQuestion(hash: string, progress: JobProgress): { question: string; consequence: string } {
  const steps = stepWords(progress);
  const state = progress.status === 'QUEUED' && steps ? steps : [progress.status, steps].filter(Boolean).join(', ');
  return {
    question: `Delete training job ${hash} (${state})?`,
    consequence: 'A running job is stopped; its directory, checkpoints and logs are removed from the deployment. It cannot be undone.',
  };
}

/** After a delete: what it was, and what the deployment still does with adaptors (training.md §4, §11.1). */
export function deletedWords(was: TrainingJobDetail): string {
  return (
    `Deleted job ${was.hash} (it was ${was.status.status}). Current servers count the adaptors they have loaded, so the next adaptor trained after ` +
    'a delete may not be loaded until the deployment restarts.'
  );
}

/** Why a job FAILED: the trainer's exception, or sbatch's output when its submission failed. */
export function failureReason(status: JobStatus): string | undefined {
  return status.error ?? status.output?.trim();
}

/** "Job H FAILED: reason. Run it again with …" */
export function failedWords(hash: string, status: JobStatus, actions: JobActions): string {
  const reason = failureReason(status);
  const submission = status.jobId === undefined && status.output !== undefined ? ' Its submission to Slurm failed, so it never ran.' : '';
  return `Job ${hash} FAILED${reason ? `: ${reason}` : ' (the deployment gave no reason)'}.${submission} Run it again with ${actions.restart} once the cause is fixed, or remove it with ${actions.delete}.`;
}

/** A CANCELLED job, met while following or when the same data and arguments name it again. */
export function cancelledWords(hash: string, status: JobStatus, actions: JobActions): string {
  const resumes = status.history.length > 0 ? ' (it resumes from its last checkpoint)' : '';
  return `Job ${hash} is CANCELLED: the deployment will not run it unless asked. Run it again with ${actions.restart}${resumes}, or remove it with ${actions.delete}.`;
}

/** The job completed, but its adaptor did not answer within the wait. */
export function notServedWords(hash: string, answer: Exclude<AdaptorAnswer, { state: 'answers' }>, waitedMs: number, actions: JobActions): string {
  if (answer.state === 'refused') {
    return (
      `Job ${hash} COMPLETED, but this deployment has not loaded the adaptor: its one probe request (${String(answer.requestId)}) answered "${answer.error}". ` +
      'Current servers hand adaptors to their worker by count: one that finished after a later-started job, or the first trained after a delete, ' +
      `is never loaded until the deployment restarts. Ask its operator to restart it (its adaptors are then loaded), then check with ${actions.show}.`
    );
  }
  const queued = answer.requestId === undefined ? 'the deployment does not know the model yet' : `its one probe request (${String(answer.requestId)}) is still queued on the deployment`;
  return `Job ${hash} COMPLETED, but its adaptor has not answered within ${seconds(waitedMs)}: ${queued}. It was not sent again; check later with ${actions.show}.`;
}

/** What a cancel came to (see requestCancel). */
export type CancelKind =
  /** Already COMPLETED or FAILED: nothing to cancel. */
  | 'ended'
  /** The job exists but has no Slurm job (its sbatch failed): the server answers null, nothing to cancel. */
  | 'no-slurm-job'
  /** It was CANCELLED already. */
  | 'already-cancelled'
  /** Cancelled before its trainer started: it stays CANCELLED and never runs. */
  | 'not-started'
  /** Cancelled while training: the trainer stops at its step, and the server resubmits the job later. */
  | 'stops-at-step'
  /** The server answered it unchanged (TRAINING or QUEUED): its Slurm job had already ended, as after an earlier cancel. */
  | 'unchanged';

export function cancelWords(hash: string, kind: CancelKind, status: JobStatus, actions: JobActions): string {
  const resubmitted = `about ${RESUBMIT_SECONDS} s after it stopped, the server resubmits the job from its last checkpoint and it goes on to complete. Only ${actions.delete} stops it for good.`;
  switch (kind) {
    case 'ended':
      return `Job ${hash} had already ended (${status.status}): nothing to cancel.`;
    case 'no-slurm-job':
      return `Job ${hash} has no Slurm job to cancel: it is ${status.status}${failureReason(status) ? ` (${failureReason(status)})` : ''}. Run it again with ${actions.restart}, or remove it with ${actions.delete}.`;
    case 'already-cancelled':
      return cancelledWords(hash, status, actions);
    case 'not-started':
      return `Job ${hash} was cancelled before it started: it stays CANCELLED and will not run. Run it again with ${actions.restart}.`;
    case 'stops-at-step':
      return `Cancel requested for job ${hash}: the deployment wrote CANCELLED, but current servers do not stop a running job for good. Its trainer stops at the end of the step in flight and the status reads TRAINING again; ${resubmitted}`;
    case 'unchanged':
      return `Job ${hash} is ${status.status}, unchanged: its Slurm job has already ended (an earlier cancel stopped its trainer), so there was nothing to cancel; ${resubmitted}`;
  }
}

/** A failed POST /train about to be tried again, with its likely cause. */
export function submitWaitWords(wait: SubmitWait): string {
  const again = `Trying again in ${seconds(wait.pauseMs)} (try ${wait.attempt + 1} of ${wait.attempts}).`;
  if (wait.cause === 'slurm-unreachable') {
    return (
      `The deployment took ${seconds(wait.tookMs)} and answered 500 (plain text) without making the job: Slurm may be unreachable from it ` +
      `(the server waits up to 30 s for squeue, its whole API blocked meanwhile). ${again}`
    );
  }
  return `The upload failed after ${seconds(wait.tookMs)} (${wait.error.message}) and the deployment does not have the job. ${again}`;
}
