// Whether a job's llm_name is a model the deployment serves. The server registers an adaptor only when its
// llm_name is the model it serves (training.md §5 step 1(a)); a request naming another one can still get it
// loaded onto the wrong base (step 1(b)). So a job for another base trains for nothing here: say so before
// anything is sent.

import type { ModelInfo } from '../api/types';

export interface OtherBase {
  /** The job's llm_name. */
  asked: string;
  /** What the deployment serves as its base model (a card with no parent). */
  served: string;
}

/** The mismatch, when the params name a base model and the deployment lists base models that are all other ones. */
export function otherBaseModel(params: Readonly<Record<string, unknown>>, models: readonly ModelInfo[]): OtherBase | undefined {
  const asked = params.llm_name;
  if (typeof asked !== 'string') return undefined;
  const bases = models.filter((model) => !model.parent).map((model) => model.id);
  if (bases.length === 0 || bases.includes(asked)) return undefined;
  return { asked, served: bases.join(', ') };
}
