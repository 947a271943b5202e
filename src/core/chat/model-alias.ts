// "latest" names the deployment's most recent trained model. The queue routes resolve it on the server
// (/v1/generate, non-streaming chat: protocol §1.1, §6.3), but streaming chat goes to vLLM as sent, which knows
// no such model (§10.2). So a streamed answer asks for the adaptor the queue would pick: the served adaptor
// whose training job started last (GET /v1/megatron/list_models), else the last one /v1/models lists.

import type { ScalarLMApi } from '../api/api';
import { isScalarLMError } from '../api/errors';

export const LATEST = 'latest';

export async function resolveLatest(api: ScalarLMApi, signal?: AbortSignal): Promise<string> {
  const adaptors = (await api.models({ signal })).data.filter((model) => model.parent);
  const started = new Map<string, number>();
  try {
    const training = (await api.trainingJobs({ signal })).data;
    if (training.state === 'found') for (const job of training.jobs) if (job.startTime !== undefined) started.set(job.name, job.startTime);
  } catch (error) {
    if (!isScalarLMError(error)) throw error;
  }
  // The last of the newest start times; the list's own order where no job says when it started.
  let newest: { id: string; at: number } | undefined;
  for (const adaptor of adaptors) {
    const at = started.get(adaptor.id) ?? -Infinity;
    if (!newest || at >= newest.at) newest = { id: adaptor.id, at };
  }
  if (!newest) throw new Error('"latest" means the most recent trained model, and this deployment serves none: train one, or name a model.');
  return newest.id;
}
