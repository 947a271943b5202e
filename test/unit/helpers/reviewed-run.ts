// An experiment run whose answers a person reviews, for the tests of reviews: two rows on two columns (a base
// model and its adaptor), one answer the same text on both columns, one cell failed.

import type { ExperimentHeader, LedgerEvent } from '../../../src/core/runs/ledger-schema';
import type { RunHeader } from '../../../src/core/runs/ledger-state';
import { RunProjection } from '../../../src/core/runs/run-projection';

export const REVIEWED_EXPERIMENT: ExperimentHeader = {
  origin: { kind: 'config', path: '/ws/promptfooconfig.yaml' },
  columns: [
    { promptKey: 'a', promptLabel: 'ask', providerKey: 'base', providerLabel: 'base', model: 'base-model', transport: 'batch', maxTokens: 16 },
    { promptKey: 'a', promptLabel: 'ask', providerKey: 'tuned', providerLabel: 'tuned', model: 'tuned-model', transport: 'batch', maxTokens: 16 },
  ],
  tests: 2,
  repeat: 1,
  fingerprint: 'f',
};

/** A run of the experiment above: both rows answered by the base column, row 0 by the tuned one (the same text), row 1 failed there. */
export function reviewedRun(runId = 'r1'): RunProjection {
  const header: RunHeader = { t: 'run', v: 1, runId, createdAt: '2026-12-07T10:00:00.000Z', baseUrl: 'http://127.0.0.1:8000', params: { max_tokens: 16 }, groupSize: 64, experiment: REVIEWED_EXPERIMENT };
  const events: LedgerEvent[] = [
    header,
    { t: 'group', g: 0, first: 0, prompts: ['Capital of France?', 'Capital of Peru?'], expectedId: 'x', cells: [[0, 0, 0], [0, 1, 0]] },
    { t: 'submitted', g: 0, groupId: 'x', ids: { group: 'x', style: 'padded', count: 2 }, traceId: '', at: 1 },
    { t: 'item', g: 0, i: 0, id: 'x_000000000', s: 'ok', r: 'Lyon' },
    { t: 'item', g: 0, i: 1, id: 'x_000000001', s: 'ok', r: 'Lima' },
    { t: 'group-done', g: 0, counts: { ok: 2, error: 0, pending: 0, unknown: 0, unsent: 0 } },
    { t: 'group', g: 1, first: 2, prompts: ['Capital of France?', 'Capital of Peru?'], expectedId: 'y', cells: [[1, 0, 0], [1, 1, 0]] },
    { t: 'submitted', g: 1, groupId: 'y', ids: { group: 'y', style: 'padded', count: 2 }, traceId: '', at: 2 },
    { t: 'item', g: 1, i: 2, id: 'y_000000000', s: 'ok', r: 'Lyon' },
    { t: 'item', g: 1, i: 3, id: 'y_000000001', s: 'error', e: 'the worker died' },
    { t: 'group-done', g: 1, counts: { ok: 1, error: 1, pending: 0, unknown: 0, unsent: 0 } },
  ];
  const projection = new RunProjection({ keepItems: true });
  events.forEach((event, i) => projection.apply(event, i, i + 1));
  return projection;
}
