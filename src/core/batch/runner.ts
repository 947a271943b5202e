// The batch runner: prompts in, every prompt accounted for in the ledger out. Groups go to the server with
// up to `maxInFlight` in flight, held back while the deployment's queue is too deep; each is long-polled
// until done. A run can be cancelled, can stop at a deadline, and can be resumed from its ledger after the
// process died, without losing or resubmitting anything.

import { randomUUID } from 'node:crypto';
import type { ScalarLMApi } from '../api/api';
import { ScalarLMError, TimeoutError, UnreachableError } from '../api/errors';
import { BATCH_DEFAULTS, BATCH_LIMITS, CHAT_DEFAULTS } from './limits';
import { LedgerBook, type LedgerListener } from '../runs/ledger-book';
import { addCounts, contribution, countsOf, needsPrompts, needsWork, type GroupRecord, type LedgerState } from '../runs/ledger-state';
import { deploymentDefaultModel } from './deployment-model';
import { ExistingGroups } from './existing-groups';
import { ListedGroups } from './listed-groups';
import { allPlanned, GroupPlanner } from './group-planner';
import { fingerprintInput, InputChangedError, inputMismatch, type LedgerInput } from '../runs/ledger-input';
import { readPromptFile } from '../prompts/sources';
import { type PromptFormat } from '../prompts/types';
import type { ChatAnswerRecord } from './run-context';
import { pauseAfter, reconcileCutOff, settleGroup } from './group-settler';
import { DEFAULT_TIMING, type BatchTiming, type RunContext } from './run-context';
import { QueuePacer } from './queue-pacer';
import { LEDGER_VERSION, type BatchParams, type ExperimentHeader, type RequestId, type RunEndReason, type StatusCounts } from '../runs/ledger-schema';
import { type BatchInput } from './types';

/** How long a cancelled run may spend asking the server about groups whose submit the cancel cut off. */
const CUT_OFF_LOOKUP_MS = 15_000;
/** The same look after a deadline, which the run must not outlive by much: a group not confirmed by then stays unknown. */
const DEADLINE_LOOKUP_MS = 1000;

export interface BatchRunOptions {
  api: ScalarLMApi;
  ledgerPath: string;
  /** Continue the run recorded in the ledger instead of starting a new one. */
  resume?: boolean;
  /**
   * Resuming: groups marked unknown that the user chose to send again, accepting that they may run twice
   * (the server may have them already; the API has no idempotency key).
   */
  resubmitUnknown?: number[];
  /** A new run's parameters; a resumed run takes them from its ledger. */
  params?: BatchParams;
  /**
   * The prompts. A resumed run needs them too unless its ledger says the whole input was read, or records the
   * input file (the run then reads it itself, after checking it is unchanged).
   */
  input?: AsyncIterable<BatchInput>;
  /**
   * The file `input` reads, for a new run: recorded in the ledger by size and hash, so that the ledger leaves
   * the prompts out (a resume and a panel read them from the file again).
   */
  inputFile?: { path: string; format: PromptFormat };
  /** Resuming a run that records its input file: an unchanged copy of it somewhere else. */
  inputPath?: string;
  /** Where the prompts came from (a file path or document URI), recorded in the ledger. */
  source?: string;
  /** A short name for the run, recorded in the ledger. */
  title?: string;
  /** The run whose failed items this one retries. */
  parentRunId?: string;
  /** What planning noticed that the user should know, recorded in the ledger (panels show it). */
  warnings?: string[];
  /** An experiment's matrix, recorded in the ledger header. */
  experiment?: ExperimentHeader;
  /** The experiment run this run grades. */
  gradingOf?: string;
  /** A new run's id (default: a random UUID); callers that name ledgers after runs choose it. */
  runId?: string;
  /**
   * Write every group to the ledger before the first submit, so the ledger alone holds every prompt (the
   * extension's runs: a window reload may come at any time). For inputs that fit in memory.
   */
  planAll?: boolean;
  groupSize?: number;
  maxInFlight?: number;
  pauseAboveQueueDepth?: number;
  /**
   * The run's time is up when this aborts: every request in flight stops, a blocking submit too; the groups whose
   * submit it cut off are looked up briefly, so those the server took are pending with their ids.
   */
  deadline?: AbortSignal;
  /** Cancels the run: it ends as `cancelled`, prompts never sent listed as unsent. */
  signal?: AbortSignal;
  /**
   * Stops the run the way a crash would, without ending it in the ledger, so that the next session takes it
   * up again (a window closing or reloading).
   */
  detach?: AbortSignal;
  /** The number of prompts, when known in advance, for progress and ETA. */
  totalHint?: number;
  timing?: Partial<BatchTiming>;
  /** The ledger is open (the deployment answered): from now on the run can be resumed from it. */
  onStart?: (run: { runId: string; ledgerPath: string }) => void;
  onProgress?: (progress: BatchProgress) => void;
  /** Every line appended to the ledger, as it is written: feed a RunProjection to follow the run live. */
  onLedger?: LedgerListener;
  /** Resolves when the caller is ready for more results: no new group is sent while it waits (output backpressure). */
  ready?: () => Promise<void>;
  /**
   * Server ids of batches earlier runs sent whose ids cannot be computed here ({messages}), by content key; or
   * how to find them, asked only when a group needs them (reading earlier runs costs, and most runs never do).
   */
  knownGroups?: ReadonlyMap<string, string> | (() => ReadonlyMap<string, string>);
  /**
   * After an early stop, plan the prompts never reached as groups never sent (not only count them), so each
   * keeps what the input said of it (an experiment's cell): a report then has a record for every one.
   */
  planUnsent?: boolean;
  /** Request ids of batch prompts earlier runs of the same experiment had answered (earlier-items.ts). */
  earlierBatchItems?: ReadonlyMap<string, RequestId>;
  /** Chat answers earlier runs of the same experiment had, by request key: taken instead of asked again. */
  earlierAnswers?: ReadonlyMap<string, ChatAnswerRecord>;
  /** The deadline of one chat completion of the run (default CHAT_DEFAULTS.timeoutSeconds). */
  chatDeadlineMs?: number;
  onLog?: (message: string) => void;
}

export interface BatchProgress {
  /** `unsent` counts prompts not submitted yet. */
  counts: StatusCounts;
  total?: number;
  groupsInFlight: number;
  elapsedMs: number;
  etaSeconds?: number;
  queueDepth?: number;
  requestsPerSecond?: number;
  tokensPerSecond?: number;
  /** Since when (epoch ms) the deployment does not answer; the run retries on its own. No metrics meanwhile. */
  unreachableSince?: number;
}

export interface BatchSummary {
  runId: string;
  ledgerPath: string;
  /** `detached`: stopped by `detach`; the ledger has no end, and resuming carries on. */
  reason: RunEndReason | 'detached';
  counts: StatusCounts;
  total: number;
  /** Set when the run failed as a whole (unreachable deployment, unknown model, ...). */
  error?: Error;
  /** The ledger's final state. */
  state: LedgerState;
}

export async function runBatch(options: BatchRunOptions): Promise<BatchSummary> {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const pacer = new QueuePacer(options.api, { pauseAboveQueueDepth: options.pauseAboveQueueDepth, intervalMs: timing.metricsIntervalMs, onLog: options.onLog });
  // The first look at the queue goes out beside what the run needs before its ledger opens (one round trip, not
  // one after another), and its answer paces the first submit; the ledger opens and the first group is planned meanwhile.
  const setup = options.deadline ? AbortSignal.any([options.deadline, ...(options.signal ? [options.signal] : [])]) : options.signal;
  const firstLook = pacer.sample(setup, { first: true }).catch(() => undefined);
  let params: (BatchParams & { defaultModel?: true }) | undefined;
  let inputFile: LedgerInput | undefined;
  try {
    [, params, inputFile] = await Promise.all([
      checkReachable(options.api, setup),
      options.resume ? undefined : modelNamed(options, setup),
      options.resume || !options.inputFile ? undefined : fingerprintInput(options.inputFile.path, options.inputFile.format),
    ]);
  } catch (error) {
    await firstLook;
    throw error;
  }
  if (params && !params.model) options.onLog?.("The deployment's model list could not be read: the server picks its default model, and group ids cannot be computed here.");
  // Parameters are settled for a new run only.
  const book = params ? LedgerBook.create(options.ledgerPath, newHeader(options, params, inputFile), options.onLedger) : LedgerBook.open(options.ledgerPath, options.onLedger);
  if (book.tookOverFrom !== undefined) options.onLog?.(`The run's lock was left by process ${book.tookOverFrom}, which is gone (killed, or its output pipe closed): taken over.`);
  try {
    const input = options.resume ? await resumedInput(book, options) : options.input;
    if (options.resume) book.append([{ t: 'resume', at: Date.now() }]);
    requestResubmits(book, options.resubmitUnknown ?? []);
    options.onStart?.({ runId: book.header.runId, ledgerPath: book.path });
    return await new BatchRun(book, { ...options, input }, timing, pacer, firstLook).run();
  } finally {
    book.close();
    await firstLook;
  }
}

/**
 * A resumed run's prompts. A ledger that leaves them to the input file is read from that file (or the copy
 * given), only when some are still needed, and only when the file is unchanged since the run began.
 */
async function resumedInput(book: LedgerBook, options: BatchRunOptions): Promise<AsyncIterable<BatchInput> | undefined> {
  const recorded = book.header.input;
  if (!recorded) return options.input;
  const needed = !allPlanned(book) || book.state.groups.some(needsPrompts);
  if (!needed) return undefined;
  const path = options.inputPath ?? recorded.path;
  const mismatch = await inputMismatch(recorded, path);
  if (mismatch) {
    throw new InputChangedError(`${mismatch} This run's ledger leaves its prompts to that file, so it cannot go on from another: restore the file (or resume from an unchanged copy of it), or start a new run.`);
  }
  return readPromptFile(path, { format: recorded.format, displayName: path });
}

function requestResubmits(book: LedgerBook, groups: number[]): void {
  for (const g of groups) {
    const group = book.state.groups[g];
    if (!group || group.unknownNote === undefined) throw new Error(`Group ${g} of this run is not unknown: there is nothing to resubmit.`);
    book.append([{ t: 'resubmit', g, at: Date.now() }]);
  }
}

/**
 * A new run's parameters with the model named: the deployment's default when none was given, so that
 * every group id can be computed (and looked up before it is sent).
 */
async function modelNamed(options: BatchRunOptions, signal: AbortSignal | undefined): Promise<BatchParams & { defaultModel?: true }> {
  if (!options.params) throw new Error('A new batch run needs its parameters (model, max_tokens, ...).');
  if (options.params.model) return options.params;
  const model = await deploymentDefaultModel(options.api, signal);
  return model === undefined ? options.params : { ...options.params, model, defaultModel: true };
}

function newHeader(options: BatchRunOptions, params: BatchParams & { defaultModel?: true }, input: LedgerInput | undefined) {
  const groupSize = options.groupSize ?? BATCH_DEFAULTS.groupSize;
  const { min, max } = BATCH_LIMITS.groupSize;
  if (!Number.isInteger(groupSize) || groupSize < min || groupSize > max) {
    throw new RangeError(`The group size must be a whole number from ${min} to ${max}; got ${groupSize}.`);
  }
  const { defaultModel, ...sent } = params;
  return {
    t: 'run' as const,
    v: LEDGER_VERSION,
    runId: options.runId ?? randomUUID(),
    createdAt: new Date().toISOString(),
    baseUrl: options.api.baseUrl,
    params: sent,
    ...(defaultModel ? { defaultModel } : {}),
    groupSize,
    ...(options.source ? { source: options.source } : {}),
    ...(input ? { input } : {}),
    ...(options.title ? { title: options.title } : {}),
    ...(options.parentRunId ? { parentRunId: options.parentRunId } : {}),
    ...(options.warnings?.length ? { warnings: options.warnings } : {}),
    ...(options.experiment ? { experiment: options.experiment } : {}),
    ...(options.gradingOf ? { gradingOf: options.gradingOf } : {}),
  };
}

/** A deployment that cannot be reached at all fails the run before anything is written or sent. */
async function checkReachable(api: ScalarLMApi, signal?: AbortSignal): Promise<void> {
  try {
    await api.keepalive({ signal });
  } catch (error) {
    if (error instanceof UnreachableError || (error instanceof TimeoutError && error.phase === 'connect')) throw error;
    // Anything else (a gateway without the route, a slow health check) is left to the real calls.
    if (!(error instanceof ScalarLMError)) throw error;
  }
}

class BatchRun {
  private readonly started = Date.now();
  private readonly halt = new AbortController();
  private readonly planner: GroupPlanner;
  private readonly existing: ExistingGroups;
  private readonly listed: ListedGroups;
  /** Groups being worked on, with their items finished so far (not yet in the ledger's counts). */
  private readonly inFlight = new Map<number, { group: GroupRecord; ok: number; error: number }>();
  private fatal: Error | undefined;
  private inputFailed = false;
  private detached = false;
  private deadlinePassed = false;
  private known: ReadonlyMap<string, string> | undefined;

  constructor(
    private readonly book: LedgerBook,
    private readonly options: BatchRunOptions,
    private readonly timing: BatchTiming,
    private readonly pacer: QueuePacer,
    /** The queue's first sample, taken while the run was being set up. */
    private readonly firstLook: Promise<unknown>,
  ) {
    this.planner = new GroupPlanner(book, options.input, book.header.groupSize, book.header.params);
    this.existing = new ExistingGroups(options.api);
    this.listed = new ListedGroups(options.api);
  }

  async run(): Promise<BatchSummary> {
    const onCancel = () => this.halt.abort(new Error('cancelled'));
    this.options.signal?.addEventListener('abort', onCancel, { once: true });
    if (this.options.signal?.aborted) onCancel();
    const onDetach = () => {
      this.detached = true;
      this.halt.abort(new Error('detached'));
    };
    this.options.detach?.addEventListener('abort', onDetach, { once: true });
    const onDeadline = () => this.passDeadline();
    this.options.deadline?.addEventListener('abort', onDeadline, { once: true });
    if (this.options.deadline?.aborted) onDeadline();
    const metrics = setInterval(() => {
      this.pacer.sample(this.halt.signal).then(() => this.emitProgress(), () => undefined);
    }, this.timing.metricsIntervalMs);
    try {
      // Groups an earlier session left unfinished; those planned from now on come from the planner.
      const resumable = this.book.state.groups.filter(needsWork);
      await this.planner.restorePrompts(resumable.filter(needsPrompts));
      if (this.options.planAll) await this.planner.planAll();
      const workers = Array.from({ length: this.options.maxInFlight ?? BATCH_DEFAULTS.maxInFlight }, () => this.work(resumable));
      await Promise.all(workers);
      if (this.cutOffByUs()) await this.lookUpCutOffSubmits(this.deadlinePassed ? DEADLINE_LOOKUP_MS : CUT_OFF_LOOKUP_MS);
      // Prompts never reached are read to the end so the report can list them as unsent.
      if (!this.inputFailed && !this.detached) await this.planner.drain(this.options.planUnsent === true);
    } finally {
      clearInterval(metrics);
      this.options.signal?.removeEventListener('abort', onCancel);
      this.options.deadline?.removeEventListener('abort', onDeadline);
      this.options.detach?.removeEventListener('abort', onDetach);
    }
    const reason = this.detached ? 'detached' : this.endReason();
    const counts = countsOf(this.book.state);
    if (reason !== 'detached') this.book.append([{ t: 'end', at: Date.now(), reason, counts }]);
    this.emitProgress();
    return {
      runId: this.book.header.runId,
      ledgerPath: this.book.path,
      reason,
      counts,
      total: Object.values(counts).reduce((a, b) => a + b, 0),
      ...(this.fatal ? { error: this.fatal } : {}),
      state: this.book.state,
    };
  }

  private async work(resumable: GroupRecord[]): Promise<void> {
    for (;;) {
      if (this.halt.signal.aborted) return;
      let group: GroupRecord | undefined;
      try {
        group = resumable.shift() ?? (await this.planner.next());
      } catch (error) {
        this.inputFailed = true;
        this.fail(error as Error);
        return;
      }
      if (!group) return;
      // The queue's first look went out while the input was read and this group planned: its answer paces the first submits.
      await this.firstLook;
      this.inFlight.set(group.g, { group, ok: 0, error: 0 });
      this.emitProgress();
      try {
        await settleGroup(this.context(), group);
      } catch (error) {
        this.fail(error as Error);
      } finally {
        this.inFlight.delete(group.g);
        this.emitProgress();
      }
    }
  }

  /** The run stopped its own submits (a cancel, the deadline, or a refusal that ends the run), with the server still there to ask. */
  private cutOffByUs(): boolean {
    if (this.detached) return false;
    return this.options.signal?.aborted === true || this.deadlinePassed || (this.fatal !== undefined && !(this.fatal instanceof UnreachableError));
  }

  /**
   * A cancel, the deadline (or a fatal refusal) cuts off the submits it meets: whether the server got each one is asked now
   * (with every id computable that settles it), so what the server holds is pending with its ids and what it does not
   * is unsent, both resumable, instead of unknown.
   */
  private async lookUpCutOffSubmits(withinMs: number): Promise<void> {
    const cutOff = this.book.state.groups.filter((g) => g.submitAttempts > 0 && !g.submitted && !g.block && !g.confirmedAbsent && g.unknownNote === undefined);
    if (cutOff.length === 0) return;
    const signal = AbortSignal.timeout(withinMs);
    // Quietly: each look's note speaks of polling or resubmitting, which a stopped run does not do; the summary
    // says what the server holds (pending) and what it does not (unsent).
    const context = { ...this.context(), halt: signal, log: () => undefined };
    await Promise.all(cutOff.map((group) => reconcileCutOff(context, group)));
  }

  private context(): RunContext {
    return {
      api: this.options.api,
      book: this.book,
      params: this.book.header.params,
      pacer: this.pacer,
      timing: this.timing,
      existing: this.existing,
      listed: this.listed,
      ...(this.options.ready ? { ready: this.options.ready } : {}),
      ...(this.options.earlierAnswers ? { earlierAnswers: this.options.earlierAnswers } : {}),
      ...(this.options.earlierBatchItems ? { earlierBatchItems: this.options.earlierBatchItems } : {}),
      knownGroup: (key) => this.knownGroups().get(key),
      chatDeadlineMs: this.options.chatDeadlineMs ?? CHAT_DEFAULTS.timeoutSeconds * 1000,
      pause: (failures) => pauseAfter(this.timing, failures, this.halt.signal),
      halt: this.halt.signal,
      log: (message) => this.options.onLog?.(message),
      fail: (error) => this.fail(error),
      itemsFinished: (g, ok, error) => {
        const live = this.inFlight.get(g);
        if (live) Object.assign(live, { ok: live.ok + ok, error: live.error + error });
        this.emitProgress();
      },
    };
  }

  private knownGroups(): ReadonlyMap<string, string> {
    const known = this.options.knownGroups;
    this.known ??= typeof known === 'function' ? known() : (known ?? new Map<string, string>());
    return this.known;
  }

  private fail(error: Error): void {
    this.fatal ??= error;
    this.halt.abort(error);
  }

  private passDeadline(): void {
    if (this.halt.signal.aborted) return;
    this.deadlinePassed = true;
    this.halt.abort(new Error('deadline'));
  }

  /** A deadline that passed while the last answers were being written stopped nothing: the run is complete. */
  private endReason(): RunEndReason {
    if (this.fatal) return 'failed';
    if (this.options.signal?.aborted) return 'cancelled';
    const { pending, unknown, unsent } = countsOf(this.book.state);
    return this.deadlinePassed && pending + unknown + unsent > 0 ? 'deadline' : 'complete';
  }

  private emitProgress(): void {
    if (!this.options.onProgress) return;
    const counts = countsOf(this.book.state);
    for (const { group, ok, error } of this.inFlight.values()) {
      addCounts(counts, contribution(group), -1);
      counts.pending += group.count - ok - error;
      counts.ok += ok;
      counts.error += error;
    }
    const total = this.book.state.inputTotal ?? this.options.totalHint;
    if (total !== undefined && this.book.state.inputTotal === undefined) counts.unsent += Math.max(0, total - this.book.state.planned);
    const metrics = this.pacer.metrics;
    const elapsedMs = Date.now() - this.started;
    this.options.onProgress({
      counts,
      ...(total !== undefined ? { total } : {}),
      groupsInFlight: this.inFlight.size,
      elapsedMs,
      etaSeconds: eta(counts, elapsedMs, metrics?.requestsPerSecond),
      queueDepth: metrics?.queueDepth,
      requestsPerSecond: metrics?.requestsPerSecond,
      tokensPerSecond: metrics?.tokensPerSecond,
      ...(this.pacer.unreachableSince !== undefined ? { unreachableSince: this.pacer.unreachableSince, etaSeconds: undefined } : {}),
    });
  }
}

/** Seconds left at the deployment's request rate, or at this run's own rate when the deployment gives none. */
function eta(counts: StatusCounts, elapsedMs: number, deploymentRate: number | undefined): number | undefined {
  const remaining = counts.pending + counts.unsent;
  if (remaining === 0) return 0;
  const ownRate = (counts.ok + counts.error) / (elapsedMs / 1000);
  const rate = deploymentRate && deploymentRate > 0 ? deploymentRate : ownRate;
  return rate > 0 ? Math.round(remaining / rate) : undefined;
}
