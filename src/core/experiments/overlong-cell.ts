// The experiment's side of the oversize rule (core/jobs/prompt-size.ts): its longest cell against the smallest
// context among the models its columns name. The CLI's eval refuses (a flag sends anyway); the editor asks.

import type { ScalarLMApi } from '../api/api';
import { contextLimit, oversizeProblem } from '../jobs/prompt-size';
import type { PlannedExperiment } from './run-experiment';

/** Why the longest cell and its column's max_tokens cannot fit that column's model's context; undefined when every column may. */
export async function overlongCell(api: ScalarLMApi, planned: PlannedExperiment, signal?: AbortSignal): Promise<string | undefined> {
  const longest = planned.longest;
  if (!longest) return undefined;
  const models = [...new Set(planned.columns.map((column) => column.model))];
  const limits = new Map(await Promise.all(models.map(async (model) => [model, await contextLimit(api, model, signal)] as const)));
  for (const column of planned.columns) {
    const problem = oversizeProblem(longest, limits.get(column.model)!, column.params.max_tokens);
    if (problem) return problem;
  }
  return undefined;
}
