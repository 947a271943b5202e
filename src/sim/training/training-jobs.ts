// The deployment's training jobs: what the server's job directories hold (config, status.json, the
// dataset, the slurm logs) and the simulated trainer that moves a job QUEUED -> TRAINING -> COMPLETED (or
// FAILED) in simulated time. A completed job (or a periodic checkpoint) registers its adaptor with the
// catalog; the same archive and params name the same job, answered as it is (training.md §2-§5).

import type { ModelCatalog } from '../model/catalog';
import type { SimStats } from '../options';
import type { FileStore } from '../state/file-store';
import type { Timers } from '../util/timers';
import { openTrainingArchive } from './archive';
import { datasetHashOf, jobHashOf, trainArgsOf } from './job-hash';
import * as trainer from './trainer';

export const JOBS_DIRECTORY = '/app/cray/jobs';
const STATE_PREFIX = 'train-';
const FINISHED = ['COMPLETED', 'FAILED'];
/** From sbatch to the trainer's first write, in steps' time (the fakes of training.md §9: 0.4 s at 0.05 s a step). */
const START_STEPS = 8;

export interface TrainingSettings {
  baseModel: string;
  /** Simulated time of one training step; a job's `fake_step_s` param overrides it. */
  stepMs: number;
  /** From registration to the worker loading the adaptor into vLLM without being asked (training.md §5: ~30 s). */
  adaptorLoadDelayMs: number;
  /** GPUs the simulated Slurm node advertises; a job asking for GPUs on a node without any is refused. */
  gpus: number;
}

/** What a job directory holds. */
export interface TrainingJob {
  hash: string;
  /** config.yaml: the train_args plus what the server added, in insertion order. */
  config: Record<string, unknown>;
  /** status.json. */
  status: Record<string, unknown> & { status: string };
  /** dataset.jsonlines; undefined when the archive had none (the trainer fails on it). */
  dataset: string | undefined;
  /** The slurm-<id>.out lines, concatenated. */
  log: string[];
  /** Set by a `train-fail` fault or the `fake_fail_at_step` param. */
  failAtStep?: number;
}

export class TrainingError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface TrainResponse {
  job_status: Record<string, unknown>;
  job_config: Record<string, unknown>;
  deployed: boolean;
}

export class TrainingJobs {
  private readonly jobs = new Map<string, TrainingJob>();
  private nextSlurmId = 1;

  constructor(
    private readonly settings: TrainingSettings,
    private readonly catalog: ModelCatalog,
    private readonly timers: Timers,
    /** Counts the jobs created (a restored job counts again, as the simulator's stats start afresh). */
    private readonly stats: Pick<SimStats, 'trainingJobs'>,
    private readonly store: FileStore | undefined,
  ) {}

  /** POST /train and /upload/finalize: a new job, or the existing one for the same archive and params. */
  submit(params: Record<string, unknown>, archive: Buffer, failAtStep: () => number | undefined): TrainResponse {
    const trainArgs = trainArgsOf(params, datasetHashOf(archive));
    const hash = jobHashOf(trainArgs);
    const directory = `${JOBS_DIRECTORY}/${hash}`;
    const withPaths = { ...trainArgs, job_directory: directory, training_data_path: `${directory}/dataset.jsonlines` };
    const existing = this.jobs.get(hash);
    if (existing) return { job_status: this.submittedStatus(existing), job_config: withPaths, deployed: false };

    const opened = openTrainingArchive(archive);
    if (!opened.ok) throw new TrainingError(500, `There was an error uploading the file: ${opened.message}`);
    const gpus = typeof params.gpus === 'number' ? params.gpus : 1;
    if (gpus >= 1 && this.settings.gpus === 0) {
      throw new TrainingError(
        400,
        `Training job requested gpus=${gpus}, but no SLURM node advertises a GPU (no \`Gres=gpu\` in \`scontrol show nodes\`). Submit on a cluster with GPU nodes, or set \`gpus: 0\` in the job config to run on CPU.`,
      );
    }
    const config = 'llm_name' in withPaths ? withPaths : { ...withPaths, llm_name: this.settings.baseModel };
    const job: TrainingJob = {
      hash,
      config,
      status: { status: 'QUEUED', start_time: Date.now() / 1000, job_id: String(this.nextSlurmId++) },
      dataset: opened.dataset?.toString('utf8'),
      log: [],
    };
    const failAt = typeof params.fake_fail_at_step === 'number' ? params.fake_fail_at_step : failAtStep();
    if (failAt !== undefined) job.failAtStep = failAt;
    this.jobs.set(hash, job);
    this.stats.trainingJobs++;
    this.save(job);
    this.schedule(job);
    return { job_status: this.submittedStatus(job), job_config: config, deployed: false };
  }

  /** `{job_hash}` as the server resolves it: `latest`, an exact name, else any job whose name contains it. */
  find(name: string): TrainingJob | undefined {
    if (name === 'latest') {
      const started = [...this.jobs.values()].filter((job) => Array.isArray(job.status.history));
      return started.sort((a, b) => startTime(b) - startTime(a))[0];
    }
    return this.jobs.get(name) ?? [...this.jobs.values()].find((job) => job.hash.includes(name));
  }

  all(): TrainingJob[] {
    return [...this.jobs.values()];
  }

  /** POST /cancel: CANCELLED now, overwritten by the trainer's next step (training.md §4). Undefined: the server's `null`. */
  cancel(name: string): TrainResponse | undefined {
    const job = this.find(name);
    if (!job || job.status.job_id === undefined) return undefined;
    if (!FINISHED.includes(job.status.status)) {
      job.log.push(trainer.cancelLine(String(job.status.job_id)));
      job.status = { ...job.status, status: 'CANCELLED' };
      this.save(job);
    }
    return { job_status: { ...job.status }, job_config: job.config, deployed: false };
  }

  /** Jobs left unfinished by a previous run of a simulator with a state dir go on, as the reconciler resubmits them. */
  restore(): void {
    if (!this.store) return;
    for (const name of this.store.names().filter((n) => n.startsWith(STATE_PREFIX) && n.endsWith('.json'))) {
      const saved = JSON.parse(this.store.read(name) ?? '{}') as TrainingJob & { created?: number };
      this.jobs.set(saved.hash, saved);
      this.nextSlurmId = Math.max(this.nextSlurmId, Number(saved.status.job_id ?? 0) + 1);
      this.stats.trainingJobs++;
      if (saved.status.status === 'COMPLETED') this.register(saved);
      else if (saved.status.status !== 'FAILED') this.schedule(saved);
    }
  }

  /** What /train answers: status.json plus the directory and the model name (= the job hash). */
  private submittedStatus(job: TrainingJob): Record<string, unknown> {
    return { ...job.status, job_directory: `${JOBS_DIRECTORY}/${job.hash}`, model_name: job.hash };
  }

  private schedule(job: TrainingJob): void {
    const history = (job.status.history as trainer.HistoryEntry[] | undefined) ?? [];
    this.timers.after(START_STEPS * this.stepSeconds(job) * 1000, () => {
      if (job.dataset === undefined) return this.fail(job, `[Errno 2] No such file or directory: '${job.config.training_data_path as string}'`);
      const examples = this.examples(job).length;
      job.log.push(...trainer.startLines(String(job.config.job_directory), String(job.config.llm_name), examples));
      job.status = { ...job.status, status: 'TRAINING', max_steps: trainer.maxStepsOf(job.config) };
      this.save(job);
      this.step(job, history.length);
    });
  }

  private step(job: TrainingJob, step: number): void {
    const maxSteps = trainer.maxStepsOf(job.config);
    const stepSeconds = this.stepSeconds(job);
    this.timers.after(stepSeconds * 1000, () => {
      if (job.failAtStep !== undefined && step >= job.failAtStep) return this.fail(job, `fake_fail_at_step: failing at step ${step} as asked`);
      const entry = trainer.historyEntry(step, maxSteps, this.examples(job).length, stepSeconds, job.config);
      const history = [...((job.status.history as trainer.HistoryEntry[] | undefined) ?? []), entry];
      job.log.push(trainer.stepLine(entry, maxSteps, job.config, stepSeconds));
      // The trainer rewrites status.json after every step, over a CANCELLED the server wrote (training.md §4).
      job.status = { ...job.status, status: 'TRAINING', max_steps: maxSteps, history };
      const perCheckpoint = typeof job.config.steps_per_checkpoint === 'number' ? job.config.steps_per_checkpoint : 100;
      if ((step + 1) % perCheckpoint === 0 && step + 1 < maxSteps) {
        job.log.push(trainer.checkpointLine(String(job.config.job_directory), step));
        // A periodic checkpoint is served while the job still trains (training.md §5).
        this.register(job);
      }
      if (step + 1 >= maxSteps) return this.complete(job, entry.time);
      this.save(job);
      this.step(job, step + 1);
    });
  }

  private complete(job: TrainingJob, seconds: number): void {
    const maxSteps = trainer.maxStepsOf(job.config);
    job.log.push(trainer.checkpointLine(String(job.config.job_directory), maxSteps - 1), ...trainer.completedLines(seconds));
    job.status = { ...job.status, status: 'COMPLETED', accumulated_train_seconds: seconds };
    this.save(job);
    this.register(job);
  }

  private fail(job: TrainingJob, error: string): void {
    job.log.push(...trainer.failureLines(error));
    job.status = { ...job.status, status: 'FAILED', error };
    this.save(job);
  }

  /** Into the API's registry (`deployed`), then loaded by the worker after a while unless a request loads it first. */
  private register(job: TrainingJob): void {
    if (this.catalog.isRegistered(job.hash)) return;
    const answers = new Map(this.examples(job).map((example) => [example.input, example.output]));
    this.catalog.registerTrained(job.hash, answers);
    this.timers.after(this.settings.adaptorLoadDelayMs, () => this.catalog.load(job.hash));
  }

  private examples(job: TrainingJob): { input: string; output: string }[] {
    const examples: { input: string; output: string }[] = [];
    for (const line of (job.dataset ?? '').split('\n')) {
      try {
        const parsed = JSON.parse(line) as { input?: unknown; output?: unknown };
        if (typeof parsed.input === 'string' && typeof parsed.output === 'string') examples.push({ input: parsed.input, output: parsed.output });
      } catch {
        // The trainer skips what it cannot read; the dataset slice shows it as a parse error.
      }
    }
    return examples;
  }

  private stepSeconds(job: TrainingJob): number {
    const own = job.config.fake_step_s;
    return typeof own === 'number' && own >= 0 ? own : this.settings.stepMs / 1000;
  }

  private save(job: TrainingJob): void {
    this.store?.write(`${STATE_PREFIX}${job.hash}.json`, JSON.stringify(job));
  }
}

/** list_models and `latest` count a job without history as started at 0. */
export function startTime(job: TrainingJob): number {
  return Array.isArray(job.status.history) ? Number(job.status.start_time) : 0;
}
