// What the simulated vLLM serves: the base model and a few trained adaptors, named by their 64-hex
// training job hashes with the base model as parent (protocol §7). The first adaptor is sha256("test"),
// the adaptor of the group id vectors.

import { sha256Hex } from '../wire/ids';

export const MAX_MODEL_LEN = 8192;

const ADAPTOR_SEEDS = ['test', 'sim-adaptor-2', 'sim-adaptor-3'];
const FAILED_JOB_SEED = 'sim-failed-job';

export class ModelCatalog {
  readonly adaptors: readonly string[] = ADAPTOR_SEEDS.map((seed) => sha256Hex(seed));

  constructor(
    readonly baseModel: string,
    /** Epoch seconds the models were "loaded", for `created`. */
    private readonly createdAt: number,
  ) {}

  isServed(name: string): boolean {
    return name === this.baseModel || this.adaptors.includes(name);
  }

  /**
   * The queue routes' model resolution (§1.1, §6.3): omitted or null means the base model, `latest` the most
   * recent training job; anything else must be served. Undefined when it is not.
   */
  resolve(name: string | null | undefined): string | undefined {
    if (name === undefined || name === null) return this.baseModel;
    if (name === 'latest') return this.adaptors[this.adaptors.length - 1];
    return this.isServed(name) ? name : undefined;
  }

  /** vLLM's GET /v1/models list. */
  modelList(): unknown {
    const card = (id: string, root: string, parent: string | null): unknown => ({
      id,
      object: 'model',
      created: this.createdAt,
      owned_by: 'vllm',
      root,
      parent,
      max_model_len: MAX_MODEL_LEN,
      permission: [
        {
          id: `modelperm-${sha256Hex(id).slice(0, 32)}`,
          object: 'model_permission',
          created: this.createdAt,
          allow_create_engine: false,
          allow_sampling: true,
          allow_logprobs: true,
          allow_search_indices: false,
          allow_view: true,
          allow_fine_tuning: false,
          organization: '*',
          group: null,
          is_blocking: false,
        },
      ],
    });
    return {
      object: 'list',
      data: [card(this.baseModel, this.baseModel, null), ...this.adaptors.map((hash) => card(hash, `/app/cray/jobs/${hash}`, this.baseModel))],
    };
  }

  /**
   * GET /v1/megatron/list_models: the training jobs behind the adaptors, and one older job that failed part
   * way, so never became an adaptor (vLLM does not serve it; `latest` still means the newest served one).
   */
  trainingJobs(): unknown {
    const failed = {
      name: sha256Hex(FAILED_JOB_SEED),
      deployed: false,
      status: 'FAILED',
      start_time: this.createdAt - 3600 * (this.adaptors.length + 1),
      step: 12,
      max_steps: 100,
      train_time: 95.5,
      loss: 2.71,
    };
    return {
      models: [
        failed,
        ...this.adaptors.map((hash, i) => ({
          name: hash,
          deployed: true,
          status: 'COMPLETED',
          start_time: this.createdAt - 3600 * (this.adaptors.length - i),
          step: 100,
          max_steps: 100,
          train_time: 1800.0,
          loss: 0.42 + i / 100,
        })),
      ],
    };
  }
}
