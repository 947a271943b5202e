// Ledgers of both formats are read: version 1 (an `item` line per prompt and a `group-done`, as the runs in
// users' folders were written) and version 2 (a group's items in one `items` line). The fixture is a real
// version 1 ledger, written by `scalarlm-lab generate` before the format changed.

import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { runBatch } from '../../../../src/core/batch/runner';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import type { BatchInput } from '../../../../src/core/batch/types';
import { readLedger } from '../../../../src/core/runs/ledger-book';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { simulatedCompletion } from '../../../../src/sim';
import { jsonLines } from '../../helpers/cli-run';
import { ledgerReport } from '../../helpers/ledger-report';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

/** From out/test/unit/core/runs back to the fixtures beside this file. */
const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'test', 'unit', 'core', 'runs', 'fixtures');
const V1_LEDGER = join(FIXTURES, 'v1-complete.ledger.jsonl');
const V1_REPORT = jsonLines(readFileSync(join(FIXTURES, 'v1-complete.report.jsonl'), 'utf8'));
const V1_PROMPTS = ['first prompt', 'second prompt', 'third fails [[sim:item-error=ValueError: boom]]', 'fourth prompt', 'fifth prompt'];
const FAST_TIMING = { reconcileGraceMs: 20, retryBaseMs: 10, retryMaxMs: 50, metricsIntervalMs: 50 };

async function* inputOf(entries: string[]): AsyncGenerator<BatchInput> {
  for (const entry of entries) yield { entry };
}

describe('ledger formats', () => {
  const tmp = useTempDir();

  it('reads a version 1 ledger: the same report as the run printed, and every item with its prompt and origin', () => {
    assert.deepEqual(ledgerReport(V1_LEDGER), V1_REPORT);
    const { items, state } = RunProjection.replay(V1_LEDGER, { keepItems: true });
    assert.deepEqual(items.map((item) => [item.prompt, item.origin?.line, item.status]), V1_PROMPTS.map((prompt, i) => [prompt, i + 1, i === 2 ? 'error' : 'ok']));
    assert.equal(items[2].error, 'ValueError: boom');
    assert.deepEqual(state.counts, { ok: 4, error: 1, pending: 0, unknown: 0, unsent: 0 });
  });

  it('takes up an interrupted version 1 run in version 2: what the old lines settled stays, the rest is sent once', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'old.ledger.jsonl');
      // The old run as a crash left it: group 0 settled in version 1 lines, groups 1 and 2 planned, never sent.
      const lines = readFileSync(V1_LEDGER, 'utf8').trimEnd().split('\n');
      const kept = lines.filter((line) => {
        const event = JSON.parse(line) as LedgerEvent;
        return event.t === 'run' || event.t === 'group' || event.t === 'input-end' || ('g' in event && event.g === 0);
      });
      writeFileSync(ledgerPath, kept.join('\n') + '\n');
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const summary = await runBatch({ api: client, ledgerPath, resume: true, input: inputOf(V1_PROMPTS), timing: FAST_TIMING });
      await client.close();
      assert.deepEqual(summary.counts, { ok: 4, error: 1, pending: 0, unknown: 0, unsent: 0 });

      const report = ledgerReport(ledgerPath);
      assert.deepEqual(report.slice(0, 2), V1_REPORT.slice(0, 2), 'the old lines of group 0, as they were');
      assert.deepEqual(report.slice(2).map((line) => line.response), [null, simulatedCompletion(V1_PROMPTS[3], 8).text, simulatedCompletion(V1_PROMPTS[4], 8).text]);
      assert.equal(report[2].error, 'ValueError: boom');
      assert.deepEqual(submissionCounts(sim), [1, 1], 'groups 1 and 2 once each; group 0 never');
      const appended = readFileSync(ledgerPath, 'utf8').trimEnd().split('\n').slice(kept.length).map((line) => (JSON.parse(line) as LedgerEvent).t);
      assert.deepEqual(appended.filter((t) => t === 'items').length, 2, 'the new blocks in version 2');
      assert.ok(!appended.includes('item'));
    });
  });

  it('writes version 2: one items line per group, ids left out when they are the submitted ones', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'new.ledger.jsonl');
      const client = new ScalarLMClient({ baseUrl: sim.url });
      await runBatch({ api: client, ledgerPath, params: { model: 'tiny-random/gemma-4-dense', max_tokens: 8 }, input: inputOf(V1_PROMPTS), groupSize: 2, timing: FAST_TIMING });
      await client.close();
      const events = readFileSync(ledgerPath, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as LedgerEvent);
      assert.equal(events[0].t === 'run' && events[0].v, 2);
      // Groups are polled in parallel, so their blocks land in the order they finish: read them by group.
      const blocks = events.filter((event): event is Extract<LedgerEvent, { t: 'items' }> => event.t === 'items').sort((a, b) => a.g - b.g);
      assert.deepEqual(blocks.map((block) => [block.g, block.s, block.ids]), [
        [0, 'ok', undefined],
        [1, ['error', 'ok'], undefined],
        [2, 'ok', undefined],
      ]);
      assert.deepEqual(blocks[1].e, ['ValueError: boom', null]);
      // Same prompts, same groups, same server: the report reads as the version 1 run's did.
      const report = ledgerReport(ledgerPath);
      assert.deepEqual(report.map((line) => [line.index, line.status, line.response, line.error]), V1_REPORT.map((line) => [line.index, line.status, line.response, line.error]));
      assert.deepEqual(report.map((line) => line.request_id), V1_REPORT.map((line) => line.request_id));
      assert.deepEqual(readLedger(ledgerPath).counts, { ok: 4, error: 1, pending: 0, unknown: 0, unsent: 0 });
    });
  });

  it('a torn version 2 block is not trusted: its group is polled again', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'torn.ledger.jsonl');
      const client = new ScalarLMClient({ baseUrl: sim.url });
      await runBatch({ api: client, ledgerPath, params: { model: 'tiny-random/gemma-4-dense', max_tokens: 8 }, input: inputOf(V1_PROMPTS), groupSize: 2, timing: FAST_TIMING });
      const lines = readFileSync(ledgerPath, 'utf8').trimEnd().split('\n');
      // The crash cut the last group's block mid-line, before its end: the block and what follows are lost.
      const last = lines.map((line) => line.startsWith('{"t":"items"')).lastIndexOf(true);
      const tornPath = join(tmp.path, 'torn-copy.ledger.jsonl');
      copyFileSync(ledgerPath, tornPath);
      writeFileSync(tornPath, lines.slice(0, last).join('\n') + '\n' + lines[last].slice(0, 30));
      const resumed = await runBatch({ api: client, ledgerPath: tornPath, resume: true, input: inputOf(V1_PROMPTS), timing: FAST_TIMING });
      await client.close();
      assert.deepEqual(resumed.counts, { ok: 4, error: 1, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(submissionCounts(sim), [1, 1, 1], 'polled again, not sent again');
      assert.doesNotThrow(() => readFileSync(tornPath, 'utf8').trimEnd().split('\n').forEach((line) => JSON.parse(line)));
    });
  });
});
