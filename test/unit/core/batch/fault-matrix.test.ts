// The fault matrix: 200 prompts in groups of 16 through the batch runner against the simulator over real
// sockets, with the model named and with the deployment's default, while the server misbehaves in each way
// the protocol allows. Every case ends with 200 of 200 ok and no group submitted twice.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import type { ClientTimeouts, PromptEntry } from '../../../../src/core/api/types';
import { runBatch } from '../../../../src/core/batch/runner';
import type { BatchInput } from '../../../../src/core/batch/types';
import type { FaultSpec, SimOptions, SimStats } from '../../../../src/sim';
import { ledgerReport } from '../../helpers/ledger-report';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

const PROMPTS = 200;
const GROUP = 16;
const GROUPS = Math.ceil(PROMPTS / GROUP);
const MODEL = 'tiny-random/gemma-4-dense';
const TIMING = { reconcileGraceMs: 20, retryBaseMs: 10, retryMaxMs: 100, metricsIntervalMs: 50, maxConsecutiveFailures: 50 };

interface FaultCase {
  name: string;
  faults: FaultSpec[];
  sim?: Partial<SimOptions>;
  timeouts?: Partial<ClientTimeouts>;
  /** {messages} prompts: the server renders them, so their group ids cannot be computed here. */
  messages?: boolean;
}

const generate = '/v1/generate';
const getResults = '/v1/generate/get_results';
const CASES: FaultCase[] = [
  { name: 'connection dropped before the server reads the submit', faults: [{ kind: 'drop-before', route: generate, times: 3 }] },
  { name: 'connection dropped after the server read the submit', faults: [{ kind: 'drop-after', route: generate, times: 3 }] },
  { name: '502 on submit', faults: [{ kind: 'status', route: generate, arg: '502', times: 3 }] },
  { name: '503 on submit', faults: [{ kind: 'status', route: generate, arg: '503', times: 3 }] },
  { name: '503 on get_results', faults: [{ kind: 'status', route: getResults, arg: '503', times: 3 }], sim: { zeroLatency: false, tokensPerSecond: 2000 } },
  { name: 'truncated submit answer', faults: [{ kind: 'truncate', route: generate, times: 3 }] },
  { name: 'truncated get_results answer', faults: [{ kind: 'truncate', route: getResults, times: 3 }], sim: { zeroLatency: false, tokensPerSecond: 2000 } },
  // The client gives up waiting at 400 ms; the server took the batch and answers later.
  { name: 'slow submit', faults: [{ kind: 'slow', route: generate, arg: '1000', times: 3 }], timeouts: { longPollIdleMs: 400 }, sim: { responseTimeoutMs: 300 } },
  { name: '{messages} prompts, connection dropped before the server reads the submit', faults: [{ kind: 'drop-before', route: generate, times: 3 }], messages: true },
  { name: '{messages} prompts, connection dropped after the server read the submit', faults: [{ kind: 'drop-after', route: generate, times: 3 }], messages: true },
];

function entries(tag: string, messages = false): PromptEntry[] {
  return Array.from({ length: PROMPTS }, (_, i) => {
    // The prompt's number first: the server's preview of a group (its first 120 characters) tells groups apart.
    const text = `Prompt ${i} of the fault matrix (${tag})`;
    return messages ? { messages: [{ role: 'user', content: text }] } : text;
  });
}

async function* inputOf(prompts: PromptEntry[]): AsyncGenerator<BatchInput> {
  for (const entry of prompts) yield { entry };
}

describe('batch fault matrix: 200 prompts in groups of 16, each ends 200 of 200 ok, no group submitted twice', function () {
  this.timeout(60_000);
  const tmp = useTempDir();

  for (const named of [true, false]) {
    const model = named ? 'model named' : "deployment's default model";
    for (const fault of CASES) {
      it(`${fault.name} (${model})`, async () => {
        await withSimulator({ faults: fault.faults, ...fault.sim }, async (sim) => {
          const api = new ScalarLMClient({ baseUrl: sim.url, ...(fault.timeouts ? { timeouts: fault.timeouts } : {}) });
          try {
            const summary = await runBatch({
              api,
              ledgerPath: join(tmp.path, 'matrix.ledger.jsonl'),
              params: { ...(named ? { model: MODEL } : {}), max_tokens: 8 },
              input: inputOf(entries(`${fault.name} ${model}`, fault.messages)),
              groupSize: GROUP,
              maxInFlight: 4,
              timing: TIMING,
            });
            assert.equal(summary.reason, 'complete', summary.error?.message);
            assert.deepEqual(summary.counts, { ok: PROMPTS, error: 0, pending: 0, unknown: 0, unsent: 0 });
            assert.equal(ledgerReport(summary.ledgerPath).filter((line) => line.status === 'ok').length, PROMPTS);
            assert.deepEqual(submissionCounts(sim), Array(GROUPS).fill(1));
          } finally {
            await api.close();
          }
        });
      });
    }
  }

  for (const named of [true, false]) {
    it(`the simulator killed mid-run and restarted with its state dir (${named ? 'model named' : "deployment's default model"})`, async () => {
      const port = await freePort();
      const stateDir = join(tmp.path, 'sim-state');
      let sim = await startSimProcess(port, stateDir);
      const api = new ScalarLMClient({ baseUrl: `http://127.0.0.1:${port}` });
      try {
        const run = runBatch({
          api,
          ledgerPath: join(tmp.path, 'restart.ledger.jsonl'),
          params: { ...(named ? { model: MODEL } : {}), max_tokens: 8 },
          input: inputOf(entries(`restart ${named}`)),
          groupSize: GROUP,
          maxInFlight: 4,
          timing: TIMING,
        });
        await waitFor(async () => ((await simStats(port))?.enqueuedPrompts ?? 0) >= 3 * GROUP, { timeoutMs: 20_000, what: 'three groups on the simulator' });
        sim.kill('SIGKILL');
        await once(sim, 'exit');
        sim = await startSimProcess(port, stateDir);
        const summary = await run;
        assert.deepEqual(summary.counts, { ok: PROMPTS, error: 0, pending: 0, unknown: 0, unsent: 0 });
        const stats = await simStats(port);
        assert.deepEqual(Object.values(stats?.generateSubmissions ?? {}), Array(GROUPS).fill(1));
      } finally {
        await api.close();
        sim.kill('SIGKILL');
      }
    });
  }
});

describe('batch runner: an outage said once', () => {
  const tmp = useTempDir();

  it('says once that the deployment is unreachable and once that it answers again, not a line per group and poll', async () => {
    const port = await freePort();
    const stateDir = join(tmp.path, 'sim-state');
    let sim = await startSimProcess(port, stateDir);
    const api = new ScalarLMClient({ baseUrl: `http://127.0.0.1:${port}` });
    const logs: string[] = [];
    try {
      const run = runBatch({
        api,
        ledgerPath: join(tmp.path, 'outage.ledger.jsonl'),
        params: { model: MODEL, max_tokens: 8 },
        input: inputOf(entries('outage')),
        groupSize: GROUP,
        maxInFlight: 4,
        timing: TIMING,
        onLog: (message) => logs.push(message),
      });
      await waitFor(async () => ((await simStats(port))?.enqueuedPrompts ?? 0) >= 3 * GROUP, { timeoutMs: 20_000, what: 'three groups on the simulator' });
      sim.kill('SIGKILL');
      await once(sim, 'exit');
      await waitFor(() => logs.some((line) => line.startsWith('The deployment is unreachable since')), { timeoutMs: 20_000, what: 'the outage to be said' });
      sim = await startSimProcess(port, stateDir);
      const summary = await run;
      assert.equal(summary.counts.ok, PROMPTS);
      assert.equal(logs.filter((line) => /^The deployment is unreachable since \d\d:\d\d:\d\d, retrying \(/.test(line)).length, 1, logs.join('\n'));
      assert.equal(logs.filter((line) => /^The deployment answers again \(unreachable for \d+ s\)\.$/.test(line)).length, 1, logs.join('\n'));
      assert.deepEqual(logs.filter((line) => /polling failed|could not check the server/.test(line)), [], 'no line per group or poll');
    } finally {
      await api.close();
      sim.kill('SIGKILL');
    }
  });
});

const CLI = join(__dirname, '../../../../../dist/cli.js');

/** A simulator in a process of its own, so that it can be killed as a crash would. Slow enough to be caught mid-run. */
async function startSimProcess(port: number, stateDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CLI, 'sim', '--port', String(port), '--state-dir', stateDir, '--tokens-per-second', '400', '--slots', '4', '--quiet'], { stdio: 'ignore' });
  await waitFor(async () => (await simStats(port)) !== undefined, { timeoutMs: 15_000, what: `the simulator on port ${port}` });
  return child;
}

async function simStats(port: number): Promise<SimStats | undefined> {
  try {
    return (await (await fetch(`http://127.0.0.1:${port}/_sim/stats`)).json()) as SimStats;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
