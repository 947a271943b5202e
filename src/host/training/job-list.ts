// The Training view's rows: the deployment's jobs from list_models, newest first, each worded as one line
// (status, step of max steps, the server's average loss, deployed or not: core's words), and whether any still runs (the view then refreshes).

import type { TrainingJob } from '../../core/api/types';
import { AVERAGE_LOSS_MEANING, listedProgress, newestFirst, progressLine, restartable } from '../../core/training';

/** Statuses of a job that is not finished yet. */
const RUNNING = new Set(['QUEUED', 'TRAINING']);

export interface JobRow {
  name: string;
  status: string;
  running: boolean;
  /** FAILED or CANCELLED: the deployment can run it again. */
  restartable: boolean;
  /** "TRAINING · step 12 of 20 · average loss 0.4117 · not deployed", "queued · not deployed" */
  description: string;
  /** More of the same, for the tooltip. */
  detail: string;
}

export function isRunning(status: string | undefined): boolean {
  return status !== undefined && RUNNING.has(status);
}

/** Newest first by start time (a job without one last), the server's order kept among equals. */
export function jobRows(jobs: readonly TrainingJob[]): JobRow[] {
  return newestFirst(jobs).map(rowOf);
}

export function anyRunning(jobs: readonly TrainingJob[]): boolean {
  return jobs.some((job) => isRunning(job.status));
}

/** The view reads list_models again on its own only while a job runs, the view shows and the window has focus. */
export function refreshesAgain(jobs: readonly TrainingJob[], seen: { visible: boolean; focused: boolean }): boolean {
  return anyRunning(jobs) && seen.visible && seen.focused;
}

function rowOf(job: TrainingJob): JobRow {
  const progress = listedProgress(job);
  const line = `${progressLine(progress)} · ${job.deployed ? 'deployed' : 'not deployed'}`;
  const started = job.startTime !== undefined ? `Started ${new Date(job.startTime * 1000).toISOString().replace('T', ' ').slice(0, 19)} UTC` : 'Start time unknown';
  const meaning = progress.loss === undefined ? '' : `\n${AVERAGE_LOSS_MEANING}`;
  return { name: job.name, status: progress.status, running: isRunning(job.status), restartable: restartable(job.status), description: line, detail: `${line}\n${started}${meaning}` };
}
