// The run store, the run view read from a ledger, exports, and a deliberate resubmit of an unknown group.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { runBatch, type BatchRunOptions } from '../../../../src/core/batch/runner';
import type { BatchInput } from '../../../../src/core/batch/types';
import { exportCsv, exportJsonl } from '../../../../src/core/runs/export';
import { LedgerLock, ledgerHolder } from '../../../../src/core/runs/ledger-lock';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { RunStore } from '../../../../src/core/runs/run-store';
import { simulatedCompletion, type SimHandle } from '../../../../src/sim';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const FAST_TIMING = { reconcileGraceMs: 20, retryBaseMs: 10, retryMaxMs: 50, metricsIntervalMs: 50 };

async function* inputOf(entries: BatchInput[]): AsyncGenerator<BatchInput> {
  yield* entries;
}

describe('runs', () => {
  const tmp = useTempDir();

  async function run(sim: SimHandle, store: RunStore, runId: string, entries: BatchInput[], extra: Partial<BatchRunOptions> = {}) {
    const api = new ScalarLMClient({ baseUrl: sim.url });
    try {
      return await runBatch({
        api,
        runId,
        ledgerPath: store.ledgerPath(runId),
        params: { model: 'tiny-random/gemma-4-dense', max_tokens: 12 },
        input: inputOf(entries),
        groupSize: 4,
        planAll: true,
        title: `run ${runId}`,
        timing: FAST_TIMING,
        ...extra,
      });
    } finally {
      await api.close();
    }
  }

  it('lists runs newest first with their counts, shows every prompt with its origin, and deletes', async () => {
    await withSimulator({}, async (sim) => {
      const store = new RunStore(tmp.path);
      const entries: BatchInput[] = Array.from({ length: 10 }, (_, i) => ({ entry: `item ${i}`, origin: { line: i + 1, endLine: i + 1 } }));
      entries[6] = { entry: { messages: [{ role: 'user', content: 'bad [[sim:item-error=boom]]' }] }, origin: { line: 7, endLine: 9 } };
      await run(sim, store, 'first', entries.slice(0, 3));
      await run(sim, store, 'second', entries, { parentRunId: 'first' });

      const runs = store.list();
      assert.deepEqual(runs.map((r) => r.runId), ['second', 'first']);
      assert.deepEqual([runs[0].counts.ok, runs[0].counts.error, runs[0].total, runs[0].phase], [9, 1, 10, 'complete']);
      assert.equal(runs[0].title, 'run second');
      assert.equal(runs[0].parentRunId, 'first');

      const { header, items } = RunProjection.replay(store.ledgerPath('second'), { keepItems: true });
      assert.equal(header.runId, 'second');
      assert.equal(items.length, 10);
      assert.deepEqual(items[6].origin, { line: 7, endLine: 9 });
      assert.deepEqual([items[6].status, items[6].error, items[6].group], ['error', 'boom', 1]);
      assert.equal(items[2].response, simulatedCompletion('item 2', 12).text);

      const events = readFileSync(store.ledgerPath('second'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line).t);
      assert.deepEqual(['group', 'submit', 'items'].map((t) => events.filter((e: string) => e === t).length), [3, 3, 3], 'each group planned, sent and settled once');

      store.delete('first');
      assert.deepEqual(store.list().map((r) => r.runId), ['second']);
    });
  });

  it('exports JSONL and CSV with prompts, multi-line text quoted', async () => {
    await withSimulator({}, async (sim) => {
      const store = new RunStore(tmp.path);
      await run(sim, store, 'exported', [{ entry: 'line one,\n"line two"' }, { entry: { prompt: 'second' } }]);
      const { items } = RunProjection.replay(store.ledgerPath('exported'), { keepItems: true });
      await exportJsonl(items, `${tmp.path}/out.jsonl`);
      await exportCsv(items, `${tmp.path}/out.csv`);
      const rows = readFileSync(`${tmp.path}/out.jsonl`, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
      assert.deepEqual(Object.keys(rows[0]), ['index', 'status', 'request_id', 'prompt', 'response', 'error', 'line']);
      assert.equal(rows[0].prompt, 'line one,\n"line two"');
      const csv = readFileSync(`${tmp.path}/out.csv`, 'utf8');
      assert.match(csv, /^index,status,request_id,prompt,response,error,line\n0,ok,[0-9a-f]{64}_000000000,"line one,\n""line two""",/);
    });
  });

  it('resubmits an unknown group only when asked, and says the run is interrupted until it ends again', async () => {
    await withSimulator({ profile: 'legacy', legacyIds: 'integer' }, async (sim) => {
      const store = new RunStore(tmp.path);
      const first = await run(sim, store, 'unsure', [{ entry: 'lost answer [[sim:drop-after]]' }, { entry: 'two' }]);
      assert.equal(first.counts.unknown, 2);
      assert.match(String(RunProjection.replay(store.ledgerPath('unsure'), { keepItems: true }).items[0].error), /Not resubmitted automatically/);

      const resumed = await run(sim, store, 'unsure', [], { resume: true, resubmitUnknown: [0] });
      assert.deepEqual([resumed.counts.ok, resumed.reason], [2, 'complete']);
      assert.deepEqual(submissionCounts(sim), [2], 'sent twice: once lost, once on request');
      assert.equal(store.summary('unsure').phase, 'complete');
      await assert.rejects(run(sim, store, 'unsure', [], { resume: true, resubmitUnknown: [0] }), /not unknown/);
    });
  });
});

describe('one writer per ledger', () => {
  const tmp = useTempDir();

  it('refuses a ledger another live process writes to, and takes over one a dead process left', async () => {
    const ledger = `${tmp.path}/held.ledger.jsonl`;
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeFileSync(`${ledger}.lock`, JSON.stringify({ pid: holder.pid }));
      assert.throws(() => LedgerLock.take(ledger), new RegExp(`going in another process \\(pid ${holder.pid}\\)`));
      assert.equal(ledgerHolder(ledger), holder.pid);
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
    assert.equal(ledgerHolder(ledger), undefined, 'a lock whose process is gone holds nothing');
    const lock = LedgerLock.take(ledger);
    assert.equal(ledgerHolder(ledger), process.pid);
    lock.release();
    assert.equal(existsSync(`${ledger}.lock`), false);
  });
});
