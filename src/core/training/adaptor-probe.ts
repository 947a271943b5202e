// Whether a trained adaptor answers, asked as a batch is sent: once. `/v1/models` listing it settles it; else a
// one-token /v1/generate naming it, which also makes the worker load it (training.md §5). That probe is a batch
// like any other: identical resubmissions starve the deployment's work queue and other users' batches lose
// prompts (§11.2), and a deployment that never loads the adaptor (delivery by count, §11.1) would be sent the
// same probe on every poll. So its group id is computed here as the server computes it, the server is asked
// whether it holds that group before anything is posted (as the batch runner does), and a probe sent once is
// fetched from then on (get_results), never posted again. Its answer, once final, is kept.

import type { ScalarLMApi } from '../api/api';
import { HttpStatusError } from '../api/errors';
import { computeGroupId, queuedItemsFor } from '../api/group-id';
import type { CallOptions, GenerateRequest, GenerateResult } from '../api/types';
import { ExistingGroups } from '../batch/existing-groups';
import type { RequestId } from '../runs/ledger-schema';

export type AdaptorAnswer =
  | { state: 'answers' }
  /** The probe is queued on the deployment (`requestId`), or the deployment does not know the model yet. */
  | { state: 'waiting'; requestId?: RequestId }
  /** The deployment ran the probe and could not use the adaptor: its item error (§11.1). Final. */
  | { state: 'refused'; error: string; requestId: RequestId };

interface Probe {
  requestId: RequestId;
  /** The probe's answer once final: it does not change. */
  final?: AdaptorAnswer;
}

export class AdaptorProbes {
  private readonly probes = new Map<string, Probe>();

  constructor(private readonly api: ScalarLMApi) {}

  async ask(hash: string, options: CallOptions = {}): Promise<AdaptorAnswer> {
    const { data: models } = await this.api.models(options);
    if (models.some((model) => model.id === hash)) return { state: 'answers' };
    const known = this.probes.get(hash);
    if (known?.final) return known.final;
    if (known) return this.settle(hash, known, (await this.api.getResults([known.requestId], options)).data.results);
    return this.firstAsk(hash, options);
  }

  /** Looks the probe up on the deployment (another process may have sent it), and posts it only when it is not there. */
  private async firstAsk(hash: string, options: CallOptions): Promise<AdaptorAnswer> {
    const request = probeRequest(hash);
    const items = queuedItemsFor(request, hash);
    const held = items && (await new ExistingGroups(this.api).find(computeGroupId(items), 1, options.signal ?? new AbortController().signal));
    if (held) return this.settle(hash, { requestId: held[0] }, (await this.api.getResults([held[0]], options)).data.results);
    try {
      const { data } = await this.api.generate(request, options);
      const result = data.results[0];
      return result ? this.settle(hash, { requestId: result.request_id }, data.results) : { state: 'waiting' };
    } catch (error) {
      // Model None not found: the deployment found no checkpoint for it, so nothing was queued.
      if (error instanceof HttpStatusError && error.status === 404) return { state: 'waiting' };
      throw error;
    }
  }

  private settle(hash: string, probe: Probe, results: readonly GenerateResult[]): AdaptorAnswer {
    this.probes.set(hash, probe);
    const result = results.find((row) => row.request_id === probe.requestId) ?? results[0];
    if (result?.error !== null && result?.error !== undefined) probe.final = { state: 'refused', error: result.error, requestId: probe.requestId };
    else if (result && result.response !== null) probe.final = { state: 'answers' };
    return probe.final ?? { state: 'waiting', requestId: probe.requestId };
  }
}

function probeRequest(hash: string): GenerateRequest {
  return { prompts: ['Hello'], model: hash, max_tokens: 1 };
}
