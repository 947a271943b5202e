// What the simulated vLLM serves: the base model, and adaptors named by their 64-hex training job hashes with
// the base model as parent (protocol §7) and no max_model_len of their own (vLLM's LoRA cards, training.md §5).
// A fresh simulator has none, as a real deployment (§11.9); with example jobs it starts with three, trained
// before it started, the first sha256("test"), the adaptor of the group id vectors. Adaptors trained in this
// simulator join them: registered in the API's registry first (`deployed`), served by vLLM once loaded; they
// answer a prompt equal to a training input with its output, anything else as the base model does.

import { sha256Hex } from '../wire/ids';

export const MAX_MODEL_LEN = 8192;

const ADAPTOR_SEEDS = ['test', 'sim-adaptor-2', 'sim-adaptor-3'];
const FAILED_JOB_SEED = 'sim-failed-job';

interface TrainedAdaptor {
  /** Training input -> output. */
  answers: ReadonlyMap<string, string>;
  /** In vLLM (listed in /v1/models, usable by the proxied routes), not only in the API's registry. */
  loaded: boolean;
}

export class ModelCatalog {
  /** The example jobs' adaptors, served from the start. */
  readonly adaptors: readonly string[];
  private readonly trained = new Map<string, TrainedAdaptor>();

  constructor(
    readonly baseModel: string,
    /** Epoch seconds the models were "loaded", for `created`. */
    private readonly createdAt: number,
    private readonly exampleJobs: boolean,
  ) {
    this.adaptors = exampleJobs ? ADAPTOR_SEEDS.map((seed) => sha256Hex(seed)) : [];
  }

  /** Served by vLLM: the base model, the example adaptors, and trained ones once loaded. */
  isServed(name: string): boolean {
    return name === this.baseModel || this.adaptors.includes(name) || this.trained.get(name)?.loaded === true;
  }

  /** In the API's registry (`deployed` in the training routes), loaded or not. */
  isRegistered(name: string): boolean {
    return this.adaptors.includes(name) || this.trained.has(name);
  }

  registerTrained(hash: string, answers: ReadonlyMap<string, string>): void {
    if (!this.trained.has(hash)) this.trained.set(hash, { answers, loaded: false });
  }

  /** The worker loads a registered adaptor into vLLM. */
  load(hash: string): void {
    const adaptor = this.trained.get(hash);
    if (adaptor) adaptor.loaded = true;
  }

  /**
   * The queue routes' model resolution (§1.1, §6.3): omitted or null means the base model, `latest` the most
   * recent training job; anything else must be registered. With `load`, /v1/generate's find_model: naming a
   * registered adaptor makes the worker load it (training.md §5). Undefined when it is unknown.
   */
  resolve(name: string | null | undefined, options: { load?: boolean } = {}): string | undefined {
    if (name === undefined || name === null) return this.baseModel;
    if (name === 'latest') return this.adaptors[this.adaptors.length - 1];
    if (options.load && this.trained.has(name)) this.load(name);
    return this.isServed(name) || this.trained.has(name) ? name : undefined;
  }

  /**
   * How `model` answers a request whose prompt (and, for chat, last user message) are `texts`: a trained
   * adaptor with a training input among them answers that example's output, otherwise as the base model; a
   * seeded adaptor answers differently from the base model.
   */
  generationFor(model: string, texts: readonly (string | undefined)[]): { adaptor?: string; answer?: string } {
    const trained = this.trained.get(model);
    if (trained) {
      const known = texts.find((text) => text !== undefined && trained.answers.has(text));
      return known === undefined ? {} : { answer: trained.answers.get(known) };
    }
    return model === this.baseModel ? {} : { adaptor: model };
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
      // A LoRA card carries no length of its own: it is served on its parent's.
      max_model_len: parent === null ? MAX_MODEL_LEN : null,
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
      data: [card(this.baseModel, this.baseModel, null), ...[...this.adaptors, ...this.loadedTrained()].map((hash) => card(hash, `/app/cray/jobs/${hash}`, this.baseModel))],
    };
  }

  private loadedTrained(): string[] {
    return [...this.trained].filter(([, adaptor]) => adaptor.loaded).map(([hash]) => hash);
  }

  /**
   * GET /v1/megatron/list_models: the example jobs behind the example adaptors, and one older job that failed part
   * way, so never became an adaptor (vLLM does not serve it; `latest` still means the newest served one).
   */
  seededTrainingJobs(): Record<string, unknown>[] {
    if (!this.exampleJobs) return [];
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
    return [
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
    ];
  }
}
