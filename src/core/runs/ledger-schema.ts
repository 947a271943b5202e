// The ledger's vocabulary, the floor every run stands on: what every prompt ends as and what the ledger records.

import type { PromptEntry } from '../api/types';
import type { Transport } from '../../protocol/transport';
import type { LedgerInput } from './ledger-input';

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

/** Which cell of an experiment a prompt is: its column (prompt x provider), its test, its repeat. */
/** A grading run's prompts name the assertion they grade too (its index in the test's assertions). */
export type CellRef = [column: number, test: number, repeat: number, assertion?: number];

/** Chat-only sampling settings of an experiment's provider (the batch queue has none of them). */
export interface ChatSampling {
  top_p?: number;
  stop?: string[];
  /** Other OpenAI request parameters (a .prompty's seed, penalties, response_format…), sent as they are. */
  options?: Record<string, unknown>;
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

/** An experiment run's matrix: columns (prompt x provider), how many tests, how often each cell repeats. */
/** A provider given for one run beside the file's own (`eval --provider`), after them: `scalarlm:<model>`. */
export interface AddedProvider {
  id: string;
  label?: string;
}

export interface ExperimentHeader {
  /** Where the cells come from, to take the run up again: a config, or a .prompty with its sample or a dataset. */
  origin: { kind: 'config'; path: string; addedProviders?: AddedProvider[] } | { kind: 'prompty'; path: string; dataset?: string; model?: string };
  columns: { promptKey: string; promptLabel: string; providerKey: string; providerLabel: string; model?: string; transport: Transport; maxTokens: number }[];
  tests: number;
  repeat: number;
  /** The files the cells were rendered from: a resumed run must find them the same. */
  fingerprint: string;
  /** A rerun of some cells only: their keys (column:test:repeat). */
  only?: string[];
}

/**
 * One line of the ledger (append-only JSONL). Version 2 (LEDGER_VERSION) writes a batch group's settled items
 * as one `items` line, and a run that records its input file leaves the prompts out of its group lines;
 * version 1 wrote an `item` line per prompt and a `group-done` after them (chat cells still do), and every
 * prompt in its group line. Both are read.
 */
export type LedgerEvent =
  | {
      t: 'run';
      v: 1 | 2;
      runId: string;
      createdAt: string;
      baseUrl: string;
      params: BatchParams;
      /** The model in `params` is the deployment's default, read from /v1/models because none was given. */
      defaultModel?: true;
      groupSize: number;
      /** Where the prompts came from: a file path or a document URI. */
      source?: string;
      /**
       * The file the prompts were read from, by size and hash (version 2): the group lines leave the prompts
       * and their origins out, and whoever needs them reads them from the file again, if it is unchanged.
       */
      input?: LedgerInput;
      /** A short name for people: "prompts.jsonl", "Selection in notes.md". */
      title?: string;
      /** The run this one retries the failed items of. */
      parentRunId?: string;
      /** What the planning noticed and the user should know (settings the server ignores, an ambiguous format). */
      warnings?: string[];
      /** An experiment's run: its prompts are cells of this matrix (each group says which). */
      experiment?: ExperimentHeader;
      /** A grading run: the experiment run whose model-graded assertions it grades. */
      gradingOf?: string;
    }
  | {
      t: 'group';
      g: number;
      first: number;
      /** Left out when the run records its input file (`n` then says how many prompts the group has). */
      prompts?: PromptEntry[];
      n?: number;
      origins?: ItemOrigin[];
      /** The server's id of the batch as computed here; for a chat group, the hash of its request (to find it in earlier runs). */
      expectedId: string | null;
      /**
       * A batch whose id cannot be computed here ({messages} the server renders, "latest"): the hash of what is
       * sent, so a later run of the same prompts finds the server's id in this run's ledger.
       */
      key?: string;
      /** When the group's parameters are not the run's. */
      params?: BatchParams & ChatSampling;
      transport?: 'chat';
      cells?: CellRef[];
    }
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
  | {
      t: 'item';
      g: number;
      i: number;
      id: RequestId | null;
      s: ItemStatus;
      r?: string | null;
      e?: string | null;
      /** Token counts, when the server gave them (chat usage). */
      u?: { p: number; c: number };
      /** Milliseconds from sending to the answer, when measured per prompt (chat). */
      ms?: number;
      /** The finish reason, when the server gave one (chat; batch items have none, protocol §11). */
      f?: string;
    }
  | { t: 'group-done'; g: number; counts: StatusCounts }
  /**
   * A batch group's settled items, by their place in the group (version 2): `s` one status for all or one
   * each; `r` the responses and `e` the errors (one text for all, or one each), left out when there are none;
   * `ids` the items' request ids when they are not the group's submitted ones (null: none).
   */
  | { t: 'items'; g: number; s: ItemStatus | ItemStatus[]; r?: (string | null)[]; e?: string | (string | null)[]; ids?: StoredIds | null }
  | { t: 'input-end'; total: number }
  /** A run taken up again from its ledger: whatever `end` came before no longer describes it. */
  | { t: 'resume'; at: number }
  | { t: 'end'; at: number; reason: RunEndReason; counts: StatusCounts };

export type RunEndReason = 'complete' | 'deadline' | 'cancelled' | 'failed';

/** The ledger format new runs write (LedgerEvent says what changed). */
export const LEDGER_VERSION = 2 as const;
