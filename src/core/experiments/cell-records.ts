// An experiment run's cells as records: one per cell with its prompt, provider, test, rendered prompt, state,
// output and figures. reports/record-writer.ts writes them (`scalarlm-lab eval --output`, the editor's export).

import type { ExperimentHeader } from '../runs/ledger-schema';
import { promptText } from '../runs/export';
import type { RunItem, RunProjection } from '../runs/run-projection';
import type { StoredTest } from './experiment-tests-file';
import type { InTraining } from '../training';
import type { Transport } from '../../protocol/transport';
import type { SampleChange } from '../evidence';
import type { BaselineReport } from './run-summary-types';
import { reviewKey, type ReviewBook } from './reviews';

export interface CellRecord {
  prompt: { key: string; label: string };
  provider: { key: string; label: string; model: string | null };
  transport: Transport;
  test: { index: number; description: string | null; vars: Record<string, unknown> };
  repeat: number;
  status: RunItem['status'];
  output: string | null;
  error: string | null;
  renderedPrompt: string;
  requestId: string | number | null;
  tokens: { prompt: number; completion: number } | null;
  latencyMs: number | null;
  finishReason: string | null;
  /** The cell's verdict by its assertions; null when the test has none. */
  verdict: RecordVerdict | null;
  /** Against the baseline the run was gated on (`eval --baseline`), by the gate's rule for its row. */
  againstBaseline?: SampleChange;
  /** A person's review of the answer (beside the verdict, never over it). */
  review?: { verdict: 'good' | 'bad'; correction?: string };
  /** A trained adaptor's cell: whether its input was in the adaptor's training data (absent for other columns). */
  seenInTraining?: InTraining;
}

export interface RecordVerdict {
  /** pass / fail by the assertions; error or pending when the cell has no answer to judge (counted apart). */
  status: 'pass' | 'fail' | 'error' | 'pending' | 'no-assertions';
  score: number | null;
  reason: string;
  namedScores: Record<string, number>;
  assertions: { type: string; status: 'pass' | 'fail' | 'refused' | 'error' | 'pending'; pass: boolean; score: number; reason: string; weight: number; metric?: string; graderText?: string }[];
}

/** What a record carries beside its answer and verdict: a person's review, and whether an adaptor was trained on its input. */
export interface RecordMarks {
  reviews?: ReviewBook;
  seen?: InTraining;
}

export function cellRecord(header: ExperimentHeader, item: RunItem, tests: ReadonlyMap<number, StoredTest>, verdict: RecordVerdict | null = null, marks: RecordMarks = {}): CellRecord | undefined {
  if (!item.cell) return undefined;
  const [column, test, repeat] = item.cell;
  const c = header.columns[column];
  const stored = tests.get(test);
  const record: CellRecord = {
    prompt: { key: c.promptKey, label: c.promptLabel },
    provider: { key: c.providerKey, label: c.providerLabel, model: c.model ?? null },
    transport: c.transport,
    test: { index: test, description: stored?.description ?? null, vars: stored?.vars ?? {} },
    repeat,
    status: item.status,
    output: item.response,
    error: item.error,
    renderedPrompt: promptText(item.prompt),
    requestId: item.requestId,
    tokens: item.usage ? { prompt: item.usage.p, completion: item.usage.c } : null,
    latencyMs: item.latencyMs ?? null,
    finishReason: item.finishReason ?? null,
    verdict,
  };
  // The marks are set on the few records that have them: every record of a 100,000-row report is made here, and
  // a fingerprint per cell costs seconds, so none is taken while the folder has no review.
  const review = marks.reviews?.size ? marks.reviews.get(reviewKey(header, item)) : undefined;
  if (review) record.review = { verdict: review.verdict, ...(review.correction !== undefined ? { correction: review.correction } : {}) };
  if (marks.seen !== undefined) record.seenInTraining = marks.seen;
  return record;
}

/** Every cell of a run (kept items), in matrix order: test, then column, then repeat; judged when a judge is given. */
export function cellRecords(projection: RunProjection, tests: ReadonlyMap<number, StoredTest>, verdictOf?: (item: RunItem) => RecordVerdict | null, marks: { reviews?: ReviewBook; seenOf?: (item: RunItem) => InTraining | undefined } = {}): CellRecord[] {
  const header = projection.header.experiment;
  if (!header) throw new Error('This run is not an experiment: it has no cells.');
  const cells = projection.items.filter((item): item is RunItem & { cell: NonNullable<RunItem['cell']> } => item.cell !== undefined);
  cells.sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0] || a.cell[2] - b.cell[2]);
  return cells.flatMap((item) => cellRecord(header, item, tests, verdictOf?.(item) ?? null, { ...(marks.reviews ? { reviews: marks.reviews } : {}), seen: marks.seenOf?.(item) }) ?? []);
}

export interface RecordedRun {
  runId: string;
  title: string;
  header: ExperimentHeader;
  /** When the run began (the ledger's createdAt, ISO 8601): the reports show it. */
  createdAt?: string;
  /** The baseline the run was gated on, as the reports state it. */
  baseline?: BaselineReport;
}
