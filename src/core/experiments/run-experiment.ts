// Running an experiment: its cells rendered and checked (nothing is sent while any fails to render), then
// sent through the batch runner as one ledgered, resumable run, the batch columns as queue groups and the
// chat columns as queue-backed completions; stored like any run, with its tests beside the ledger. The CLI
// (`scalarlm-lab eval`) and the editor both start and resume experiments here.

import { randomUUID } from 'node:crypto';
import type { ScalarLMApi } from '../api/api';
import type { FileAccess } from '../files/file-access';
import { deploymentDefaultModel } from '../batch/deployment-model';
import { runBatch, type BatchRunOptions, type BatchSummary } from '../batch/runner';
import type { ExperimentHeader } from '../runs/ledger-schema';
import { BATCH_LIMITS } from '../batch/limits';
import { knownGroups } from '../runs/known-groups';
import { readRunHeader } from '../runs/ledger-book';
import type { RunStore } from '../runs/run-store';
import { earlierAnswers, earlierBatchItems } from './earlier-answers';
import { checkCells, experimentCells, experimentColumns, type ExperimentColumn, type LongestCell } from './experiment-cells';
import { experimentFromConfig, experimentFromPrompty, type ExperimentSpec, type SpecOptions } from './experiment-spec';
import { testsFileOf, writeTestsFile } from './experiment-tests-file';
import type { Trust } from '../judge';

/** Batch groups of an experiment: at most this many cells (content decides where they end before that). */
const MAX_GROUP = 64;
const DEFAULT_CONCURRENCY = 4;

/** Whether workspace code may run here: templates render Jinja2 and assertions run javascript only when trusted. */
export type { Trust };

export interface PlannedExperiment {
  spec: ExperimentSpec;
  columns: ExperimentColumn[];
  cells: number;
  warnings: string[];
  header: ExperimentHeader;
  trust: Trust;
  /** A rerun of some cells only (cellKey names them). */
  only?: ReadonlySet<string>;
  /** The longest prompt a cell renders, and the test it is rendered for. */
  longest?: LongestCell;
}

/** Reads the experiment's files, names every column's model and renders every cell once (sending nothing). */
export async function planExperiment(
  api: ScalarLMApi,
  spec: ExperimentSpec,
  origin: ExperimentHeader['origin'],
  options: { trust: Trust; maxTokens: number; signal?: AbortSignal; only?: ReadonlySet<string> },
): Promise<PlannedExperiment> {
  const needsDefault = spec.providers.some((provider) => provider.model === undefined);
  const defaultModel = needsDefault ? await deploymentDefaultModel(api, options.signal) : undefined;
  const { columns, warnings } = experimentColumns(spec, { ...(defaultModel ? { defaultModel } : {}), maxTokens: options.maxTokens });
  const longest: { cell?: LongestCell } = {};
  const cells = await checkCells(spec, columns, options.trust, undefined, longest);
  const tests = spec.repeat > 0 && columns.length > 0 ? cells / (spec.repeat * columns.length) : 0;
  return {
    spec,
    columns,
    cells: options.only?.size ?? cells,
    warnings: [...spec.warnings, ...warnings],
    trust: options.trust,
    ...(options.only ? { only: options.only } : {}),
    ...(longest.cell ? { longest: longest.cell } : {}),
    header: {
      origin,
      columns: columns.map((c) => ({ promptKey: c.prompt.key, promptLabel: c.prompt.label, providerKey: c.providerKey, providerLabel: c.providerLabel, ...(c.model ? { model: c.model } : {}), transport: c.transport, maxTokens: c.params.max_tokens })),
      tests,
      repeat: spec.repeat,
      fingerprint: await spec.fingerprint(),
      ...(options.only ? { only: [...options.only] } : {}),
    },
  };
}

/** What the caller follows a run with, and how it stops it (the batch runner's options of the same names). */
export type ExperimentRunHooks = Pick<BatchRunOptions, 'signal' | 'detach' | 'deadline' | 'onStart' | 'onProgress' | 'onLedger' | 'onLog' | 'ready' | 'timing' | 'pauseAboveQueueDepth' | 'parentRunId'>;

export async function runExperiment(api: ScalarLMApi, store: RunStore, planned: PlannedExperiment, hooks: ExperimentRunHooks & { runId?: string; parentRunId?: string } = {}): Promise<BatchSummary> {
  const runId = hooks.runId ?? randomUUID();
  const ledgerPath = store.ledgerPath(runId);
  await writeTestsFile(testsFileOf(ledgerPath), planned.spec.testBatches());
  return runBatch({
    ...hooks,
    api,
    runId,
    ledgerPath,
    params: { max_tokens: planned.columns[0]?.params.max_tokens ?? BATCH_LIMITS.maxTokens.min },
    input: experimentCells(planned.spec, planned.columns, { trust: planned.trust, maxGroup: MAX_GROUP, ...(planned.only ? { only: planned.only } : {}) }),
    totalHint: planned.cells,
    groupSize: MAX_GROUP,
    maxInFlight: planned.spec.maxConcurrency ?? DEFAULT_CONCURRENCY,
    source: planned.spec.source,
    title: planned.spec.title,
    warnings: planned.warnings,
    experiment: planned.header,
    knownGroups: knownGroups(store, planned.spec.source, runId),
    planUnsent: true,
    // Some cells only (--filter-failing, a rerun of some tests): groups of their own, answered before.
    ...(planned.spec.filtered || planned.only ? { earlierBatchItems: earlierBatchItems(store, planned.spec.source, runId) } : {}),
    ...(planned.columns.some((c) => c.transport === 'chat') ? { earlierAnswers: earlierAnswers(store, planned.spec.source, runId) } : {}),
  });
}

/** The spec of an experiment as its origin says: a config, or a .prompty with its sample or a dataset. */
export function specOf(origin: ExperimentHeader['origin'], options: SpecOptions): Promise<ExperimentSpec> {
  return origin.kind === 'config' ? experimentFromConfig(origin.path, { ...options, ...(origin.addedProviders ? { addedProviders: origin.addedProviders } : {}) }) : experimentFromPrompty(origin.path, { access: options.access, ...(origin.dataset ? { dataset: origin.dataset } : {}), ...(origin.model ? { model: origin.model } : {}) });
}

/**
 * Takes a stored experiment run up again (after a crash or a window reload): its cells are rendered again from
 * the same files, which must not have changed since (their fingerprint says), read under `access` as a new run's.
 */
export async function resumeExperiment(api: ScalarLMApi, store: RunStore, runId: string, hooks: ExperimentRunHooks & { trust: Trust; access: FileAccess }): Promise<BatchSummary> {
  const ledgerPath = store.ledgerPath(runId);
  const header = readRunHeader(ledgerPath);
  const experiment = header.experiment;
  if (!experiment) throw new Error(`Run ${runId} is not an experiment's run.`);
  const spec = await specOf(experiment.origin, { access: hooks.access, repeat: experiment.repeat });
  if ((await spec.fingerprint()) !== experiment.fingerprint) {
    throw new Error(`The files of this experiment changed since the run began (${spec.file}): its remaining cells cannot be rendered as they were. Run the experiment again; what the server already holds is fetched, not sent.`);
  }
  const { columns } = experimentColumns(spec, { maxTokens: experiment.columns[0]?.maxTokens ?? BATCH_LIMITS.maxTokens.min });
  // The models the run named when it began (the deployment's default then).
  columns.forEach((column, i) => {
    const model = experiment.columns[i]?.model;
    // The model first, as a fresh run builds the params: a chat cell's key (its request) is then the same,
    // so the next run takes this one's answers.
    if (model) Object.assign(column, { model, params: { model, ...column.params } });
  });
  return runBatch({
    ...hooks,
    api,
    ledgerPath,
    resume: true,
    input: experimentCells(spec, columns, { trust: hooks.trust, maxGroup: MAX_GROUP, ...(experiment.only ? { only: new Set(experiment.only) } : {}) }),
    maxInFlight: spec.maxConcurrency ?? DEFAULT_CONCURRENCY,
    knownGroups: knownGroups(store, spec.source, runId),
    planUnsent: true,
    ...(columns.some((c) => c.transport === 'chat') ? { earlierAnswers: earlierAnswers(store, spec.source, runId) } : {}),
  });
}
