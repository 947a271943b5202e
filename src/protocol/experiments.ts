// Messages between the host and an experiment panel (one panel per experiment run): a matrix whose rows are
// the tests (their vars as the label) and whose columns are prompt x provider; each cell one answer.
// Both sides compile this file; it imports only its sibling message-shape.

import { messageGuard, type MessageOf, type MessageSpec } from './message-shape';

/** A cell's state. `queued`: not sent yet while the run goes; `unsent`: the run stopped before it. */
export type CellStatus = 'ok' | 'error' | 'pending' | 'unknown' | 'unsent' | 'queued';

export const CELL_STATUSES: readonly CellStatus[] = ['ok', 'error', 'pending', 'unknown', 'unsent', 'queued'];

export type Transport = 'batch' | 'chat';

/** One column: a prompt version on a provider (model or adaptor). */
export interface ColumnView {
  /** 0-based, in the order the columns are shown. */
  index: number;
  promptLabel: string;
  providerLabel: string;
  /** The model asked for; the deployment's default is named when it was resolved. */
  model: string;
  transport: Transport;
}

/** One row: a test. */
export interface RowView {
  index: number;
  /** The test's description, else its vars as `name=value, ...` (shortened). */
  label: string;
  /** Every var as text, for the row's tooltip and the cell detail. */
  vars: Record<string, string>;
}

/** One answer: row x column x repeat. Output is model text: the page renders it inert (sanitized markdown or text). */
export interface CellView {
  row: number;
  column: number;
  /** 0-based; always 0 unless the experiment repeats. */
  repeat: number;
  status: CellStatus;
  output: string | null;
  error: string | null;
}

/** Everything known of one cell, sent when the page asks for it. */
export interface CellDetailView extends CellView {
  /** The rendered prompt: the text sent, or the messages as `role: content` blocks. */
  prompt: string;
  vars: Record<string, string>;
  /** Batch cells: the per-prompt request id; chat cells: the completion's id. */
  requestId: string | null;
  promptTokens?: number;
  completionTokens?: number;
  latencyMs?: number;
  finishReason?: string;
}

export interface ExperimentHeaderView {
  runId: string;
  /** The experiment's description, or its file name. */
  title: string;
  /** The experiment file (or .prompty and dataset) it came from, as a workspace-relative label. */
  sourceLabel: string;
  createdAt: string;
  columns: ColumnView[];
  rowCount: number;
  repeat: number;
  /** What planning noticed: ignored keys of the experiment file, batch providers asked for temperature, ... */
  warnings: string[];
}

export type ExperimentPhase = 'running' | 'complete' | 'cancelled' | 'deadline' | 'failed' | 'stopped';

export type CellCounts = Record<CellStatus, number>;

export interface ExperimentProgressView {
  phase: ExperimentPhase;
  counts: CellCounts;
  elapsedMs: number;
  /** Seconds left, from the deployment's request rate (queue-aware) or the run's own. */
  etaSeconds?: number;
  queueDepth?: number;
  /** Cells whose answers the server already held (fetched, not sent again) or an earlier run had (reused). */
  fetchedCells: number;
  /** Cells sent in this run. */
  sentCells: number;
  /** A run-level failure, with what to do. */
  error?: string;
}

export type ExperimentToWebview =
  /** The whole run, sent in answer to every `ready`. */
  | { type: 'init'; header: ExperimentHeaderView; rows: RowView[]; cells: CellView[]; progress: ExperimentProgressView }
  /** Cells that changed. */
  | { type: 'cells'; cells: CellView[] }
  | { type: 'progress'; progress: ExperimentProgressView }
  /** The answer to a `cell` message with action `detail`. */
  | { type: 'detail'; cell: CellDetailView };

export const CELL_ACTIONS = ['detail', 'copyOutput', 'openOutput', 'openPrompt'] as const;
export type CellAction = (typeof CELL_ACTIONS)[number];

export const EXPERIMENT_ACTIONS = ['rerunFailed', 'resume', 'cancel', 'exportJsonl', 'exportCsv', 'openLedger', 'openSource'] as const;
export type ExperimentAction = (typeof EXPERIMENT_ACTIONS)[number];

/** What the page posts, declared once: the type below and the host's check both come from it. */
export const EXPERIMENT_FROM_WEBVIEW = {
  ready: {},
  /** The first render after `init` is on screen: how many cells, and how long since `init` arrived. */
  rendered: { cells: 'integer', ms: 'number' },
  cell: { action: CELL_ACTIONS, row: 'integer', column: 'integer', repeat: 'integer' },
  run: { action: EXPERIMENT_ACTIONS },
} as const satisfies MessageSpec;

export type ExperimentFromWebview = MessageOf<typeof EXPERIMENT_FROM_WEBVIEW>;

export const isExperimentMessage = messageGuard(EXPERIMENT_FROM_WEBVIEW);

/** The page's saved state: enough to find the run again after a reload, and where the user was. */
export interface ExperimentPanelState {
  runId: string;
  /** Show only this column (its index); absent for all. */
  column?: number;
  /** Show only rows with a cell in this state; absent for all. */
  status?: CellStatus;
  /** The search over row labels, vars, outputs and errors, as typed. */
  search?: string;
  scrollTop?: number;
  /** The cell shown in the detail pane. */
  selected?: { row: number; column: number; repeat: number };
  /** How outputs are shown: as plain text, or as sanitized markdown. */
  outputFormat?: 'raw' | 'rendered';
}
