// The deployment's trained adaptors as every picker shows them: each once (a model /v1/models serves and the
// training job it came from are one adaptor), named for people rather than by its 64-character hash, with its
// date, steps, loss and the run it was trained from (the lineage kept in the runs folder), newest first. No
// 'vscode' import, so the wording is unit-tested on Node.

import type { ModelInfo, TrainingJob, TrainingJobsLookup } from '../../core/api/types';
import { adaptorLabel, adaptorLineage, LineageError, newestFirst, type AdaptorLineage } from '../../core/training';

/** The training side as the picker got it: the lookup, or why it failed (the served models still show). */
export type TrainingSide = TrainingJobsLookup | { state: 'failed'; reason: string };

/** The lineage recorded for a job hash, if any. */
export type LineageLookup = (hash: string) => AdaptorLineage | undefined;

export interface Adaptor {
  /** Its model name: the job hash. */
  model: string;
  /** "adaptor 1a2b3c4d": also the label its experiment column gets. */
  label: string;
  served: boolean;
  /** Its training job, when list_models has it. */
  job?: TrainingJob;
  /** "served · 2025-06-15 10:00 UTC". */
  description: string;
  /** "COMPLETED · step 100 of 100 · loss 0.42 · trained 30 min · from run "Capitals", column 1 (base)". */
  detail: string;
}


/** The lineages of this runs folder; one that cannot be read names nothing (the job panel says why). */
export function runsFolderLineage(runsDir: string): LineageLookup {
  return (hash) => {
    try {
      return adaptorLineage(runsDir, hash);
    } catch (error) {
      if (error instanceof LineageError) return undefined;
      throw error;
    }
  };
}

/** The models /v1/models lists that are no adaptor: no parent, and no training job of that name. */
export function baseModels(models: readonly ModelInfo[], training: TrainingSide): ModelInfo[] {
  const jobs = new Set(training.state === 'found' ? training.jobs.map((job) => job.name) : []);
  return models.filter((model) => !model.parent && !jobs.has(model.id));
}

/** Every adaptor once: the training jobs newest first, then served adaptors list_models did not name. */
export function adaptorList(models: readonly ModelInfo[], training: TrainingSide, lineage: LineageLookup): Adaptor[] {
  const served = new Map(models.map((model) => [model.id, model]));
  const jobs = training.state === 'found' ? newestFirst(training.jobs) : [];
  const named = new Set(jobs.map((job) => job.name));
  const loose = models.filter((model) => model.parent && !named.has(model.id));
  return [
    ...jobs.map((job) => adaptor(job.name, served.has(job.name), lineage(job.name), job)),
    ...loose.map((model) => adaptor(model.id, true, lineage(model.id), undefined, model.parent ?? undefined)),
  ];
}

/** "Adaptors (3 of 4 served)", "Adaptors: none", or why the training jobs are not listed. */
export function adaptorsHeading(adaptors: readonly Adaptor[], training: TrainingSide): string {
  if (training.state === 'failed') return `Adaptors (training jobs not listed: ${training.reason})`;
  if (adaptors.length === 0) return 'Adaptors: none';
  return `Adaptors (${adaptors.filter((a) => a.served).length} of ${adaptors.length} served)`;
}

/** Can go into an experiment now or soon: served, or its training complete (the deployment loads it next). */
export function isComplete(adaptor: Adaptor): boolean {
  return adaptor.served || adaptor.job?.status === 'COMPLETED';
}

function adaptor(model: string, served: boolean, lineage: AdaptorLineage | undefined, job?: TrainingJob, parent?: string): Adaptor {
  const started = job?.startTime === undefined ? undefined : utcMinutes(job.startTime);
  const description = [servedText(served, job), started ?? (parent ? `adaptor of ${parent}` : undefined)];
  const detail = [
    job?.status,
    job && stepsText(job),
    job?.loss === undefined ? undefined : `loss ${job.loss.toLocaleString('en-US', { maximumFractionDigits: 4 })}`,
    job?.trainTimeSeconds === undefined ? undefined : `trained ${durationText(job.trainTimeSeconds)}`,
    lineage && sourceText(lineage),
    // Requests naming an adaptor the deployment does not serve fail until it does: said where the choice is made.
    served || job?.status === 'FAILED' ? undefined : 'requests naming it fail until the deployment serves it',
  ];
  return { model, label: adaptorLabel(model), served, ...(job ? { job } : {}), description: joined(description), detail: joined(detail) };
}

/** A failed job has no adaptor to wait for; a complete one is loaded next; any other is still on its way. */
function servedText(served: boolean, job: TrainingJob | undefined): string {
  if (served) return 'served';
  if (job?.status === 'FAILED') return 'failed: it will not be served';
  if (job?.status === 'COMPLETED') return 'not served yet';
  return 'not served';
}

function sourceText(lineage: AdaptorLineage): string | undefined {
  const origin = lineage.origin;
  if (!origin) return undefined;
  return `from run "${origin.run.title}"${origin.column ? `, column ${origin.column.number} (${origin.column.label})` : ''}`;
}

function stepsText(job: TrainingJob): string | undefined {
  if (job.step === undefined) return undefined;
  return job.maxSteps === undefined ? `step ${job.step}` : `step ${job.step} of ${job.maxSteps}`;
}

/** "45 s", "30 min", "2 h 5 min". */
export function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** Epoch seconds as "2025-06-15 10:00 UTC": the same for everyone who reads it, whatever their time zone. */
function utcMinutes(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function joined(parts: readonly (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== '').join(' · ');
}
