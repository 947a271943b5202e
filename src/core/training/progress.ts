// Where a job stands, from its status: step of max steps, a loss, and an ETA from the pace so far; worded once for
// the command line and the editor. Two losses exist for one job (training.md §3.3): the job's own last step, and
// list_models' running average, which weights the first steps; the words say which one a surface shows.

import type { TrainingJob } from '../api/types';
import type { JobStatus, TrainingJobDetail } from './job-shapes';

export interface JobProgress {
  status: string;
  /** Steps done (the last history step + 1). */
  step: number;
  maxSteps?: number;
  loss?: number;
  /** Which loss `loss` is: the last step's, or the deployment's running average (list_models). */
  lossKind: LossKind;
  /** Seconds left at the pace so far; undefined before the first step. */
  etaSeconds?: number;
}

export type LossKind = 'last' | 'average';

/** A job's progress from its status; max steps from its config while the trainer has not said them yet. */
export function jobProgress(status: JobStatus, config: TrainingJobDetail['config'] = {}): JobProgress {
  const last = status.history[status.history.length - 1];
  const progress: JobProgress = { status: status.status, step: last ? last.step + 1 : 0, lossKind: 'last' };
  const maxSteps = knownSteps(status.maxSteps) ?? knownSteps(config.max_steps);
  if (maxSteps !== undefined) progress.maxSteps = maxSteps;
  if (last) progress.loss = last.loss;
  if (last?.time !== undefined && maxSteps !== undefined && status.status === 'TRAINING') {
    const perStep = last.time / (last.step + 1);
    progress.etaSeconds = Math.max(0, (maxSteps - progress.step) * perStep);
  }
  return progress;
}

/** A list_models row's progress. A queued row says step 0 of 0 and loss 0.0: neither is known yet. */
export function listedProgress(job: TrainingJob): JobProgress {
  const progress: JobProgress = { status: job.status ?? 'UNKNOWN', step: job.step ?? 0, lossKind: 'average' };
  const maxSteps = knownSteps(job.maxSteps);
  if (maxSteps !== undefined) progress.maxSteps = maxSteps;
  if (job.loss !== undefined && progress.step > 0) progress.loss = job.loss;
  return progress;
}

/** "queued, 100 steps", "queued, step 56 of 400" (restarted), "step 12 of 20", "step 12"; undefined when nothing is known. */
export function stepWords(progress: JobProgress): string | undefined {
  const of = progress.maxSteps === undefined ? '' : ` of ${progress.maxSteps}`;
  if (progress.status === 'QUEUED') {
    if (progress.step > 0) return `queued, step ${progress.step}${of}`;
    return progress.maxSteps === undefined ? 'queued' : `queued, ${progress.maxSteps} steps`;
  }
  if (progress.step === 0 && progress.maxSteps === undefined) return undefined;
  return `step ${progress.step}${of}`;
}

/** "last loss 0.1876" or "average loss 0.5382" (the deployment's running average, which weights the first steps). */
function lossWords(progress: JobProgress): string | undefined {
  return progress.loss === undefined ? undefined : `${progress.lossKind} loss ${progress.loss.toFixed(4)}`;
}

/** What the Training view's tooltip and the CLI's jobs say about the average loss. */
export const AVERAGE_LOSS_MEANING = "The average loss is the deployment's running average, which weights the first steps; a job's own view shows its last step's loss.";

/** "step 12 of 20 · last loss 0.4117 · ETA 3s", without the status (a queued job's words name it). */
export function progressDetail(progress: JobProgress): string {
  const eta = progress.etaSeconds === undefined ? undefined : `ETA ${formatSeconds(progress.etaSeconds)}`;
  return [stepWords(progress), lossWords(progress), eta].filter((part) => part !== undefined).join(' · ');
}

/** "TRAINING · step 12 of 20 · last loss 0.4117 · ETA 3s"; "queued, 100 steps". */
export function progressLine(progress: JobProgress): string {
  const detail = progressDetail(progress);
  if (progress.status === 'QUEUED') return detail;
  return detail === '' ? progress.status : `${progress.status} · ${detail}`;
}

/** A job that cannot have zero steps: 0 (list_models' queued rows) or a non-number is not known. */
function knownSteps(value: unknown): number | undefined {
  return typeof value === 'number' && value > 0 ? value : undefined;
}

function formatSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
