// The model a batch names, settled before anything is sent. With no model given, the deployment's default
// is read once from /v1/models and sent explicitly: the server names a batch by a hash that includes the
// resolved model (protocol §1.3), so only then can every group id be computed here and a group be looked
// up before it is sent. A model the deployment does not serve is a definite answer, said plainly.

import type { ScalarLMApi } from '../api/api';
import { HttpStatusError, ScalarLMError } from '../api/errors';

/** The model the server uses for an omitted one (protocol §1.1): the base model, served without a parent. */
export async function deploymentDefaultModel(api: ScalarLMApi, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const models = (await api.models({ signal })).data;
    return models.find((model) => !model.parent)?.id;
  } catch (error) {
    if (signal?.aborted || !(error instanceof ScalarLMError)) throw error;
    // An older server or a gateway without the route: the server resolves the model; ids are not computable.
    return undefined;
  }
}

/** POST /v1/generate answers 404 for a model it does not serve (its detail always says "Model None not found"). */
export function isUnknownModel(error: unknown): error is HttpStatusError {
  return error instanceof HttpStatusError && error.status === 404 && typeof error.detail === 'string' && /^Model .* not found$/.test(error.detail);
}

export class UnknownModelError extends Error {
  constructor(
    readonly model: string,
    readonly served: string[] | undefined,
  ) {
    const list = served === undefined ? 'Its model list could not be read.' : served.length ? `It serves: ${served.join(', ')}.` : 'It lists no models.';
    super(`The deployment does not serve the model "${model}" (HTTP 404). ${list} Nothing was sent for it.`);
  }
}

export async function unknownModelError(api: ScalarLMApi, model: string, signal?: AbortSignal): Promise<UnknownModelError> {
  try {
    return new UnknownModelError(model, (await api.models({ signal })).data.map((m) => m.id));
  } catch {
    return new UnknownModelError(model, undefined);
  }
}
