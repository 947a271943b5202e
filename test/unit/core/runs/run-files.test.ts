// A run's files: its ledger and what lives beside it (an experiment's tests, a copy of stdin, a retry's item
// numbers, a stale lock). Deleting a run removes them all and nothing of another run.

import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { displayNumber, itemNumbersPath, readItemNumbers, writeItemNumbers } from '../../../../src/core/runs/item-numbers';
import { RunStore } from '../../../../src/core/runs/run-store';
import { useTempDir } from '../../helpers/temp-dir';

const header = (runId: string) => JSON.stringify({ t: 'run', v: 1, runId, createdAt: '2026-01-01T00:00:00.000Z', baseUrl: 'http://sim', params: { max_tokens: 4 }, groupSize: 1 }) + '\n';

describe('run files', () => {
  const tmp = useTempDir();

  it('lists the ledger first, then what is kept beside it, and deletes them all', () => {
    const store = new RunStore(tmp.path);
    for (const runId of ['aaaa', 'aaaab']) writeFileSync(store.ledgerPath(runId), header(runId));
    for (const name of ['aaaa.tests.jsonl', 'aaaa.ledger.jsonl.input', 'aaaa.ledger.jsonl.lock', 'aaaa.numbers.json']) writeFileSync(join(tmp.path, name), '{}');
    assert.deepEqual(store.files('aaaa').map((path) => basename(path)), ['aaaa.ledger.jsonl', 'aaaa.ledger.jsonl.input', 'aaaa.ledger.jsonl.lock', 'aaaa.numbers.json', 'aaaa.tests.jsonl']);
    store.delete('aaaa');
    assert.deepEqual(readdirSync(tmp.path), ['aaaab.ledger.jsonl'], 'another run whose id starts the same is left alone');
    assert.deepEqual(store.list().map((run) => run.runId), ['aaaab']);
    assert.deepEqual(new RunStore(join(tmp.path, 'none')).files('x'), []);
  });

  it('keeps a retry\'s item numbers beside its ledger, and reads nothing it cannot trust', () => {
    const ledger = join(tmp.path, 'retry.ledger.jsonl');
    assert.equal(itemNumbersPath(ledger), join(tmp.path, 'retry.numbers.json'));
    assert.equal(readItemNumbers(ledger), undefined);
    assert.equal(displayNumber(undefined, 0), 1, 'numbered from 1 without kept numbers');
    writeItemNumbers(ledger, { v: 1, of: 'parent', indexes: [7, 21, 42] });
    const numbers = readItemNumbers(ledger);
    assert.deepEqual(numbers, { v: 1, of: 'parent', indexes: [7, 21, 42] });
    assert.deepEqual([0, 1, 2, 3].map((index) => displayNumber(numbers, index)), [8, 22, 43, 4]);
    for (const bad of ['not json', '{"v":2,"of":"p","indexes":[1]}', '{"v":1,"of":"p","indexes":[-1]}', '{"v":1,"indexes":[1]}']) {
      writeFileSync(itemNumbersPath(ledger), bad);
      assert.equal(readItemNumbers(ledger), undefined, bad);
    }
    assert.ok(existsSync(itemNumbersPath(ledger)));
  });
});
