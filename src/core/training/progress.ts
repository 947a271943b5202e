// Where a job stands, from its status: step of max steps, the last loss, and an ETA from the pace so far.

import type { JobStatus } from './job-shapes';

export interface JobProgress {
  status: string;
  /** Steps done (the last history step + 1). */
  step: number;
  maxSteps?: number;
  loss?: number;
  /** Seconds left at the pace so far; undefined before the first step. */
  etaSeconds?: number;
}

export function jobProgress(status: JobStatus): JobProgress {
  const last = status.history[status.history.length - 1];
  const progress: JobProgress = { status: status.status, step: last ? last.step + 1 : 0 };
  if (status.maxSteps !== undefined) progress.maxSteps = status.maxSteps;
  if (last) progress.loss = last.loss;
  if (last?.time !== undefined && status.maxSteps !== undefined && status.status === 'TRAINING') {
    const perStep = last.time / (last.step + 1);
    progress.etaSeconds = Math.max(0, (status.maxSteps - progress.step) * perStep);
  }
  return progress;
}

/** `TRAINING step 12/20 loss 0.4117 ETA 3s` */
export function progressLine(progress: JobProgress): string {
  const parts = [progress.status];
  if (progress.maxSteps !== undefined || progress.step > 0) parts.push(`step ${progress.step}/${progress.maxSteps ?? '?'}`);
  if (progress.loss !== undefined) parts.push(`loss ${progress.loss.toFixed(4)}`);
  if (progress.etaSeconds !== undefined) parts.push(`ETA ${formatSeconds(progress.etaSeconds)}`);
  return parts.join(' ');
}

function formatSeconds(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}
