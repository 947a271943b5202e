// Resuming a run from its ledger: nothing lost, nothing submitted twice.

import assert from 'node:assert/strict';
import { readFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScalarLMApi } from '../../../../src/core/api/api';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { ledgerReport } from '../../helpers/ledger-report';
import { runBatch } from '../../../../src/core/batch/runner';
import type { BatchInput } from '../../../../src/core/batch/types';
import { simulatedCompletion } from '../../../../src/sim';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const FAST_TIMING = { reconcileGraceMs: 20, retryBaseMs: 10, retryMaxMs: 50, metricsIntervalMs: 50 };
const PARAMS = { model: 'tiny-random/gemma-4-dense', max_tokens: 16 };

async function* inputOf(entries: string[]): AsyncGenerator<BatchInput> {
  for (const entry of entries) yield { entry };
}

/**
 * A client whose submits reach the server but whose answers never come back: the ledger is left exactly as
 * a process that died mid-submit leaves it (a `submit` with no `submitted`).
 */
function dyingAfterSubmit(api: ScalarLMApi, onSubmitted: () => void): ScalarLMApi {
  return Object.assign(Object.create(api) as ScalarLMApi, {
    generate: async (request: Parameters<ScalarLMApi['generate']>[0], options?: { signal?: AbortSignal }) => {
      await api.generate(request);
      onSubmitted();
      const signal = options?.signal;
      return new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    },
  });
}

describe('batch resume', () => {
  const tmp = useTempDir();

  it('resumes a run that died mid-submit: the group is found on the server and polled, not resent', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'run.jsonl');
      const input = Array.from({ length: 30 }, (_, i) => `resume me ${i}`);
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const dying = new AbortController();
      const first = await runBatch({
        api: dyingAfterSubmit(client, () => dying.abort()),
        ledgerPath,
        params: PARAMS,
        input: inputOf(input),
        groupSize: 10,
        maxInFlight: 1,
        detach: dying.signal,
        timing: FAST_TIMING,
      });
      assert.equal(first.reason, 'detached');
      assert.equal(first.counts.unknown, 10, 'a submit cut off by a crash is unknown until the server is asked');

      const second = await runBatch({ api: client, ledgerPath, resume: true, input: inputOf(input), timing: FAST_TIMING });
      await client.close();
      assert.equal(second.reason, 'complete');
      assert.deepEqual(second.counts, { ok: 30, error: 0, pending: 0, unknown: 0, unsent: 0 });
      const items = ledgerReport(ledgerPath);
      assert.deepEqual(items.map((i) => i.index), input.map((_, i) => i));
      items.forEach((item, i) => assert.equal(item.response, simulatedCompletion(input[i], 16).text));
      assert.deepEqual(submissionCounts(sim), [1, 1, 1]);
    });
  });

  it('asks the server about a submit a cancel cut off: what it holds is pending with its ids, the rest unsent, none unknown', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'cancelled.jsonl');
      const input = Array.from({ length: 30 }, (_, i) => `cancel me ${i}`);
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const cancel = new AbortController();
      const first = await runBatch({
        api: dyingAfterSubmit(client, () => cancel.abort()),
        ledgerPath,
        params: PARAMS,
        input: inputOf(input),
        groupSize: 10,
        maxInFlight: 1,
        signal: cancel.signal,
        timing: FAST_TIMING,
      });
      assert.equal(first.reason, 'cancelled');
      assert.deepEqual(first.counts, { ok: 0, error: 0, pending: 10, unknown: 0, unsent: 20 });
      const report = ledgerReport(ledgerPath);
      assert.ok(report.slice(0, 10).every((item) => item.status === 'pending' && typeof item.request_id === 'string'));

      const second = await runBatch({ api: client, ledgerPath, resume: true, input: inputOf(input), timing: FAST_TIMING });
      await client.close();
      assert.deepEqual(second.counts, { ok: 30, error: 0, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(submissionCounts(sim), [1, 1, 1]);
    });
  });

  it('drops a line torn by a crash and carries on from the last whole event', async () => {
    await withSimulator({}, async (sim) => {
      const ledgerPath = join(tmp.path, 'torn.jsonl');
      const input = Array.from({ length: 12 }, (_, i) => `torn ${i}`);
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const stop = new AbortController();
      await runBatch({
        api: dyingAfterSubmit(client, () => stop.abort()),
        ledgerPath,
        params: PARAMS,
        input: inputOf(input),
        groupSize: 4,
        maxInFlight: 1,
        signal: stop.signal,
        timing: FAST_TIMING,
      });
      appendFileSync(ledgerPath, '{"t":"item","g":0,"i":0,"id":"x","s":"o');
      const resumed = await runBatch({ api: client, ledgerPath, resume: true, input: inputOf(input), timing: FAST_TIMING });
      await client.close();
      assert.equal(resumed.counts.ok, 12);
      const lines = readFileSync(ledgerPath, 'utf8').trimEnd().split('\n');
      assert.doesNotThrow(() => lines.forEach((line) => JSON.parse(line)));
      assert.deepEqual(submissionCounts(sim), [1, 1, 1]);
    });
  });

  it('re-polls items left pending at a deadline when resumed', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 20, slots: 1 }, async (sim) => {
      const ledgerPath = join(tmp.path, 'deadline.jsonl');
      const input = Array.from({ length: 6 }, (_, i) => `slow ${i}`);
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const first = await runBatch({ api: client, ledgerPath, params: PARAMS, input: inputOf(input), groupSize: 3, deadline: AbortSignal.timeout(300), timing: FAST_TIMING });
      assert.equal(first.reason, 'deadline');
      assert.ok(first.counts.pending > 0);
      const second = await runBatch({ api: client, ledgerPath, resume: true, input: inputOf(input), timing: FAST_TIMING });
      await client.close();
      assert.deepEqual(second.counts, { ok: 6, error: 0, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(submissionCounts(sim), [1, 1]);
    });
  });

  it('detaches without ending the ledger, so that the next session takes the run up', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 200, slots: 2 }, async (sim) => {
      const ledgerPath = join(tmp.path, 'detached.jsonl');
      const input = Array.from({ length: 16 }, (_, i) => `detached ${i}`);
      const client = new ScalarLMClient({ baseUrl: sim.url });
      const detach = new AbortController();
      const first = await runBatch({
        api: client,
        ledgerPath,
        params: PARAMS,
        input: inputOf(input),
        groupSize: 4,
        planAll: true,
        detach: detach.signal,
        timing: FAST_TIMING,
        onProgress: (p) => p.counts.ok > 0 && detach.abort(),
      });
      assert.equal(first.reason, 'detached');
      assert.ok(!readFileSync(ledgerPath, 'utf8').includes('"t":"end"'), 'no end in the ledger');
      const second = await runBatch({ api: client, ledgerPath, resume: true, timing: FAST_TIMING });
      await client.close();
      assert.deepEqual(second.counts, { ok: 16, error: 0, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(submissionCounts(sim), [1, 1, 1, 1]);
    });
  });
});
