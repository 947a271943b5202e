// How a run's items and counts read in its panel, live and after it stopped (issue 17 item 7: a group whose
// submit is in flight is pending while the run goes, not "unknown: its group's submit was cut off").

import assert from 'node:assert/strict';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import type { RunHeader } from '../../../../src/core/runs/ledger-state';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { shownStatus, tally } from '../../../../src/host/runs/run-counts';

const header: RunHeader = { t: 'run', v: 1, runId: 'r1', createdAt: '2026-12-01T10:00:00.000Z', baseUrl: 'http://127.0.0.1:8000', params: { max_tokens: 8 }, groupSize: 2, title: 'p.jsonl' };

function projectionOf(events: LedgerEvent[]): RunProjection {
  const run = new RunProjection({ keepItems: true });
  [header, ...events].forEach((event, i) => run.apply(event, i, i + 1));
  return run;
}

/** A group whose submit was written and not yet answered: the POST is on its way (it blocks until answers come). */
const submitting: LedgerEvent[] = [
  { t: 'group', g: 0, first: 0, prompts: ['a', 'b'], expectedId: null },
  { t: 'submit', g: 0, at: 1 },
];

describe('run counts as shown', () => {
  it('shows the items of a group being submitted as pending while the run goes, as the counters do', () => {
    const run = projectionOf(submitting);
    assert.deepEqual(run.items.map((item) => shownStatus(item, true)), ['pending', 'pending']);
    assert.equal(tally(run.items, true).unknown, 0);
    assert.equal(tally(run.items, true).pending, 2);
  });

  it('keeps unknown for a submit that was cut off once the run stopped, and for one the deployment could not settle', () => {
    assert.deepEqual(projectionOf(submitting).items.map((item) => shownStatus(item, false)), ['unknown', 'unknown']);
    const unsettled = projectionOf([...submitting, { t: 'reconciled', g: 0, outcome: 'unknown', via: 'none', certainty: 'none', note: 'The deployment did not answer the lookup.' }]);
    assert.deepEqual(unsettled.items.map((item) => shownStatus(item, true)), ['unknown', 'unknown']);
  });

  it('shows unsent as queued only while the run goes', () => {
    const run = projectionOf([{ t: 'group', g: 0, first: 0, prompts: ['a'], expectedId: null }]);
    assert.equal(shownStatus(run.items[0], true), 'queued');
    assert.equal(shownStatus(run.items[0], false), 'unsent');
  });
});
