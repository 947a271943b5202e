// What an experiment panel is sent, built from a run's ledger: columns with their model and transport, rows
// labelled by their vars, cells by their place in the matrix, a cell's detail, the counts and what was fetched.

import assert from 'node:assert/strict';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import type { RunHeader } from '../../../../src/core/runs/ledger-state';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { cellDetailView, cellViews, experimentHeaderView, experimentProgressView, rowViews } from '../../../../src/host/experiments/experiment-view-model';

const header: RunHeader = {
  t: 'run',
  v: 1,
  runId: 'e1',
  createdAt: '2026-12-01T10:00:00.000Z',
  baseUrl: 'http://127.0.0.1:8000',
  params: { max_tokens: 16 },
  groupSize: 64,
  title: 'Greetings',
  warnings: ['short × base: top_p and stop are not applied on the batch queue.'],
  experiment: {
    origin: { kind: 'config', path: '/ws/promptfooconfig.yaml' },
    columns: [
      { promptKey: 'a', promptLabel: 'greet', providerKey: 'base', providerLabel: 'base', model: 'base-model', transport: 'batch', maxTokens: 16 },
      { promptKey: 'a', promptLabel: 'greet', providerKey: 'hot', providerLabel: 'hot', transport: 'chat', maxTokens: 16 },
    ],
    tests: 2,
    repeat: 1,
    fingerprint: 'f',
  },
};

function run(events: LedgerEvent[]): RunProjection {
  const projection = new RunProjection({ keepItems: true });
  [header, ...events].forEach((event, i) => projection.apply(event, i, i + 1));
  return projection;
}

const done = (g: number, ok: number) => ({ t: 'group-done' as const, g, counts: { ok, error: 0, pending: 0, unknown: 0, unsent: 0 } });

describe('experiment view model', () => {
  const events: LedgerEvent[] = [
    { t: 'group', g: 0, first: 0, prompts: ['Hi Ada', 'Hi Grace'], expectedId: 'x', cells: [[0, 0, 0], [0, 1, 0]] },
    { t: 'submitted', g: 0, groupId: 'x', ids: { group: 'x', style: 'padded', count: 2 }, traceId: '', at: 1, existing: true },
    { t: 'item', g: 0, i: 0, id: 'x_000000000', s: 'ok', r: 'Hello Ada' },
    { t: 'item', g: 0, i: 1, id: 'x_000000001', s: 'ok', r: 'Hello Grace' },
    done(0, 2),
    { t: 'group', g: 1, first: 2, prompts: [{ messages: [{ role: 'user', content: 'Hi Ada' }] }], expectedId: 'k', transport: 'chat', cells: [[1, 0, 0]] },
    { t: 'submitted', g: 1, groupId: null, ids: { list: [] }, traceId: '', at: 2 },
    { t: 'item', g: 1, i: 2, id: null, s: 'ok', r: 'Hey Ada', u: { p: 5, c: 2 }, ms: 40, f: 'stop' },
    done(1, 1),
    { t: 'group', g: 2, first: 3, prompts: ['Hi Grace'], expectedId: 'k2', transport: 'chat', cells: [[1, 1, 0]] },
  ];

  it('names the columns with their model (the default when none was resolved) and transport, and keeps the warnings', () => {
    const view = experimentHeaderView(run(events), 'promptfooconfig.yaml');
    assert.deepEqual(view.columns.map((c) => [c.model, c.transport]), [['base-model', 'batch'], ["deployment's default", 'chat']]);
    assert.deepEqual([view.rowCount, view.repeat, view.warnings.length, view.title], [2, 1, 1, 'Greetings']);
  });

  it('labels rows by description, else by their vars', () => {
    const rows = rowViews(new Map([[0, { index: 0, vars: { name: 'Ada', city: 'London' } }], [1, { index: 1, description: 'the admiral', vars: { name: 'Grace' } }]]), 2);
    assert.deepEqual(rows.map((r) => r.label), ['name=Ada, city=London', 'the admiral']);
    assert.deepEqual(rows[0].vars, { name: 'Ada', city: 'London' });
  });

  it('places every cell by column, row and repeat, what is not sent yet queued while the run goes', () => {
    const projection = run(events);
    const cells = cellViews(projection.items, true);
    assert.deepEqual(cells.map((c) => [c.column, c.row, c.status, c.output]), [[0, 0, 'ok', 'Hello Ada'], [0, 1, 'ok', 'Hello Grace'], [1, 0, 'ok', 'Hey Ada'], [1, 1, 'queued', null]]);
    assert.equal(cellViews(projection.items, false)[3].status, 'unsent');
  });

  it("gives a cell's detail: the rendered prompt, vars, tokens, latency and finish reason", () => {
    const projection = run(events);
    const detail = cellDetailView(projection.items[2], new Map([[0, { index: 0, vars: { name: 'Ada', n: 3 } }]]), false);
    assert.deepEqual([detail?.prompt, detail?.vars, detail?.promptTokens, detail?.completionTokens, detail?.latencyMs, detail?.finishReason], ['user: Hi Ada', { name: 'Ada', n: '3' }, 5, 2, 40, 'stop']);
  });

  it('counts cells fetched rather than sent, and how the run ended', () => {
    const projection = run([...events, { t: 'end', at: Date.parse(header.createdAt) + 3000, reason: 'cancelled', counts: { ok: 3, error: 0, pending: 0, unknown: 0, unsent: 1 } }]);
    const progress = experimentProgressView(projection, undefined, false);
    assert.deepEqual([progress.phase, progress.fetchedCells, progress.sentCells, progress.elapsedMs, progress.counts.ok, progress.counts.unsent], ['cancelled', 2, 1, 3000, 3, 1]);
  });
});
