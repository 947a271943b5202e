// Messages between the host and a batch results panel (one panel per run). Both sides compile this file;
// it imports only its sibling message-shape, so the webview bundle stays free of host code.

import { messageGuard, type MessageOf, type MessageSpec } from './message-shape';

export type ItemStatusView = 'ok' | 'error' | 'pending' | 'unknown' | 'unsent' | 'queued';

/** One prompt of the run as the panel shows it. */
export interface ItemView {
  index: number;
  /** The group (0-based) the prompt was sent in. */
  group: number;
  status: ItemStatusView;
  /** The prompt as text: a string as is; {messages} as "role: content" lines. */
  prompt: string;
  requestId: string | null;
  response: string | null;
  error: string | null;
  /** Where the prompt came from (1-based lines), when known: click to reveal it. */
  origin?: { line: number; endLine: number };
}

export type CountsView = Record<'ok' | 'error' | 'pending' | 'unknown' | 'unsent' | 'queued', number>;

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
  /** Groups marked unknown: the submit may or may not have reached the server. */
  unknownGroups: { group: number; note: string }[];
  /** Groups the server already held: fetched, not re-sent. */
  existingGroups: number;
}

export type ResultsToWebview =
  /** The whole run, sent in answer to every `ready`. */
  | { type: 'init'; header: RunHeaderView; items: ItemView[]; progress: ProgressView }
  /** Items that changed (a group settled), by index. */
  | { type: 'items'; items: ItemView[] }
  | { type: 'progress'; progress: ProgressView };

export const ITEM_ACTIONS = ['reveal', 'copyResponse', 'copyRequestId', 'openResponse'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

export const RUN_ACTIONS = ['retryFailed', 'exportJsonl', 'exportCsv', 'openLedger', 'resumePending', 'cancel'] as const;
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
