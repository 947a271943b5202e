// Everything one running simulator owns, built from its options and shared by the routes.

import { ChatCoalescer } from './engine/chat-coalescer';
import { Deployment } from './engine/deployment';
import { WorkQueue } from './engine/work-queue';
import { FaultBook } from './faults/fault-book';
import { TornReads } from './faults/torn-reads';
import { Metrics } from './metrics/metrics';
import { MAX_MODEL_LEN, ModelCatalog } from './model/catalog';
import type { SimOptions, SimStats } from './options';
import { DiskFileStore, MemoryFileStore } from './state/file-store';
import { RequestFiles } from './state/request-files';
import { loadSubmissionCounts, saveSubmissionCounts } from './state/submission-counts';
import { LogBuffer } from './util/log-buffer';
import { Timers } from './util/timers';
import { ChunkedUploads } from './training/chunked-uploads';
import { TrainingJobs } from './training/training-jobs';
import { computeGroupId } from './wire/ids';

export interface SimRuntime {
  readonly options: SimOptions;
  readonly legacy: boolean;
  readonly timers: Timers;
  readonly faults: FaultBook;
  readonly metrics: Metrics;
  readonly catalog: ModelCatalog;
  readonly deployment: Deployment;
  readonly chatCoalescer: ChatCoalescer;
  readonly stats: SimStats;
  /** Writes the submission counters beside the state, after each submit. */
  saveStats(): void;
  readonly requestLog: LogBuffer;
  readonly training: TrainingJobs;
  readonly uploads: ChunkedUploads;
  /** Which job detail reads meet status.json mid-rewrite. */
  readonly tornReads: TornReads;
  /** Epoch seconds. */
  readonly startedAt: number;
}

export const CHAT_ROUTE = '/v1/chat/completions';

export function createRuntime(options: SimOptions): SimRuntime {
  const startedAt = Date.now() / 1000;
  const legacy = options.profile === 'legacy';
  const timers = new Timers();
  const faults = new FaultBook(options.faults);
  const metrics = new Metrics();
  const catalog = new ModelCatalog(options.model, Math.floor(startedAt), options.exampleJobs);
  const store = options.stateDir ? new DiskFileStore(options.stateDir) : new MemoryFileStore();
  const stats: SimStats = { requests: {}, ...loadSubmissionCounts(store), idleSocketTimeouts: 0, trainingJobs: 0 };
  const deployment = new Deployment(new RequestFiles(store), new WorkQueue(options.stateDir ? store : undefined), metrics, timers, faults, stats, {
    idStyle: legacy ? options.legacyIds : 'padded',
    slots: options.slots,
    seed: options.seed,
    tokensPerSecond: options.tokensPerSecond,
    zeroLatency: options.zeroLatency,
    legacy,
    baseModel: options.model,
    maxModelLen: MAX_MODEL_LEN,
    isServedModel: (name) => catalog.isServed(name),
    generationFor: (model, texts) => catalog.generationFor(model, texts),
    deliverAdaptors: () => catalog.deliver(),
  });
  const chatCoalescer = new ChatCoalescer(timers, () => metrics.inMemoryDepth, (items) => {
    metrics.recordChatBatch(items.length);
    deployment.enqueue(computeGroupId(items), items, CHAT_ROUTE);
  });
  deployment.restore();
  const training = new TrainingJobs(
    { baseModel: options.model, stepMs: options.trainingStepMs, refreshPeriodMs: options.megatronRefreshPeriodMs, gpus: options.trainingGpus },
    catalog,
    timers,
    stats,
    options.stateDir ? store : undefined,
  );
  training.restore();
  training.startPeriodicTask();
  // The worker's idle get_work returns after its long-poll with any adaptors registered meanwhile.
  timers.every(options.adaptorLoadDelayMs, () => catalog.deliver());
  const uploads = new ChunkedUploads(options.uploadChunkSizeLimit);
  // Kept for a restart, which only a state folder survives: in memory the counters would be written (all of them,
  // at each submission: a 100,000-cell run's 5,000 groups cost the simulator 9 s of CPU) for nobody to read.
  const saveStats = options.stateDir ? () => saveSubmissionCounts(store, stats) : () => undefined;
  const tornReads = new TornReads(options.trainStatusTornRate, options.seed);
  return { options, legacy, timers, faults, metrics, catalog, deployment, chatCoalescer, stats, saveStats, requestLog: new LogBuffer(), startedAt, training, uploads, tornReads };
}
