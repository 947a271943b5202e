// What "ScalarLM: Select Model" lists, as plain data: the models the deployment serves (GET /v1/models:
// the base model and trained adaptors, with parent and context length), then its training jobs (GET
// /v1/megatron/list_models: status, steps, loss), each marked served or not. No 'vscode' import, so the
// wording is unit-tested on Node.

import type { ModelInfo, TrainingJob, TrainingJobsLookup } from '../../core/api/types';
import { newestFirst } from '../../core/training';

export interface ModelEntry {
  kind: 'model';
  label: string;
  description: string;
  detail?: string;
  /** What scalarlm.model is set to: '' for the deployment's default. */
  model: string;
  current: boolean;
}

export type ModelPickEntry = { kind: 'separator'; label: string } | ModelEntry;

/** The training side as the picker got it: the lookup, or why it failed (the served models still show). */
export type TrainingSide = TrainingJobsLookup | { state: 'failed'; reason: string };

export const DEFAULT_MODEL_LABEL = "$(server) Deployment's default";

export function modelPickEntries(models: readonly ModelInfo[], training: TrainingSide, current: string): ModelPickEntry[] {
  const served = new Set(models.map((model) => model.id));
  const entries: ModelPickEntry[] = [
    { kind: 'separator', label: 'Served (/v1/models)' },
    modelEntry({ label: DEFAULT_MODEL_LABEL, description: 'leave scalarlm.model empty', model: '' }, current),
    ...models.map((model) =>
      modelEntry(
        {
          label: model.id,
          description: model.parent ? `adaptor of ${model.parent}` : 'base model',
          ...(model.max_model_len ? { detail: `max_model_len ${model.max_model_len.toLocaleString('en-US')}` } : {}),
          model: model.id,
        },
        current,
      ),
    ),
  ];
  // A server without the training route simply has no such section (older servers, gateways that hide it).
  if (training.state === 'route-missing') return entries;
  if (training.state === 'failed') return [...entries, { kind: 'separator', label: `Training jobs: not listed (${training.reason})` }];
  const jobs = newestFirst(training.jobs);
  const servedCount = jobs.filter((job) => served.has(job.name)).length;
  entries.push({ kind: 'separator', label: jobs.length === 0 ? 'Training jobs: none' : `Training jobs (${servedCount} of ${jobs.length} served)` });
  for (const job of jobs) entries.push(jobEntry(job, served.has(job.name), current));
  return entries;
}

function modelEntry(entry: { label: string; description: string; detail?: string; model: string }, current: string): ModelEntry {
  const isCurrent = entry.model === current;
  const description = isCurrent ? [entry.description, 'current'].filter((part) => part !== '').join(' · ') : entry.description;
  return { kind: 'model', ...entry, description, current: isCurrent };
}

/**
 * "$(check) <hash>" over "served · COMPLETED · step 100 of 100 · loss 0.42 · trained 30 min · started
 * 2025-06-15 10:00 UTC": all on the detail line, which starts at the left, since a 64-character name leaves
 * a description beside it no room.
 */
function jobEntry(job: TrainingJob, served: boolean, current: string): ModelEntry {
  const facts = [
    served ? 'served' : 'not served',
    job.status,
    stepsText(job),
    job.loss === undefined ? undefined : `loss ${job.loss.toLocaleString('en-US', { maximumFractionDigits: 4 })}`,
    job.trainTimeSeconds === undefined ? undefined : `trained ${durationText(job.trainTimeSeconds)}`,
    job.startTime === undefined ? undefined : `started ${utcMinutes(job.startTime)}`,
    // Requests naming a job the deployment does not serve fail until it does: said where the choice is made.
    served ? undefined : unservedText(job),
  ].filter((part) => part !== undefined);
  return { ...modelEntry({ label: `${served ? '$(check)' : '$(circle-outline)'} ${job.name}`, description: '', model: job.name }, current), detail: facts.join(' · ') };
}

/** A failed job has no adaptor to wait for; any other may still come to be served. */
function unservedText(job: TrainingJob): string {
  return job.status === 'FAILED' ? 'failed: it will not be served' : 'not in /v1/models yet: requests naming it may fail until the deployment serves it';
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
