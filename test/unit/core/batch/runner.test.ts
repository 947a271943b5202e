// The batch runner against the simulator over real sockets: every prompt accounted for exactly once,
// whatever the server does.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { UnreachableError } from '../../../../src/core/api/errors';
import { ledgerReport } from '../../helpers/ledger-report';
import { runBatch, type BatchRunOptions, type BatchSummary } from '../../../../src/core/batch/runner';
import type { BatchInput } from '../../../../src/core/batch/types';
import type { ReportLine } from '../../../../src/core/runs/report-stream';
import { simulatedCompletion, type SimHandle } from '../../../../src/sim';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const FAST_TIMING = { reconcileGraceMs: 20, retryBaseMs: 10, retryMaxMs: 50, metricsIntervalMs: 50 };

async function* inputOf(prompts: BatchInput['entry'][]): AsyncGenerator<BatchInput> {
  for (const entry of prompts) yield { entry };
}

function prompts(n: number, text = (i: number) => `Prompt number ${i}: say something.`): string[] {
  return Array.from({ length: n }, (_, i) => text(i));
}

describe('batch runner', () => {
  const tmp = useTempDir();

  async function run(sim: SimHandle, entries: BatchInput['entry'][], extra: Partial<BatchRunOptions> = {}): Promise<{ summary: BatchSummary; items: ReportLine[] }> {
    const api = new ScalarLMClient({ baseUrl: sim.url });
    try {
      const summary = await runBatch({
        api,
        ledgerPath: join(tmp.path, 'run.ledger.jsonl'),
        params: { model: 'tiny-random/gemma-4-dense', max_tokens: 24 },
        input: inputOf(entries),
        groupSize: 8,
        maxInFlight: 3,
        timing: FAST_TIMING,
        ...extra,
      });
      return { summary, items: ledgerReport(summary.ledgerPath) };
    } finally {
      await api.close();
    }
  }

  it('returns every prompt once, in input order, with the model text', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(50);
      const { summary, items } = await run(sim, input);
      assert.equal(summary.reason, 'complete');
      assert.deepEqual(summary.counts, { ok: 50, error: 0, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(items.map((i) => i.index), input.map((_, i) => i));
      items.forEach((item, i) => assert.equal(item.response, simulatedCompletion(input[i], 24).text));
      assert.deepEqual(submissionCounts(sim), Array(7).fill(1));
    });
  });

  it('reports per-item errors with the server text, an empty error string included', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(20);
      input[3] = 'fails [[sim:item-error=ValueError: boom]]';
      input[11] = 'fails quietly [[sim:item-error=]]';
      const { summary, items } = await run(sim, input);
      assert.deepEqual([summary.counts.ok, summary.counts.error], [18, 2]);
      assert.deepEqual([items[3].status, items[3].error], ['error', 'ValueError: boom']);
      assert.deepEqual([items[11].status, items[11].error], ['error', '']);
    });
  });

  it('matches results by id when the server answers whole groups out of order (latency on)', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 2000, slots: 4 }, async (sim) => {
      const input = prompts(40);
      const { summary, items } = await run(sim, input, { groupSize: 5, maxInFlight: 4 });
      assert.equal(summary.counts.ok, 40);
      items.forEach((item, i) => assert.equal(item.response, simulatedCompletion(input[i], 24).text));
    });
  });

  for (const legacyIds of ['unpadded', 'integer'] as const) {
    it(`orders results of the legacy profile (${legacyIds} ids, results sorted as strings)`, async () => {
      await withSimulator({ profile: 'legacy', legacyIds }, async (sim) => {
        const input = prompts(24);
        const { summary, items } = await run(sim, input, { groupSize: 12 });
        assert.equal(summary.counts.ok, 24);
        items.forEach((item, i) => assert.equal(item.response, simulatedCompletion(input[i], 24).text));
      });
    });
  }

  it('reports unfinished items as pending with their ids at the deadline, never as ok', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(10);
      input[4] = 'never done [[sim:never-finish]]';
      const { summary, items } = await run(sim, input, { deadline: AbortSignal.timeout(600) });
      assert.equal(summary.reason, 'deadline');
      // The first group's submit blocks on its unfinished item: the deadline cuts it, and the server holds all eight.
      assert.deepEqual([summary.counts.ok, summary.counts.pending], [2, 8]);
      assert.equal(items[4].status, 'pending');
      assert.match(String(items[4].request_id), /^[0-9a-f]{64}_000000004$/);
    });
  });

  it('reconciles a submit whose connection dropped after the server took it: polled, not resubmitted', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(16);
      input[9] = 'the answer to this submit is lost [[sim:drop-after]]';
      const logs: string[] = [];
      const { summary } = await run(sim, input, { onLog: (m) => logs.push(m) });
      assert.equal(summary.counts.ok, 16);
      assert.deepEqual(submissionCounts(sim), [1, 1]);
      assert.ok(logs.some((m) => /polling it instead of resubmitting/.test(m)), logs.join('\n'));
    });
  });

  it('resubmits a group the server provably never received (dropped before processing)', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(16);
      input[2] = 'this submit never arrives [[sim:drop-before]]';
      const { summary } = await run(sim, input);
      assert.equal(summary.counts.ok, 16);
      assert.deepEqual(submissionCounts(sim), [1, 1]);
    });
  });

  it('reconciles {messages} groups through list_requests when the id cannot be computed', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(6).map((text, i) => ({ messages: [{ role: 'user', content: i === 1 ? `${text} [[sim:drop-after]]` : text }] }));
      const { summary, items } = await run(sim, input, { groupSize: 6 });
      assert.equal(summary.counts.ok, 6);
      assert.deepEqual(submissionCounts(sim), [1]);
      assert.ok(items.every((i) => i.status === 'ok'));
    });
  });

  it('marks a group unknown, and does not resend it, when an old server can neither show nor rule it out', async () => {
    await withSimulator({ profile: 'legacy', legacyIds: 'integer' }, async (sim) => {
      const input = prompts(8);
      input[0] = 'lost answer [[sim:drop-after]]';
      const { summary, items } = await run(sim, input);
      assert.equal(summary.counts.unknown, 8);
      assert.match(String(items[0].error), /Not resubmitted automatically/);
      assert.equal(sim.stats().enqueuedPrompts, 8);
    });
  });

  it('stops on cancel and still lists every prompt: submitted ones with ids, the rest unsent', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 50, slots: 1 }, async (sim) => {
      const controller = new AbortController();
      const input = prompts(64);
      const { summary, items } = await run(sim, input, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.counts.pending > 0) controller.abort();
        },
      });
      assert.equal(summary.reason, 'cancelled');
      assert.equal(items.length, 64);
      assert.deepEqual(items.map((i) => i.index), input.map((_, i) => i));
      assert.ok(summary.counts.unsent > 0);
      for (const item of items.filter((i) => i.status === 'pending')) assert.ok(item.request_id);
    });
  });

  it('fails the run as a whole on an unknown model, with every prompt listed as unsent', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const { summary, items } = await run(sim, prompts(20), { params: { model: 'no-such-model', max_tokens: 8 } });
      assert.equal(summary.reason, 'failed');
      assert.match(String(summary.error?.message), /does not serve the model "no-such-model" \(HTTP 404\)\. It serves: tiny-random\/gemma-4-dense, /);
      assert.equal(items.length, 20);
      assert.deepEqual([...new Set(items.map((i) => i.status))], ['unsent'], 'the server refused the groups it was sent: none is unknown');
      assert.equal(sim.stats().enqueuedPrompts, 0);
    });
  });

  it('holds new groups back while the queue is deeper than the threshold', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 2 }, async (sim) => {
      const logs: string[] = [];
      const { summary } = await run(sim, prompts(48), { pauseAboveQueueDepth: 4, maxInFlight: 4, onLog: (m) => logs.push(m) });
      assert.equal(summary.counts.ok, 48);
      assert.ok(logs.some((m) => /holding new groups back/.test(m)), logs.join('\n'));
    });
  });

  it("holds the first group back when another client's batch has the queue deep already (the first look, taken while the group is planned, paces it)", async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 1 }, async (sim) => {
      const other = new ScalarLMClient({ baseUrl: sim.url });
      try {
        // Someone else's batch: the server holds its POST until every prompt is done.
        const theirs = other.generate({ prompts: prompts(6, (i) => `Someone else's prompt ${i}.`), model: 'tiny-random/gemma-4-dense', max_tokens: 40 });
        const theirsDone = theirs.then(() => Date.now());
        for (const deadline = Date.now() + 5000; ((await other.metrics()).data.queueDepth ?? 0) < 6; ) {
          if (Date.now() > deadline) throw new Error('the other batch never filled the queue');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const logs: string[] = [];
        const { summary } = await run(sim, prompts(8), { pauseAboveQueueDepth: 2, onLog: (m) => logs.push(m) });
        assert.equal(summary.counts.ok, 8);
        assert.ok(logs.some((m) => /holding new groups back/.test(m)), logs.join('\n'));
        const firstSubmit = readFileSync(summary.ledgerPath, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as { t: string; at?: number }).find((e) => e.t === 'submit');
        assert.ok(firstSubmit?.at !== undefined && firstSubmit.at >= (await theirsDone), 'the first submit waited for the other batch to leave the queue');
      } finally {
        await other.close();
      }
    });
  });

  it('fails fast, writing nothing, when the deployment cannot be reached', async () => {
    const api = new ScalarLMClient({ baseUrl: 'http://127.0.0.1:9' });
    try {
      await assert.rejects(
        runBatch({ api, ledgerPath: join(tmp.path, 'never.jsonl'), params: { max_tokens: 8 }, input: inputOf(['a']) }),
        UnreachableError,
      );
    } finally {
      await api.close();
    }
  });
});
