// The deployment's training jobs: what the server's job directories hold (config, status.json, the
// dataset, the slurm logs), and what the server does with them: submit (sbatch, which may fail), cancel,
// restart and delete (training.md §4), and its periodic task, which registers checkpointed adaptors
// (`deployed`) and resubmits a TRAINING job that squeue no longer lists. The same archive and params name the
// same job, answered as it is (training.md §2-§5). Slurm and the trainer are in slurm.ts.

import type { ModelCatalog } from '../model/catalog';
import type { SimStats } from '../options';
import type { FileStore } from '../state/file-store';
import type { Timers } from '../util/timers';
import { openTrainingArchive } from './archive';
import { datasetHashOf, jobHashOf, trainArgsOf } from './job-hash';
import type { TrainingJob } from './job-record';
import { Slurm } from './slurm';
import { cancelLine } from './trainer';

export type { TrainingJob } from './job-record';

export const JOBS_DIRECTORY = '/app/cray/jobs';
const STATE_PREFIX = 'train-';
/** restart.py: the states a job may be restarted from. */
const RESTARTABLE = ['CANCELLED', 'FAILED'];

export interface TrainingSettings {
  baseModel: string;
  /** Simulated time of one training step; a job's `fake_step_s` param overrides it. */
  stepMs: number;
  /** megatron_refresh_period: how often the server's periodic task runs (training.md §4, §5: 30 s). */
  refreshPeriodMs: number;
  /** GPUs the simulated Slurm node advertises; a job asking for GPUs on a node without any is refused. */
  gpus: number;
}

/** What faults ask of a job about to be created (taken only for a new job, never for a repeat). */
export interface NewJobFaults {
  failAtStep?: number;
  /** sbatch fails with this reason. */
  sbatchError?: string;
}

export class TrainingError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** An exception the server does not catch: Starlette's plain-text 500. */
export class UnhandledServerError extends Error {}

export interface TrainResponse {
  job_status: Record<string, unknown>;
  job_config: Record<string, unknown>;
  deployed: boolean;
}

export class TrainingJobs {
  private readonly jobs = new Map<string, TrainingJob>();
  private readonly slurm: Slurm;

  constructor(
    private readonly settings: TrainingSettings,
    private readonly catalog: ModelCatalog,
    private readonly timers: Timers,
    /** Counts the jobs created (a restored job counts again, as the simulator's stats start afresh). */
    private readonly stats: Pick<SimStats, 'trainingJobs'>,
    private readonly store: FileStore | undefined,
  ) {
    this.slurm = new Slurm(timers, { save: (job) => this.save(job), examples: (job) => this.examples(job).length, stepSeconds: (job) => this.stepSeconds(job) });
  }

  /** The server's periodic task, every megatron_refresh_period from now on. */
  startPeriodicTask(): void {
    this.timers.every(this.settings.refreshPeriodMs, () => this.refresh());
  }

  /** POST /train and /upload/finalize: a new job, or the existing one for the same archive and params. */
  submit(params: Record<string, unknown>, archive: Buffer, faults: () => NewJobFaults): TrainResponse {
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
    const job: TrainingJob = { hash, config, status: { status: 'QUEUED', start_time: Date.now() / 1000 }, dataset: opened.dataset?.toString('utf8'), log: [] };
    const asked = faults();
    const failAt = typeof params.fake_fail_at_step === 'number' ? params.fake_fail_at_step : asked.failAtStep;
    if (failAt !== undefined) job.failAtStep = failAt;
    this.jobs.set(hash, job);
    this.stats.trainingJobs++;
    if (asked.sbatchError !== undefined) {
      // status.json says FAILED with sbatch's output, then the job id's regex finds nothing and raises (training.md §2.1).
      job.status = { ...job.status, status: 'FAILED', output: `sbatch: error: Batch job submission failed: ${asked.sbatchError}` };
      this.save(job);
      throw new UnhandledServerError('sbatch failed');
    }
    job.status = { ...job.status, job_id: this.slurm.sbatch(job) };
    this.save(job);
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

  /**
   * POST /cancel: scancel, then CANCELLED written over status.json (cancel.py). A job squeue no longer lists (it
   * ended, or a cancel already stopped its trainer) is answered unchanged, as scancel fails. Undefined: the
   * server's `null`, for an unknown job or one without a Slurm id.
   */
  cancel(name: string): TrainResponse | undefined {
    const job = this.find(name);
    if (!job || job.status.job_id === undefined) return undefined;
    if (this.slurm.scancel(job.hash)) {
      // slurmstepd says so in the job's output, which a job cancelled before it ran never had.
      if (job.log.length > 0) job.log.push(cancelLine(String(job.status.job_id)));
      job.status = { ...job.status, status: 'CANCELLED' };
      this.save(job);
    }
    return this.response(job);
  }

  /** POST /restart (restart.py): from FAILED or CANCELLED only; error and output dropped, QUEUED, sbatch again. */
  restart(name: string): TrainResponse {
    const job = this.find(name);
    if (!job) throw new TrainingError(404, notFound(name));
    const state = job.status.status;
    if (!RESTARTABLE.includes(state)) {
      throw new TrainingError(409, `Cannot restart job in state '${state}'; restart is only allowed from ['CANCELLED', 'FAILED']. Cancel the job first if it is currently running.`);
    }
    this.resubmit(job);
    return this.response(job);
  }

  /**
   * POST /delete (delete.py): scancel, the directory removed, the adaptor out of the registry (not out of vLLM).
   * Answers the status as it was (CANCELLED when scancel stopped it); undefined for an unknown job.
   */
  delete(name: string): TrainResponse | undefined {
    const job = this.find(name);
    if (!job) return undefined;
    if (job.status.job_id !== undefined && this.slurm.scancel(job.hash)) job.status = { ...job.status, status: 'CANCELLED' };
    const answer = this.response(job);
    this.slurm.forget(job.hash);
    this.jobs.delete(job.hash);
    this.store?.remove(stateFile(job));
    this.catalog.unregister(job.hash);
    return answer;
  }

  /**
   * find_model for a name not in the registry: a job directory with a checkpoint is registered on demand,
   * whatever its status or base model (training.md §5 step 1(b)). The hash, or undefined when there is none.
   */
  registerOnDemand(name: string): string | undefined {
    const job = this.jobs.get(name);
    if (!job?.checkpointed) return undefined;
    this.register(job);
    return job.hash;
  }

  /** Jobs left by a previous run of a simulator with a state dir: finished ones registered, unfinished ones run on. */
  restore(): void {
    if (!this.store) return;
    for (const name of this.store.names().filter((n) => n.startsWith(STATE_PREFIX) && n.endsWith('.json'))) {
      const saved = JSON.parse(this.store.read(name) ?? '{}') as TrainingJob;
      // Saved before checkpoints were recorded: a completed job has its final one.
      saved.checkpointed ??= saved.status.status === 'COMPLETED';
      this.jobs.set(saved.hash, saved);
      this.slurm.noteJobId(saved.status.job_id);
      this.stats.trainingJobs++;
      if (saved.status.status === 'QUEUED' || saved.status.status === 'TRAINING') this.slurm.sbatch(saved);
    }
    this.refresh();
  }

  /**
   * One run of the server's periodic task: register_megatron_models (every checkpointed job trained for the served
   * model joins the registry), then restart_megatron_jobs (a TRAINING job squeue does not list is submitted again).
   */
  private refresh(): void {
    for (const job of this.jobs.values()) {
      if (job.checkpointed && job.config.llm_name === this.settings.baseModel) this.register(job);
    }
    for (const job of this.jobs.values()) {
      if (job.status.status === 'TRAINING' && !this.slurm.inQueue(job.hash)) this.resubmit(job);
    }
  }

  /** QUEUED again with a new start_time and Slurm job id; the history stays until the new slice writes its own. */
  private resubmit(job: TrainingJob): void {
    const { error: _error, output: _output, ...kept } = job.status;
    job.status = { ...kept, status: 'QUEUED', start_time: Date.now() / 1000 };
    job.status = { ...job.status, job_id: this.slurm.sbatch(job) };
    this.save(job);
  }

  private response(job: TrainingJob): TrainResponse {
    return { job_status: { ...job.status }, job_config: job.config, deployed: false };
  }

  /** What /train answers: status.json plus the directory and the model name (= the job hash). */
  private submittedStatus(job: TrainingJob): Record<string, unknown> {
    return { ...job.status, job_directory: `${JOBS_DIRECTORY}/${job.hash}`, model_name: job.hash };
  }

  /** Into the API's registry, keyed by the job's start_time; the worker loads it when delivery reaches it. */
  private register(job: TrainingJob): void {
    const answers = new Map(this.examples(job).map((example) => [example.input, example.output]));
    this.catalog.register(job.hash, Number(job.status.start_time), answers);
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
    // A deleted job's slice may still end; its directory is gone.
    if (this.jobs.get(job.hash) !== job) return;
    this.store?.write(stateFile(job), JSON.stringify(job));
  }
}

function stateFile(job: TrainingJob): string {
  return `${STATE_PREFIX}${job.hash}.json`;
}

export function notFound(name: string): string {
  return `Training job ${name} was not found in PVC or Synology`;
}

/** list_models and `latest` count a job without history as started at 0. */
export function startTime(job: TrainingJob): number {
  return Array.isArray(job.status.history) ? Number(job.status.start_time) : 0;
}
