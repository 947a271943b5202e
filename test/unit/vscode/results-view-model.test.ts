// What the results panel is sent: items, counts, the temperature note, unknown groups, checked messages.

import assert from 'node:assert/strict';
import type { RunHeader } from '../../../src/core/batch/ledger-state';
import type { RunItem } from '../../../src/core/runs/run-items';
import { headerView, isResultsMessage, itemView, liveProgressView, settledItem, storedProgressView, TEMPERATURE_NOTE } from '../../../src/vscode/batch/results-view-model';

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

describe('results view model', () => {
  it('describes the run, with the greedy-decoding note when temperature is not 0', () => {
    const view = headerView(header, 4, 'prompts.jsonl');
    assert.equal(view.model, "deployment's default");
    assert.equal(view.temperatureNote, TEMPERATURE_NOTE);
    assert.equal(headerView({ ...header, params: { max_tokens: 64 } }, 4, undefined).temperatureNote, undefined);
  });

  it('shows prompts as text and unsent items of a live run as queued', () => {
    const messages = item(0, { prompt: { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] } });
    assert.equal(itemView(messages, false).prompt, 'system: Be brief.\nuser: Hi');
    assert.equal(itemView(item(1), true).status, 'queued');
    assert.equal(itemView(item(1), false).status, 'unsent');
  });

  it('applies a settled result on top of the known prompt and origin', () => {
    const known = item(3, { origin: { line: 4, endLine: 4 } });
    const settled = settledItem(known, { index: 3, request_id: 'g_000000001', status: 'error', response: null, error: 'boom' });
    assert.deepEqual([settled.prompt, settled.origin?.line, settled.status, settled.error], ['prompt 3', 4, 'error', 'boom']);
  });

  it('counts a stored run from its items, and lists only unknown groups that carry a reconcile note', () => {
    const items = [
      item(0, { status: 'ok' }),
      item(1, { status: 'error', error: 'x' }),
      item(2, { status: 'unknown', error: 'Not resubmitted automatically, so nothing runs twice.' }),
      item(3, { status: 'unknown', error: 'Not resubmitted automatically, so nothing runs twice.' }),
      item(4, { group: 2, status: 'unknown' }),
    ];
    const view = storedProgressView({ header, items, end: { t: 'end', at: Date.parse(header.createdAt) + 5000, reason: 'complete', counts: { ok: 1, error: 1, pending: 0, unknown: 3, unsent: 0 } } }, items);
    assert.deepEqual(view.counts, { ok: 1, error: 1, pending: 0, unknown: 3, unsent: 0, queued: 0 });
    assert.equal(view.elapsedMs, 5000);
    assert.deepEqual(view.unknownGroups.map((g) => g.group), [1]);
    assert.equal(storedProgressView({ header, items }, items).phase, 'stopped');
  });

  it('takes live counts from the runner, queued for what is not sent yet', () => {
    const progress = { counts: { ok: 2, error: 0, pending: 2, unknown: 0, unsent: 6 }, total: 10, groupsInFlight: 1, elapsedMs: 1200, etaSeconds: 3 };
    const view = liveProgressView(progress, []);
    assert.deepEqual([view.phase, view.counts.queued, view.counts.unsent, view.etaSeconds], ['running', 6, 0, 3]);
  });

  it('accepts only well-formed messages from the page', () => {
    assert.ok(isResultsMessage({ type: 'item', action: 'reveal', index: 3 }));
    assert.ok(isResultsMessage({ type: 'run', action: 'exportCsv' }));
    assert.ok(!isResultsMessage({ type: 'item', action: 'deleteEverything', index: 3 }));
    assert.ok(!isResultsMessage({ type: 'resubmitUnknown', group: '1' }));
    assert.ok(!isResultsMessage('ready'));
  });
});
