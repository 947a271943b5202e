// The experiment's side of the oversize rule (core/jobs/prompt-size.ts): its longest cell against the smallest
// context among the models its columns name. The CLI's eval refuses (a flag sends anyway); the editor asks.

import type { ScalarLMApi } from '../api/api';
import { contextLimit, oversizeProblem } from '../jobs/prompt-size';
import type { PlannedExperiment } from './run-experiment';

/** Why the longest cell cannot fit the smallest context of the experiment's models; undefined when it may. */
export async function overlongCell(api: ScalarLMApi, planned: PlannedExperiment, signal?: AbortSignal): Promise<string | undefined> {
  if (!planned.longest) return undefined;
  const models = [...new Set(planned.columns.map((column) => column.model))];
  const limits = await Promise.all(models.map((model) => contextLimit(api, model, signal)));
  const smallest = limits.reduce((a, b) => (b.tokens < a.tokens ? b : a));
  return oversizeProblem(planned.longest, smallest);
}
