// The server's ids of batches earlier runs sent ({messages} prompts, whose ids cannot be computed here), by the
// hash of what was sent: from the runs of the same source only, the newest run's id first, damaged ledgers left out.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { knownGroups } from '../../../../src/core/runs/known-groups';
import { RunStore } from '../../../../src/core/runs/run-store';
import { useTempDir } from '../../helpers/temp-dir';

const line = (event: object) => JSON.stringify(event) + '\n';

/** A run from `source` that sent one group per [key, server id], with its ledger's lines. */
function run(runId: string, createdAt: string, source: string, groups: [string, string][], tail = ''): string {
  const lines = [line({ t: 'run', v: 2, runId, createdAt, baseUrl: 'http://sim', params: { max_tokens: 4 }, groupSize: 1, source })];
  groups.forEach(([key, groupId], g) => {
    lines.push(line({ t: 'group', g, first: g, prompts: [{ messages: [{ role: 'user', content: key }] }], expectedId: null, key }));
    lines.push(line({ t: 'submitted', g, groupId, ids: { list: [`${groupId}_000000000`] }, traceId: 't', at: 1 }));
  });
  return lines.join('') + tail;
}

describe('groups known from earlier runs', () => {
  const tmp = useTempDir();

  it('reads the runs of the same source, the newest first, and leaves out other sources, the run itself and damaged ledgers', () => {
    const store = new RunStore(tmp.path);
    writeFileSync(store.ledgerPath('older'), run('older', '2026-01-01T00:00:00.000Z', 'file:///a.yaml', [['k1', 'old1'], ['k2', 'old2']]));
    writeFileSync(store.ledgerPath('newer'), run('newer', '2026-01-02T00:00:00.000Z', 'file:///a.yaml', [['k1', 'new1']]));
    writeFileSync(store.ledgerPath('other'), run('other', '2026-01-03T00:00:00.000Z', 'file:///b.yaml', [['k3', 'b3']]));
    writeFileSync(store.ledgerPath('damaged'), run('damaged', '2026-01-04T00:00:00.000Z', 'file:///a.yaml', [['k4', 'd4']], 'not json\n'));
    writeFileSync(store.ledgerPath('current'), run('current', '2026-01-05T00:00:00.000Z', 'file:///a.yaml', [['k5', 'c5']]));
    assert.deepEqual(Object.fromEntries(knownGroups(store, 'file:///a.yaml', 'current')), { k1: 'new1', k2: 'old2' });
    assert.equal(knownGroups(store, undefined).size, 0);
  });
});
