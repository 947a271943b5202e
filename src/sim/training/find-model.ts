// find_model (vllm_model_manager.py:44-70), run by /v1/generate and /v1/chat/completions on the name a request
// gives: the registry first, else a job directory holding a checkpoint, registered there and then (training.md §5
// step 1(b)). Registered is not loaded: the worker loads by count, so a found model may still not answer.

import type { ModelCatalog } from '../model/catalog';
import type { TrainingJobs } from './training-jobs';

export function findModel(catalog: ModelCatalog, training: TrainingJobs, name: string | null | undefined): string | undefined {
  return catalog.resolve(name) ?? (typeof name === 'string' ? training.registerOnDemand(name) : undefined);
}
