// What the simulated vLLM serves: the base model, and adaptors named by their 64-hex training job hashes with
// the base model as parent (protocol §7) and no max_model_len of their own (vLLM's LoRA cards, training.md §5).
// A fresh simulator has none, as a real deployment (§11.9); with example jobs it starts with three, trained
// before it started, the first sha256("test"), the adaptor of the group id vectors. Adaptors trained in this
// simulator join them: registered in the API's registry first (`deployed`), then delivered to the worker by count
// and loaded into vLLM (training.md §5); they answer a prompt equal to a training input with its output, anything
// else as the base model does.

import { sha256Hex } from '../wire/ids';

export const MAX_MODEL_LEN = 8192;

const ADAPTOR_SEEDS = ['test', 'sim-adaptor-2', 'sim-adaptor-3'];
const FAILED_JOB_SEED = 'sim-failed-job';

export class ModelCatalog {
  /** The example jobs' adaptors, served from the start. */
  readonly adaptors: readonly string[];
  /** Training input -> output, per trained adaptor. */
  private readonly answers = new Map<string, ReadonlyMap<string, string>>();
  /** The API's in-memory registry (VLLMModelManager): hash -> the job's start_time, its sort key. */
  private readonly registry = new Map<string, number>();
  /** Loaded into vLLM: listed in /v1/models, usable by the proxied routes. Nothing unloads an adaptor. */
  private readonly loaded = new Set<string>();
  /** The worker's loaded_adaptor_count: it counts only the loads that succeeded. */
  private loadedCount: number;

  constructor(
    readonly baseModel: string,
    /** Epoch seconds the models were "loaded", for `created`. */
    private readonly createdAt: number,
    private readonly exampleJobs: boolean,
  ) {
    this.adaptors = exampleJobs ? ADAPTOR_SEEDS.map((seed) => sha256Hex(seed)) : [];
    // The example adaptors were registered and loaded before anything was trained here, oldest first.
    this.adaptors.forEach((hash, i) => {
      this.registry.set(hash, this.seededStartTime(i));
      this.loaded.add(hash);
    });
    this.loadedCount = this.adaptors.length;
  }

  /** Served by vLLM: the base model, and adaptors once loaded (a deleted job's too). */
  isServed(name: string): boolean {
    return name === this.baseModel || this.loaded.has(name);
  }

  /** In the API's registry (`deployed` in the training routes), loaded or not. */
  isRegistered(name: string): boolean {
    return this.registry.has(name);
  }

  /** register_megatron_models or find_model: into the registry, keyed by the job's start_time. */
  register(hash: string, startTime: number, answers: ReadonlyMap<string, string>): void {
    if (this.registry.has(hash)) return;
    this.registry.set(hash, startTime);
    this.answers.set(hash, answers);
  }

  /** delete: out of the registry, not out of vLLM; the worker's count is not told (training.md §4). */
  unregister(hash: string): void {
    this.registry.delete(hash);
  }

  /** The registry in its SortedDict order: by start_time. */
  registeredInOrder(): string[] {
    return [...this.registry].sort((a, b) => a[1] - b[1]).map(([hash]) => hash);
  }

  /**
   * The worker's get_work: `new_adaptors = registered[loaded_adaptor_count:]`, each loaded into vLLM and counted
   * when the load succeeds (get_adaptors.py:19, training.md §5). An adaptor registered with an earlier start_time
   * than one already loaded shifts that one into the slice, where vLLM refuses it as already loaded, so the count
   * never moves past it and the earlier one is never loaded; after a delete the next new one falls outside.
   */
  deliver(): void {
    for (const hash of this.registeredInOrder().slice(this.loadedCount)) {
      if (this.loaded.has(hash)) continue;
      this.loaded.add(hash);
      this.loadedCount++;
    }
  }

  /**
   * The queue routes' model resolution (§1.1, §6.3): omitted or null means the base model, `latest` the most
   * recent training job; anything else must be in the registry (see findModel for a job not registered yet).
   * Undefined when it is unknown.
   */
  resolve(name: string | null | undefined): string | undefined {
    if (name === undefined || name === null) return this.baseModel;
    if (name === 'latest') return this.adaptors[this.adaptors.length - 1];
    return name === this.baseModel || this.registry.has(name) ? name : undefined;
  }

  /**
   * How `model` answers a request whose prompt (and, for chat, last user message) are `texts`: a trained
   * adaptor with a training input among them answers that example's output, otherwise as the base model; a
   * seeded adaptor answers differently from the base model.
   */
  generationFor(model: string, texts: readonly (string | undefined)[]): { adaptor?: string; answer?: string } {
    const answers = this.answers.get(model);
    if (answers) {
      const known = texts.find((text) => text !== undefined && answers.has(text));
      return known === undefined ? {} : { answer: answers.get(known) };
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
      data: [card(this.baseModel, this.baseModel, null), ...[...this.loaded].map((hash) => card(hash, `/app/cray/jobs/${hash}`, this.baseModel))],
    };
  }

  private seededStartTime(index: number): number {
    return this.createdAt - 3600 * (this.adaptors.length - index);
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
        start_time: this.seededStartTime(i),
        step: 100,
        max_steps: 100,
        train_time: 1800.0,
        loss: 0.42 + i / 100,
      })),
    ];
  }
}
