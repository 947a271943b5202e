// Messages between the host and a batch results panel (one panel per run). Both sides compile this file;
// it imports only its sibling message-shape, so the webview bundle stays free of host code.

import { carried, carriedList, messageGuard, nullable, type MessageOf, type MessageSpec } from './message-shape';
import type { ShownCounts, ShownStatus } from './run-status';

/** A group's request as code: cURL, Python, TypeScript (core/snippets' formats; the page may not import the core). */
export const CODE_FORMATS = ['curl', 'python', 'typescript'] as const;
export type CodeFormat = (typeof CODE_FORMATS)[number];

export type ItemStatusView = ShownStatus;

/** A response that is a vector of numbers (an embedding, protocol §9), summed up for people. */
export interface EmbeddingView {
  dimension: number;
  /** Euclidean length. */
  norm: number;
  /** The first few values, in order. */
  first: number[];
}

/** One prompt of the run as the panel shows it. */
export interface ItemView {
  /** Its place in this run (0-based), which messages name it by. */
  index: number;
  /** The number people see (1-based): a retry's items keep the numbers they had in the run retried. */
  number: number;
  /** The group (0-based) the prompt was sent in. */
  group: number;
  status: ItemStatusView;
  /** The prompt as text: a string as is; {messages} as "role: content" lines. */
  prompt: string;
  /** The text; for an embedding, its values as a JSON array. */
  response: string | null;
  /** Set when the response is an embedding. */
  embedding?: EmbeddingView;
  error: string | null;
  /** Where the prompt came from (1-based lines), when known: click to reveal it. */
  origin?: { line: number; endLine: number };
}

/**
 * An item as it crosses to the page, which merges it into the ItemView it holds. A run's 10,000 items cross
 * a few times each as they go (planned, sent, answered), so each crossing carries only what the page lacks:
 * the item's state in full (an absent response or error is none), and the parts that never change (number,
 * group, prompt, origin) only the first time the page hears of the item. Request ids are left out: the detail
 * pane is told its item's (`itemDetail`).
 */
export interface ItemUpdate {
  index: number;
  status: ItemStatusView;
  response?: string;
  embedding?: EmbeddingView;
  error?: string;
  /** Absent: index + 1 (or as the page has it). */
  number?: number;
  group?: number;
  prompt?: string;
  origin?: { line: number; endLine: number };
}

/**
 * What the deployment's request detail (GET /v1/generate/request/{group}, protocol §5.2) says about an item
 * beyond its text, or why there is nothing to say. Times are epoch milliseconds.
 */
export type ServerFactsView =
  | {
      state: 'found';
      promptTokens?: number;
      completionTokens?: number;
      /** The server's token_count: prompt and completion together. */
      totalTokens?: number;
      /** When the group's request file was written (its submit). */
      submittedAt?: number;
      /** When the whole group was done. */
      completedAt?: number;
      /** The group's state on the server: "completed", "in_progress". */
      groupStatus?: string;
      /** How many prompts the group holds. */
      groupSize?: number;
      /** Batch items have none (protocol §11); shown when the server stored one. */
      finishReason?: string;
    }
  | { state: 'none'; note: string };

export type CountsView = ShownCounts;

export interface RunHeaderView {
  runId: string;
  /** "prompts.jsonl", "Selection in notes.md" */
  title: string;
  /** The source document, for revealing origins; absent for runs not tied to a document. */
  sourceLabel?: string;
  model: string;
  maxTokens: number;
  temperature?: number;
  groupSize: number;
  createdAt: string;
  total: number;
  parentRunId?: string;
  /** The run this one retries, when it is still stored: named by its title. */
  parent?: { title: string; createdAt: string };
  /** Shown when temperature is not 0: the batch queue decodes greedily (protocol §1.2). */
  temperatureNote?: string;
  /** What planning noticed (settings the server ignores, how an ambiguous file was read). */
  warnings?: string[];
}

export type RunPhase = 'running' | 'complete' | 'cancelled' | 'deadline' | 'failed' | 'stopped';

export interface ProgressView {
  phase: RunPhase;
  counts: CountsView;
  elapsedMs: number;
  etaSeconds?: number;
  queueDepth?: number;
  tokensPerSecond?: number;
  /** A run-level failure (unreachable, unknown model), with what to do. */
  error?: string;
  /** While the run goes: since when (epoch ms) the deployment does not answer; the run carries on when it does. */
  unreachableSince?: number;
  /** Groups marked unknown: the submit may or may not have reached the server. */
  unknownGroups: { group: number; note: string }[];
  /** Groups the server already held: fetched, not re-sent. */
  existingGroups: number;
}

export const RESULTS_TO_WEBVIEW = {
  /** The whole run, sent in answer to every `ready`. */
  init: { header: carried<RunHeaderView>(), items: carriedList<ItemUpdate>(), progress: carried<ProgressView>() },
  /** Items that changed (a group settled), by index. */
  items: { items: carriedList<ItemUpdate>() },
  progress: { progress: carried<ProgressView>() },
  /** The first answer to `detailShown`: the item's request id (none before its group is sent). */
  itemDetail: { index: 'integer', requestId: nullable('string') },
  /** The answer to `detailShown` once the server answers: what it knows about that item. */
  serverFacts: { index: 'number', facts: carried<ServerFactsView>() },
} as const satisfies MessageSpec;

export type ResultsToWebview = MessageOf<typeof RESULTS_TO_WEBVIEW>;

/** What the page accepts on its channel: the host's messages, not VS Code's own or a stray postMessage. */
export const isResultsToWebview = messageGuard(RESULTS_TO_WEBVIEW);

export const ITEM_ACTIONS = ['reveal', 'copyResponse', 'copyRequestId', 'openResponse'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export const RUN_ACTIONS = ['retryFailed', 'exportJsonl', 'exportCsv', 'exportTraining', 'openLedger', 'resumePending', 'cancel'] as const;
export type RunAction = (typeof RUN_ACTIONS)[number];

/** What the page posts, declared once: the type below and the host's check both come from it. */
export const RESULTS_FROM_WEBVIEW = {
  ready: {},
  /** The first render after `init` is on screen: how many items, and how long since `init` arrived. */
  rendered: { items: 'integer', ms: 'number' },
  item: { action: ITEM_ACTIONS, index: 'integer' },
  run: { action: RUN_ACTIONS },
  /** Deliberately send again a group whose submit could not be confirmed (after the panel explained why). */
  resubmitUnknown: { group: 'integer' },
  /** The detail pane shows this item (selected, or changed while shown): the host asks the server about it. */
  detailShown: { index: 'integer' },
  /** The detail pane shows nothing (no selection, or the filter hides the selected item). */
  detailHidden: {},
  /** Copy the request of the group of the item in the detail pane (else the first group) as code. */
  copyRequest: { format: CODE_FORMATS },
} as const satisfies MessageSpec;

export type ResultsFromWebview = MessageOf<typeof RESULTS_FROM_WEBVIEW>;

export const isResultsMessage = messageGuard(RESULTS_FROM_WEBVIEW);

/** The webview's saved state: enough to find the run again after a reload, and where the user was. */
export interface ResultsPanelState {
  runId: string;
  /** The state the list is filtered to; absent for all items. */
  filter?: ItemStatusView;
  search?: string;
  scrollTop?: number;
  /** The index of the item shown in the detail pane. */
  selected?: number;
  /** How the detail pane shows a response: as plain text, or as sanitized markdown. */
  responseFormat?: ResponseFormat;
}

export type ResponseFormat = 'raw' | 'rendered';
