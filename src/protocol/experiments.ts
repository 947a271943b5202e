// Messages between the host and an experiment panel (one panel per experiment run): a matrix whose rows are
// the tests (their vars as the label) and whose columns are prompt x provider; each cell one answer.
// Both sides compile this file; it imports only its siblings (message shapes, states, the evidence views).

import type { BaselineMark, BaselineView, JudgedRowsView, PairedView, RowMarksView, SameAnswersView, SampleView } from './experiment-evidence';
import { carried, carriedList, messageGuard, nullable, optional, type MessageOf, type MessageSpec } from './message-shape';
import { SHOWN_STATUSES, type ShownCounts, type ShownStatus } from './run-status';
import type { Transport } from './transport';

/** A cell's state. `queued`: not sent yet while the run goes; `unsent`: the run stopped before it. */
export type CellStatus = ShownStatus;

export const CELL_STATUSES = SHOWN_STATUSES;

export type { BaselineChange, BaselineComparedView, BaselineMark, BaselineView, JudgedRowsView, PairedView, RowMarksView, SameAnswersView, SampleView } from './experiment-evidence';

/** One column: a prompt version on a provider (model or adaptor). */
export interface ColumnView {
  /** 0-based, in the order the columns are shown. */
  index: number;
  promptLabel: string;
  providerLabel: string;
  /** The model asked for; the deployment's default is named when it was resolved. */
  model: string;
  transport: Transport;
  /** How the column did, over its cells that have answered (absent until one has). */
  stats?: ColumnStats;
}

export interface ColumnStats {
  /** Cells judged pass or fail (errors, pending and cells without assertions apart). */
  judged: number;
  passed: number;
  /** passed / judged; null when nothing was judged. */
  passRate: number | null;
  /** The 95% Wilson interval of the pass rate (computed by the host); null when nothing was judged. */
  low: number | null;
  high: number | null;
  /** "10/12 (83%, 55-95%)": the pass rate as every front end writes it. */
  passRateText: string;
  /** A trained adaptor's column: "unseen 1/3 (…) · seen 3/3 (…)", its pass rates over rows not in and in its training data. */
  seenSplitText?: string;
  /** The mean of the judged cells' scores; null when nothing was judged. */
  meanScore: number | null;
  /** Cells that errored (the server's error, or an assertion that could not be evaluated). */
  errors: number;
  /** Prompt + completion tokens, where the server gave them. */
  tokens: number;
  medianLatencyMs: number | null;
}

/** A cell's verdict: pass or fail by its assertions; `error` / `pending` when it is neither (counted apart). */
export type VerdictStatus = 'pass' | 'fail' | 'error' | 'pending' | 'no-assertions';

export interface VerdictView {
  status: VerdictStatus;
  /** The weighted score (0..1); null when nothing counted. */
  score: number | null;
  /** The failing assertions' reasons, short (for the badge's tooltip and the grid). */
  failing: string[];
}

export interface AssertionView {
  type: string;
  /** pass, fail, refused (javascript in Restricted Mode), error (a grader gave no verdict), pending (not graded yet). */
  status: 'pass' | 'fail' | 'refused' | 'error' | 'pending';
  score: number;
  reason: string;
  weight: number;
  metric?: string;
  /** What the grader wrote when it was not a verdict. */
  graderText?: string;
}

/** One row: a test. */
export interface RowView {
  index: number;
  /** The test's description, else its vars as `name=value, ...` (shortened). */
  label: string;
  /** Every var as text, for the row's tooltip and the cell detail. */
  vars: Record<string, string>;
  /** Some columns pass this row and others fail it. */
  disagree?: boolean;
  /** With repeats: each column's passes of its samples. */
  samples?: SampleView[];
  /** Against the experiment's baseline run: each column's change. */
  baseline?: BaselineMark[];
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
  /** Absent when the experiment has no assertions for the cell. */
  verdict?: VerdictView;
  /** Against the run being compared with, when one is. */
  change?: CellChange;
  /** A trained adaptor's cell: whether its input was in its training data (`unknown`: the deployment could not say). */
  seenInTraining?: boolean | 'unknown';
  /** A person's review of the answer, beside its verdict (never over it); absent when not reviewed. */
  review?: ReviewView;
}

/** What a reviewer said of an answer: good or bad, and the answer it should have given, when written. */
export interface ReviewView {
  verdict: 'good' | 'bad';
  correction?: string;
}

/** How many of the run's answered cells are reviewed (counted by the host: "reviewed 12 of 40"). */
export interface ReviewCountView {
  reviewed: number;
  answered: number;
}

/** A cell against the same cell of another run (matched by prompt, provider, test and repeat), or against the baseline column's cell of its row. */
export type CellChange = 'same' | 'changed' | 'newly-passing' | 'newly-failing' | 'added';

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
  /** Every assertion's result, in order. */
  assertions?: AssertionView[];
  /** The other run's output of the same cell, or the baseline column's in its row, when comparing. */
  comparedOutput?: string | null;
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

export type CellCounts = ShownCounts;

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
  /** While the run goes: since when (epoch ms) the deployment does not answer; the run carries on when it does. */
  unreachableSince?: number;
  /** Model-graded assertions: graded so far, and how many there are (absent without any). */
  grading?: { graded: number; total: number; phase: ExperimentPhase };
}

/**
 * What the cells' changes are against, and how many cells changed how: another run (Compare with…), or
 * another column of this run (Compare columns…: the base beside its adaptor).
 */
export type ComparisonView = RunComparisonView | ColumnComparisonView;

export interface RunComparisonView extends ComparisonEvidence {
  kind: 'run';
  runId: string;
  title: string;
  createdAt: string;
  counts: Record<CellChange | 'removed', number>;
}

/** The cells of column `other` carry the changes, each against the cell of column `base` in its row. */
export interface ColumnComparisonView extends ComparisonEvidence {
  kind: 'columns';
  /** The baseline column's index. */
  base: number;
  other: number;
  counts: Record<CellChange | 'removed', number>;
  /** When `other` is a trained adaptor's: which rows are judged (its held-out rows by default); absent: every row, nothing to say. */
  rows?: JudgedRowsView;
}

/** What a comparison says beyond its counts. */
export interface ComparisonEvidence {
  /** The paired test over the cells judged on both sides. */
  paired: PairedView;
  sameAnswers: SameAnswersView;
}

export const EXPERIMENT_TO_WEBVIEW = {
  /** The whole run, sent in answer to every `ready`. */
  init: {
    header: carried<ExperimentHeaderView>((header) => Array.isArray((header as { columns?: unknown }).columns)),
    rows: carriedList<RowView>(),
    cells: carriedList<CellView>(),
    progress: carried<ExperimentProgressView>(),
    comparison: optional(carried<ComparisonView>()),
    baseline: optional(carried<BaselineView>()),
    reviews: optional(carried<ReviewCountView>()),
  },
  /** Cells that changed. */
  cells: { cells: carriedList<CellView>() },
  progress: { progress: carried<ExperimentProgressView>() },
  /** The answer to a `cell` message with action `detail`. */
  detail: { cell: carried<CellDetailView>(isCellAddress) },
  /** Column figures and the marks of the rows whose marks changed, after verdicts changed (grading came in). */
  judged: { columns: carriedList<ColumnView>(), rows: carriedList<RowMarksView>() },
  /** The run now compared with (its cells' changes come in `cells`), or none. */
  comparison: { comparison: nullable(carried<ComparisonView>((comparison) => isObject((comparison as { counts?: unknown }).counts))) },
  /** The experiment's baseline as it now stands (none: it has none), and the rows whose marks changed with it. */
  baseline: { baseline: nullable(carried<BaselineView>((baseline) => typeof (baseline as { state?: unknown }).state === 'string')), rows: carriedList<RowMarksView>() },
  /** The reviews counted again (a review changed, or more cells answered). */
  reviewed: { count: carried<ReviewCountView>() },
} as const satisfies MessageSpec;

export type ExperimentToWebview = MessageOf<typeof EXPERIMENT_TO_WEBVIEW>;

/** What the page accepts on its channel: the host's messages, not VS Code's own or a stray postMessage. */
export const isExperimentToWebview = messageGuard(EXPERIMENT_TO_WEBVIEW);

function isCellAddress(value: unknown): boolean {
  const cell = value as { row?: unknown; column?: unknown; repeat?: unknown };
  return Number.isInteger(cell.row) && Number.isInteger(cell.column) && Number.isInteger(cell.repeat);
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

export const CELL_ACTIONS = ['detail', 'copyOutput', 'openOutput', 'openPrompt', 'diff', 'copyAsCurl', 'copyAsPython', 'copyAsTypeScript'] as const;
export type CellAction = (typeof CELL_ACTIONS)[number];

export const EXPERIMENT_ACTIONS = ['rerunErrors', 'resume', 'cancel', 'exportJsonl', 'exportCsv', 'exportHtml', 'exportTraining', 'openLedger', 'openSource', 'compareWith', 'compareColumns', 'clearComparison', 'judgeEveryRow', 'judgeHeldOutRows', 'setBaseline', 'clearBaseline', 'saveBaselineFile'] as const;
export type ExperimentAction = (typeof EXPERIMENT_ACTIONS)[number];

export const REVIEW_VERDICTS = ['good', 'bad'] as const;

/** What the page posts, declared once: the type below and the host's check both come from it. */
export const EXPERIMENT_FROM_WEBVIEW = {
  ready: {},
  /** The first render after `init` is on screen: how many cells, and how long since `init` arrived. */
  rendered: { cells: 'integer', ms: 'number' },
  cell: { action: CELL_ACTIONS, row: 'integer', column: 'integer', repeat: 'integer' },
  run: { action: EXPERIMENT_ACTIONS },
  /**
   * A person's review of a cell's answer: `verdict` null with no correction clears it; a correction with no
   * verdict is a bad answer's (the host decides, review-view.ts).
   */
  review: { row: 'integer', column: 'integer', repeat: 'integer', verdict: nullable(REVIEW_VERDICTS), correction: optional('string') },
} as const satisfies MessageSpec;

export type ExperimentFromWebview = MessageOf<typeof EXPERIMENT_FROM_WEBVIEW>;

export const isExperimentMessage = messageGuard(EXPERIMENT_FROM_WEBVIEW);

export type ReviewChoice = 'reviewed' | 'unreviewed';

/** The page's saved state: enough to find the run again after a reload, and where the user was. */
export interface ExperimentPanelState {
  runId: string;
  /** Show only this column (its index); absent for all. */
  column?: number;
  /** Show only rows with a cell in this state; absent for all. */
  status?: CellStatus;
  /** Show only rows with a cell of this verdict (`fail`: the failing ones). */
  verdict?: 'pass' | 'fail';
  /** Show only rows with a cell that changed against the run (or the baseline column) compared with. */
  changedOnly?: boolean;
  /** Show only rows with a column whose samples disagree (repeats). */
  flakyOnly?: boolean;
  /** Show only rows with a column that regressed against the experiment's baseline run. */
  regressedOnly?: boolean;
  /** Show only rows with a reviewed answer, or with an answer not reviewed yet. */
  review?: ReviewChoice;
  /** The search over row labels, vars, outputs and errors, as typed. */
  search?: string;
  scrollTop?: number;
  /** The cell shown in the detail pane. */
  selected?: { row: number; column: number; repeat: number };
  /** How outputs are shown: as plain text, or as sanitized markdown. */
  outputFormat?: 'raw' | 'rendered';
}
