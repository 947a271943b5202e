// The batch runner's vocabulary: what goes in, what every prompt ends as, what the ledger records.

import type { PromptEntry } from '../api/types';

/** Parameters shared by every group of a run (the batch-level fields of POST /v1/generate). */
export interface BatchParams {
  model?: string;
  max_tokens: number;
  temperature?: number;
  tools?: unknown[];
  tool_choice?: string | Record<string, unknown>;
}

/** Where a prompt came from: 1-based inclusive lines of its file or selection. */
export interface ItemOrigin {
  line: number;
  endLine: number;
}

export interface BatchInput {
  entry: PromptEntry;
  origin?: ItemOrigin;
}

/**
 * Every prompt ends in exactly one of these.
 * - ok / error: the server finished it (error carries the server's text, possibly "").
 * - pending: submitted, with its request id, but unfinished when the run stopped (deadline, cancel).
 * - unknown: the submit failed ambiguously and the group could not be found or ruled out on the server;
 *   it was not resubmitted, because the API has no idempotency key.
 * - unsent: never submitted (the run was cancelled or failed before reaching it).
 */
export type ItemStatus = 'ok' | 'error' | 'pending' | 'unknown' | 'unsent';

export const ITEM_STATUSES: readonly ItemStatus[] = ['ok', 'error', 'pending', 'unknown', 'unsent'];

export type StatusCounts = Record<ItemStatus, number>;

export function emptyCounts(): StatusCounts {
  return { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0 };
}

export type RequestId = string | number;

/** One line of the final report: every input prompt exactly once, in input order. */
export interface ReportItem {
  index: number;
  request_id: RequestId | null;
  status: ItemStatus;
  response: string | null;
  error: string | null;
}

/** How the returned request ids of a group are stored: compactly when they follow the server's pattern. */
export type StoredIds =
  | { group: string; style: 'padded' | 'unpadded'; count: number }
  | { list: RequestId[] };

export type Certainty = 'exact' | 'likely' | 'none';

export type ReconcileVia = 'request-detail' | 'get-results' | 'list-requests' | 'none';

/** One line of the ledger (append-only JSONL). */
export type LedgerEvent =
  | {
      t: 'run';
      v: 1;
      runId: string;
      createdAt: string;
      baseUrl: string;
      params: BatchParams;
      /** The model in `params` is the deployment's default, read from /v1/models because none was given. */
      defaultModel?: true;
      groupSize: number;
      /** Where the prompts came from: a file path or a document URI. */
      source?: string;
      /** A short name for people: "prompts.jsonl", "Selection in notes.md". */
      title?: string;
      /** The run this one retries the failed items of. */
      parentRunId?: string;
      /** What the planning noticed and the user should know (settings the server ignores, an ambiguous format). */
      warnings?: string[];
    }
  | { t: 'group'; g: number; first: number; prompts: PromptEntry[]; origins?: ItemOrigin[]; expectedId: string | null }
  | { t: 'submit'; g: number; at: number }
  /** The user chose to send an unknown group again, accepting it may run twice: no reconcile first. */
  | { t: 'resubmit'; g: number; at: number }
  /** The group's ids: from its submit, from a reconcile, or (`existing`) found on the server before any submit. */
  | { t: 'submitted'; g: number; groupId: string | null; ids: StoredIds; traceId: string; at: number; existing?: true }
  | {
      t: 'reconciled';
      g: number;
      outcome: 'present' | 'absent' | 'unknown';
      via: ReconcileVia;
      certainty: Certainty;
      groupId?: string;
      note: string;
    }
  | { t: 'item'; g: number; i: number; id: RequestId | null; s: ItemStatus; r?: string | null; e?: string | null }
  | { t: 'group-done'; g: number; counts: StatusCounts }
  | { t: 'input-end'; total: number }
  /** A run taken up again from its ledger: whatever `end` came before no longer describes it. */
  | { t: 'resume'; at: number }
  | { t: 'end'; at: number; reason: RunEndReason; counts: StatusCounts };

export type RunEndReason = 'complete' | 'deadline' | 'cancelled' | 'failed';
