// Messages between the training job panel (extension host) and its webview. Both sides compile this file:
// plain data shapes and its sibling message-shape only. Log lines and dataset rows are the server's text
// (model output, a user's data): the page shows them as text only.

import { carried, carriedList, messageGuard, type MessageOf, type MessageSpec } from './message-shape';

/** One point of the job's loss history (0-based step). */
export interface LossPoint {
  step: number;
  loss: number;
}

/** Everything the panel shows of the job, already worded by the host. */
export interface JobPanelView {
  /** The job hash, which is also the adaptor's model name. */
  hash: string;
  /** As the server spells it: QUEUED, TRAINING, COMPLETED, FAILED, CANCELLED, … */
  status: string;
  /** "step 12 of 20 · last loss 0.4117 · ETA 3s", "queued, 100 steps" */
  progress: string;
  /** "Deployed" / "Not deployed yet". */
  deployed: string;
  loss: LossPoint[];
  /** The job's config as the server keeps it, one line per key (values as JSON). */
  config: { key: string; value: string }[];
  /** What the adaptor was trained from (run, column, held-out rows, data, arguments, deployment); absent when not recorded here. */
  lineage?: { key: string; value: string }[];
  /** The trainer's error of a FAILED job. */
  error?: string;
  /** What the last action came to: "Cancel requested…", "The job runs on…", or why the job cannot be read. */
  notice?: string;
  /** Cancel makes sense: the job has not finished. */
  canCancel: boolean;
  /** Restart makes sense: the job FAILED or was CANCELLED (the deployment refuses any other). */
  canRestart: boolean;
  /** The job COMPLETED: Add to Experiment… and Compare with Base are offered for its adaptor. */
  canUseAdaptor: boolean;
}

export interface JobLogLine {
  lineNumber: number;
  line: string;
}

/** A page of the job's dataset as the server serves it. */
export interface DatasetView {
  offset: number;
  limit: number;
  query: string;
  total: number;
  matched: number;
  truncated: boolean;
  rows: { index: number; input: string; output: string }[];
  /** Why the page could not be read. */
  problem?: string;
}

/** Host -> webview, declared once: the type and the page's check both come from it. */
export const TRAINING_FROM_HOST = {
  show: { view: carried<JobPanelView>() },
  /** Log lines in order, each numbered by the server; the page keeps those after the last it has. */
  logs: { lines: carriedList<JobLogLine>() },
  dataset: { page: carried<DatasetView>() },
} as const satisfies MessageSpec;

export type TrainingHostMessage = MessageOf<typeof TRAINING_FROM_HOST>;

export const isTrainingHostMessage = messageGuard(TRAINING_FROM_HOST);

/** Webview -> host. */
export const TRAINING_FROM_WEBVIEW = {
  /** The page has its listeners in place; `nextLine` is the first log line it does not have (0 for none). */
  ready: { nextLine: 'integer' },
  cancel: {},
  restart: {},
  /** Asks first (the host's confirmation), then removes the job from the deployment. */
  delete: {},
  /** The job's adaptor into an experiment's providers (the host asks which experiment). */
  addToExperiment: {},
  /** The same, then the experiment run with the adaptor's column compared with the base's. */
  compareWithBase: {},
  copyName: {},
  /** A page of the dataset: from `offset`, matching `query` (empty for all). */
  dataset: { offset: 'integer', query: 'string' },
} as const satisfies MessageSpec;

export type TrainingWebviewMessage = MessageOf<typeof TRAINING_FROM_WEBVIEW>;

export const isTrainingWebviewMessage = messageGuard(TRAINING_FROM_WEBVIEW);

/** What the page saves across a reload: the job it shows and the log lines it has. */
export interface JobPanelState {
  hash: string;
  view?: JobPanelView;
  lines: JobLogLine[];
}

export function isJobPanelState(value: unknown): value is JobPanelState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return typeof state.hash === 'string' && Array.isArray(state.lines) && (state.view === undefined || (typeof state.view === 'object' && state.view !== null));
}
