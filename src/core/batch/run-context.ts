// What settling a group needs from its run (the API, the ledger, pacing, timing, the run's signals), declared
// apart from the settlers so the batch and chat settlers both depend on it and not on each other.

import type { ScalarLMApi } from '../api/api';
import type { LedgerBook } from '../runs/ledger-book';
import type { BatchParams, RequestId } from '../runs/ledger-schema';
import type { ExistingGroups } from './existing-groups';
import type { ListedGroups } from './listed-groups';
import type { QueuePacer } from './queue-pacer';

/** What a run keeps of a chat answer, to give it again to a later run asking the same. */
export interface ChatAnswerRecord {
  response: string;
  usage?: { p: number; c: number };
  ms?: number;
  finish?: string;
}

export interface BatchTiming {
  /** Wait between the two looks that must agree before an ambiguous group counts as absent. */
  reconcileGraceMs: number;
  /** Server clocks may differ from ours: list_requests rows this much older than a submit still match it. */
  clockSkewMs: number;
  /** First and longest pause between retries after a failure. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Consecutive failures of one group's calls before it gives up (submits: the run fails). */
  maxConsecutiveFailures: number;
  /** An answer faster than this with no progress means the server did not long-poll: pause before the next. */
  fastAnswerMs: number;
  /** Times a group found absent after an ambiguous submit is sent again before it is given up as unsent. */
  maxResubmits: number;
  /** Queue metrics sampling for pacing and ETA. */
  metricsIntervalMs: number;
}

export const DEFAULT_TIMING: BatchTiming = {
  reconcileGraceMs: 2000,
  clockSkewMs: 5 * 60_000,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  maxConsecutiveFailures: 10,
  fastAnswerMs: 500,
  maxResubmits: 3,
  metricsIntervalMs: 3000,
};

export interface RunContext {
  api: ScalarLMApi;
  book: LedgerBook;
  params: BatchParams;
  pacer: QueuePacer;
  timing: BatchTiming;
  /** Aborts on cancel, at the deadline or on a fatal failure: stops everything, submits in flight included. */
  halt: AbortSignal;
  log(message: string): void;
  fail(error: Error): void;
  /** Items of a group in flight reached ok or error (before the group's block is written). */
  itemsFinished(g: number, ok: number, error: number): void;
  existing: ExistingGroups;
  /** Batches the server lists, for groups whose id cannot be computed here and no earlier ledger remembers. */
  listed: ListedGroups;
  /** Resolves when whoever reads the results is ready for more (a report whose output is backed up waits). */
  ready?: () => Promise<void>;
  /** The server id an earlier run's batch of this content key was given (its id cannot be computed here). */
  knownGroup(key: string): string | undefined;
  /** Request ids of batch prompts earlier runs of the same experiment had answered, by batchItemKey. */
  earlierBatchItems?: ReadonlyMap<string, RequestId>;
  /** Chat answers earlier runs of the same experiment had, by request key. */
  earlierAnswers?: ReadonlyMap<string, ChatAnswerRecord>;
  /** The overall deadline of one chat completion (the queue path has none of its own, protocol §6.2). */
  chatDeadlineMs: number;
  /** Waits before retrying after `failures` failures in a row; false when the run stopped meanwhile. */
  pause(failures: number): Promise<boolean>;
}
