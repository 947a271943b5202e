// The simulated Slurm and the trainer a Slurm job runs (the fakes of training.md §9, modelled on the server's
// ml/): sbatch starts a slice that squeue lists until the trainer exits. The trainer writes TRAINING once, then
// after every step with the whole history, checkpoints, and ends COMPLETED or FAILED. scancel before the trainer
// has started ends the slice there (the job never starts); during a step, the trainer's signal handler only sets
// a stop flag: the step in flight finishes and writes TRAINING over the server's CANCELLED, then the loop
// checkpoints and exits without COMPLETED (training.md §4). A new slice resumes from the last checkpoint.

import type { Timers } from '../util/timers';
import * as trainer from './trainer';
import type { TrainingJob } from './job-record';

/** From sbatch to the trainer's first write, in steps' time (the fakes of training.md §9: 0.4 s at 0.05 s a step). */
const START_STEPS = 8;
const DEFAULT_STEPS_PER_CHECKPOINT = 100;

export interface TrainerHooks {
  /** status.json and the rest of the job directory were written. */
  save(job: TrainingJob): void;
  /** The examples the trainer reads from dataset.jsonlines. */
  examples(job: TrainingJob): number;
  /** Seconds of one step: the job's fake_step_s, else the simulator's. */
  stepSeconds(job: TrainingJob): number;
}

interface Slice {
  /** Cancels the trainer's next timer. */
  cancelNext: () => void;
  /** The trainer has written its first TRAINING. */
  started: boolean;
  /** SIGTERM received: stop after the step in flight. */
  stopping: boolean;
}

export class Slurm {
  private readonly slices = new Map<string, Slice>();
  private nextJobId = 1;

  constructor(
    private readonly timers: Timers,
    private readonly hooks: TrainerHooks,
  ) {}

  /** sbatch: a new Slurm job id, its slice queued; the trainer starts a little later. */
  sbatch(job: TrainingJob): string {
    this.slices.get(job.hash)?.cancelNext();
    const slice: Slice = { cancelNext: () => undefined, started: false, stopping: false };
    this.slices.set(job.hash, slice);
    slice.cancelNext = this.timers.after(START_STEPS * this.hooks.stepSeconds(job) * 1000, () => this.start(job, slice));
    return String(this.nextJobId++);
  }

  /** A job id handed out by an earlier run of a simulator with a state dir is not handed out again. */
  noteJobId(id: unknown): void {
    this.nextJobId = Math.max(this.nextJobId, Number(id ?? 0) + 1);
  }

  /** squeue lists the job: its slice is pending or running. */
  inQueue(hash: string): boolean {
    return this.slices.has(hash);
  }

  /**
   * scancel of the job's slice: false when squeue no longer has it (scancel fails). A slice whose trainer has
   * not started ends at once; a running one stops after the step in flight.
   */
  scancel(hash: string): boolean {
    const slice = this.slices.get(hash);
    if (!slice) return false;
    if (slice.started) {
      slice.stopping = true;
    } else {
      slice.cancelNext();
      this.slices.delete(hash);
    }
    return true;
  }

  /** The job's directory is gone (delete): whatever ran for it ends without writing. */
  forget(hash: string): void {
    this.slices.get(hash)?.cancelNext();
    this.slices.delete(hash);
  }

  private start(job: TrainingJob, slice: Slice): void {
    if (job.dataset === undefined) return this.fail(job, `[Errno 2] No such file or directory: '${job.config.training_data_path as string}'`);
    slice.started = true;
    job.log.push(...trainer.startLines(String(job.config.job_directory), String(job.config.llm_name), this.hooks.examples(job)));
    job.status = { ...job.status, status: 'TRAINING', max_steps: trainer.maxStepsOf(job.config) };
    this.hooks.save(job);
    // Resumed from the last checkpoint, the step after the last one in the history.
    const history = historyOf(job);
    const done = history.length > 0 ? history[history.length - 1].step + 1 : 0;
    if (done >= trainer.maxStepsOf(job.config)) return this.complete(job);
    this.step(job, slice, done);
  }

  private step(job: TrainingJob, slice: Slice, step: number): void {
    const maxSteps = trainer.maxStepsOf(job.config);
    const stepSeconds = this.hooks.stepSeconds(job);
    slice.cancelNext = this.timers.after(stepSeconds * 1000, () => {
      if (job.failAtStep !== undefined && step >= job.failAtStep) return this.fail(job, `fake_fail_at_step: failing at step ${step} as asked`);
      const entry = trainer.historyEntry(step, maxSteps, this.hooks.examples(job), stepSeconds, job.config);
      job.log.push(trainer.stepLine(entry, maxSteps, job.config, stepSeconds));
      // The trainer rewrites status.json after every step, over a CANCELLED the server wrote (training.md §4).
      job.status = { ...job.status, status: 'TRAINING', max_steps: maxSteps, history: trainer.withEntry(historyOf(job), entry, job.config) };
      // COMPLETED only when no signal came; a stopped trainer checkpoints where it is and exits.
      if (slice.stopping) return this.stop(job, step);
      if (step + 1 >= maxSteps) return this.complete(job);
      const perCheckpoint = typeof job.config.steps_per_checkpoint === 'number' ? job.config.steps_per_checkpoint : DEFAULT_STEPS_PER_CHECKPOINT;
      if ((step + 1) % perCheckpoint === 0) this.checkpoint(job, step);
      this.hooks.save(job);
      this.step(job, slice, step + 1);
    });
  }

  private checkpoint(job: TrainingJob, step: number): void {
    job.log.push(trainer.checkpointLine(String(job.config.job_directory), step));
    // A *.pt in the job directory: what the registration looks for (training.md §5).
    job.checkpointed = true;
  }

  private stop(job: TrainingJob, step: number): void {
    this.checkpoint(job, step);
    this.exit(job);
  }

  private complete(job: TrainingJob): void {
    const maxSteps = trainer.maxStepsOf(job.config);
    const history = historyOf(job);
    const seconds = history.length > 0 ? history[history.length - 1].time : 0;
    this.checkpoint(job, maxSteps - 1);
    job.log.push(...trainer.completedLines(seconds));
    job.status = { ...job.status, status: 'COMPLETED', accumulated_train_seconds: seconds };
    this.exit(job);
  }

  private fail(job: TrainingJob, error: string): void {
    job.log.push(...trainer.failureLines(error));
    job.status = { ...job.status, status: 'FAILED', error };
    this.exit(job);
  }

  /** The trainer's process ends: squeue no longer lists the job. */
  private exit(job: TrainingJob): void {
    this.slices.delete(job.hash);
    this.hooks.save(job);
  }
}

export function historyOf(job: TrainingJob): trainer.HistoryEntry[] {
  return (job.status.history as trainer.HistoryEntry[] | undefined) ?? [];
}
