// What each model picker lists, as plain data, from one list of adaptors (adaptor-list.ts): "Select Model" (the
// deployment's default and base model, then every adaptor, served or not), "Add Adaptor to Experiment…" and
// "Compare with Base" (the adaptors whose training is complete, then the base model), and "Compare Models…"
// (what the deployment serves now: a chat naming anything else fails). No 'vscode' import, so the wording is
// unit-tested on Node.

import type { ModelInfo } from '../../core/api/types';
import { adaptorList, adaptorsHeading, baseModels, isComplete, type Adaptor, type LineageLookup, type TrainingSide } from './adaptor-list';

export interface ModelEntry {
  kind: 'model';
  label: string;
  description: string;
  detail?: string;
  /** What scalarlm.model is set to: '' for the deployment's default. */
  model: string;
  current: boolean;
  /** /v1/models lists it (the default counts as served). */
  served: boolean;
}

export type ModelPickEntry = { kind: 'separator'; label: string } | ModelEntry;

export const DEFAULT_MODEL_LABEL = "$(server) Deployment's default";

/** Select Model: the default and the base model(s), then every adaptor once, newest first. */
export function modelPickEntries(models: readonly ModelInfo[], training: TrainingSide, current: string, lineage: LineageLookup): ModelPickEntry[] {
  const adaptors = adaptorList(models, training, lineage);
  const entries: ModelPickEntry[] = [
    { kind: 'separator', label: 'Base model' },
    modelEntry({ label: DEFAULT_MODEL_LABEL, description: 'leave scalarlm.model empty', model: '', served: true }, current),
    ...baseModels(models, training).map((model) => baseEntry(model, current)),
  ];
  // A server without the training route and no adaptor served has no such section (older servers, gateways that hide it).
  if (training.state === 'route-missing' && adaptors.length === 0) return entries;
  return [...entries, { kind: 'separator', label: adaptorsHeading(adaptors, training) }, ...adaptors.map((adaptor) => adaptorEntry(adaptor, current))];
}

/** Add Adaptor / Compare with Base: adaptors served or complete, newest first (a failed or cancelled job has none), then the base model(s). */
export function experimentPickEntries(models: readonly ModelInfo[], training: TrainingSide, lineage: LineageLookup): ModelPickEntry[] {
  const adaptors = adaptorList(models, training, lineage).filter(isComplete);
  return [
    { kind: 'separator', label: adaptors.length === 0 ? 'Adaptors: none trained yet' : 'Adaptors' },
    ...adaptors.map((adaptor) => adaptorEntry(adaptor, undefined)),
    { kind: 'separator', label: 'Base model' },
    ...baseModels(models, training).map((model) => baseEntry(model, undefined)),
  ];
}

/** Compare Models: the base model(s), then the adaptors served now, newest first. */
export function servedPickEntries(models: readonly ModelInfo[], training: TrainingSide, lineage: LineageLookup): ModelEntry[] {
  const adaptors = adaptorList(models, training, lineage).filter((adaptor) => adaptor.served);
  return [...baseModels(models, training).map((model) => baseEntry(model, undefined)), ...adaptors.map((adaptor) => adaptorEntry(adaptor, undefined))];
}

function baseEntry(model: ModelInfo, current: string | undefined): ModelEntry {
  const context = model.max_model_len ? { detail: `max_model_len ${model.max_model_len.toLocaleString('en-US')}` } : {};
  return modelEntry({ label: model.id, description: 'base model', ...context, model: model.id, served: true }, current);
}

/** "$(check) adaptor 1a2b3c4d  served · <date>" over its facts and, last, the hash (a filter finds it by that too). */
function adaptorEntry(adaptor: Adaptor, current: string | undefined): ModelEntry {
  const icon = adaptor.served ? '$(check)' : '$(circle-outline)';
  const detail = [adaptor.detail, adaptor.model].filter((part) => part !== '').join(' · ');
  return modelEntry({ label: `${icon} ${adaptor.label}`, description: adaptor.description, detail, model: adaptor.model, served: adaptor.served }, current);
}

function modelEntry(entry: Omit<ModelEntry, 'kind' | 'current'>, current: string | undefined): ModelEntry {
  const isCurrent = entry.model === current;
  const description = isCurrent ? [entry.description, 'current'].filter((part) => part !== '').join(' · ') : entry.description;
  return { kind: 'model', ...entry, description, current: isCurrent };
}
