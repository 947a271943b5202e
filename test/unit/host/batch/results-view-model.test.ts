// What the results panel is sent: items, counts, the temperature note, unknown groups, checked messages.

import assert from 'node:assert/strict';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import type { RunHeader } from '../../../../src/core/runs/ledger-state';
import { RunProjection, type RunItem } from '../../../../src/core/runs/run-projection';
import { EMBEDDING_VALUES_SHOWN, embeddingView, headerView, itemUpdate, liveProgressView, storedProgressView, TEMPERATURE_NOTE } from '../../../../src/host/batch/results-view-model';
import { CODE_FORMATS, isResultsMessage } from '../../../../src/protocol/results';
import { SNIPPET_FORMATS } from '../../../../src/core/snippets';

const header: RunHeader = {
  t: 'run',
  v: 1,
  runId: 'r1',
  createdAt: '2026-11-29T10:00:00.000Z',
  baseUrl: 'http://127.0.0.1:8000',
  params: { max_tokens: 64, temperature: 0.7 },
  groupSize: 2,
  title: 'prompts.jsonl',
};

const item = (index: number, over: Partial<RunItem> = {}): RunItem => ({
  index,
  group: Math.floor(index / 2),
  prompt: `prompt ${index}`,
  status: 'unsent',
  requestId: null,
  response: null,
  error: null,
  ...over,
});

function projectionOf(events: LedgerEvent[]): RunProjection {
  const run = new RunProjection({ keepItems: true });
  [header, ...events].forEach((event, i) => run.apply(event, i, i + 1));
  return run;
}

describe('results view model', () => {
  it('describes the run, with the greedy-decoding note when temperature is not 0', () => {
    const view = headerView(header, 4, 'prompts.jsonl');
    assert.equal(view.model, "deployment's default");
    assert.equal(view.temperatureNote, TEMPERATURE_NOTE);
    assert.equal(headerView({ ...header, params: { max_tokens: 64 } }, 4, undefined).temperatureNote, undefined);
  });

  it('shows prompts as text and unsent items of a live run as queued', () => {
    const messages = item(0, { prompt: { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] } });
    assert.equal(itemUpdate(messages, false, true).prompt, 'system: Be brief.\nuser: Hi');
    assert.equal(itemUpdate(item(1), true, true).status, 'queued');
    assert.equal(itemUpdate(item(1), false, true).status, 'unsent');
  });

  it('sends what never changes only the first time, and of the state only what there is', () => {
    const answered = item(3, { status: 'ok', response: 'Hi', requestId: 'g_000000003', origin: { line: 4, endLine: 4 } });
    assert.deepEqual(itemUpdate(answered, false, true), { index: 3, status: 'ok', response: 'Hi', group: 1, prompt: 'prompt 3', origin: { line: 4, endLine: 4 } });
    assert.deepEqual(itemUpdate(answered, false, false), { index: 3, status: 'ok', response: 'Hi' }, 'no request id: the detail pane is told it');
    assert.deepEqual(itemUpdate(item(3, { status: 'error', error: 'boom' }), false, false), { index: 3, status: 'error', error: 'boom' });
  });

  it('keeps a settled result on top of the known prompt and origin', () => {
    const run = projectionOf([
      { t: 'group', g: 0, first: 0, prompts: ['prompt 0'], origins: [{ line: 4, endLine: 4 }], expectedId: null },
      { t: 'submit', g: 0, at: 1 },
      { t: 'submitted', g: 0, groupId: 'g', ids: { group: 'g', style: 'padded', count: 1 }, traceId: '', at: 2 },
      { t: 'item', g: 0, i: 0, id: 'g_000000000', s: 'error', e: 'boom' },
      { t: 'group-done', g: 0, counts: { ok: 0, error: 1, pending: 0, unknown: 0, unsent: 0 } },
    ]);
    const [settled] = run.items;
    assert.deepEqual([settled.prompt, settled.origin?.line, settled.status, settled.error, settled.requestId], ['prompt 0', 4, 'error', 'boom', 'g_000000000']);
  });

  it('counts a stored run from its items, and lists only unknown groups that carry a reconcile note', () => {
    const note = 'Not resubmitted automatically, so nothing runs twice.';
    const done = (g: number, counts: Partial<Record<'ok' | 'error' | 'unknown', number>>) => ({ t: 'group-done' as const, g, counts: { ok: 0, error: 0, pending: 0, unknown: 0, unsent: 0, ...counts } });
    const run = projectionOf([
      { t: 'group', g: 0, first: 0, prompts: ['a', 'b'], expectedId: null },
      { t: 'item', g: 0, i: 0, id: null, s: 'ok', r: 'A' },
      { t: 'item', g: 0, i: 1, id: null, s: 'error', e: 'x' },
      done(0, { ok: 1, error: 1 }),
      { t: 'group', g: 1, first: 2, prompts: ['c', 'd'], expectedId: null },
      { t: 'submit', g: 1, at: 3 },
      { t: 'reconciled', g: 1, outcome: 'unknown', via: 'list-requests', certainty: 'none', note },
      { t: 'group', g: 2, first: 4, prompts: ['e'], expectedId: null },
      { t: 'submit', g: 2, at: 4 },
      { t: 'end', at: Date.parse(header.createdAt) + 5000, reason: 'complete', counts: { ok: 1, error: 1, pending: 0, unknown: 3, unsent: 0 } },
    ]);
    const view = storedProgressView(run);
    assert.deepEqual(view.counts, { ok: 1, error: 1, pending: 0, unknown: 3, unsent: 0, queued: 0 });
    assert.equal(view.elapsedMs, 5000);
    assert.deepEqual(view.unknownGroups.map((g) => g.group), [1]);
    assert.equal(run.items[2].error, note, 'the note is on the items it explains');
    assert.equal(run.items[4].error, null, 'a submit cut off by a crash has no note yet');
    assert.equal(storedProgressView(projectionOf([])).phase, 'stopped');
  });

  it('takes live counts from the runner, queued for what is not sent yet', () => {
    const progress = { counts: { ok: 2, error: 0, pending: 2, unknown: 0, unsent: 6 }, total: 10, groupsInFlight: 1, elapsedMs: 1200, etaSeconds: 3 };
    const view = liveProgressView(progress, projectionOf([]));
    assert.deepEqual([view.phase, view.counts.queued, view.counts.unsent, view.etaSeconds], ['running', 6, 0, 3]);
  });

  it('numbers items from 1, or with the numbers a retry keeps, and names the run retried by its title', () => {
    assert.equal(itemUpdate(item(0), false, true).number, undefined, 'index + 1 goes without saying');
    assert.equal(itemUpdate(item(0), false, true, 22).number, 22);
    const retry = { ...header, parentRunId: 'p1' };
    assert.deepEqual(headerView(retry, 1, undefined, { title: 'prompts.jsonl', createdAt: '2026-11-28T09:00:00.000Z' }).parent, { title: 'prompts.jsonl', createdAt: '2026-11-28T09:00:00.000Z' });
    assert.equal(headerView(retry, 1, undefined).parent, undefined, 'a parent since deleted');
    assert.equal(headerView(header, 1, undefined, { title: 'x', createdAt: '' }).parent, undefined, 'only a retry has a parent');
  });

  it('sums up a response that is an embedding, and leaves text alone', () => {
    const vector = [0.6, -0.8, 0, 0, 0, 0, 0, 0, 0.0];
    const view = itemUpdate(item(0, { status: 'ok', response: JSON.stringify(vector) }), false, false);
    assert.deepEqual([view.embedding?.dimension, view.embedding?.first], [9, vector.slice(0, EMBEDDING_VALUES_SHOWN)]);
    assert.ok(Math.abs((view.embedding?.norm ?? 0) - 1) < 1e-12);
    assert.equal(view.response, JSON.stringify(vector), 'the JSON is kept, to copy');
    assert.equal(itemUpdate(item(0, { status: 'ok', response: '[0.6, -0.8]' }), false, false).embedding, undefined);
    assert.equal(embeddingView(null), undefined);
  });

  it('accepts only well-formed messages from the page', () => {
    assert.ok(isResultsMessage({ type: 'detailShown', index: 3 }));
    assert.ok(isResultsMessage({ type: 'detailHidden' }));
    assert.ok(isResultsMessage({ type: 'copyRequest', format: 'python' }));
    assert.ok(!isResultsMessage({ type: 'copyRequest', format: 'perl' }));
    assert.ok(!isResultsMessage({ type: 'detailShown', index: 'first' }));
    assert.ok(isResultsMessage({ type: 'item', action: 'reveal', index: 3 }));
    assert.ok(isResultsMessage({ type: 'run', action: 'exportCsv' }));
    assert.ok(!isResultsMessage({ type: 'item', action: 'deleteEverything', index: 3 }));
    assert.ok(!isResultsMessage({ type: 'resubmitUnknown', group: '1' }));
    assert.ok(!isResultsMessage('ready'));
  });

  it('offers the page the same code formats the snippets write', () => {
    assert.deepEqual([...CODE_FORMATS], [...SNIPPET_FORMATS]);
  });
});
