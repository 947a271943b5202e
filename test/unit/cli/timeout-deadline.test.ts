// --timeout of generate and eval bounds every request, the blocking POST /v1/generate too: on a deployment slower
// than the deadline the command stops within about a second of it, says what is unfinished and exits 3; the
// prompts the server took are pending with their ids, so --resume fetches them without sending anything again. A
// run that finishes in time says nothing of a deadline.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli, type CliResult } from '../helpers/cli-run';
import { submissionCounts, withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

/** A real deployment's blocking submit: it answers when the whole batch is done, up to 60 s (protocol §1.4). */
const BLOCKING = { zeroLatency: false, responseTimeoutMs: 60_000 };
/** Each prompt takes this long: a submit that outlives the deadline answers only after it. */
const SLOW_MS = 8000;
const DEADLINE_S = 1;
/** The deadline plus a generous margin for a busy machine, still well short of SLOW_MS. */
const STOPPED_WITHIN_MS = DEADLINE_S * 1000 + 4000;

describe('--timeout of generate and eval', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const timed = async (run: Promise<CliResult>) => {
    const started = performance.now();
    const result = await run;
    return { ...result, ms: performance.now() - started };
  };
  const slowPrompts = (count: number) => write('pt.jsonl', Array.from({ length: count }, (_, i) => JSON.stringify(`Question ${i} [[sim:slow=${SLOW_MS}]]`)).join('\n') + '\n');

  it('generate stops a blocking submit at the deadline, says the prompts are unfinished, exits 3, and --resume fetches them', async () => {
    await withSimulator(BLOCKING, async (sim) => {
      const result = await timed(cli(sim, ['generate', slowPrompts(8), '--max-tokens', '20', '--timeout', String(DEADLINE_S)]));
      assert.equal(result.code, 3, result.stderr);
      assert.ok(result.ms < STOPPED_WITHIN_MS, `stopped after ${Math.round(result.ms)} ms`);
      assert.match(result.stderr, /^8 prompts: 0 ok, 8 pending \(/m);
      assert.match(result.stderr, /^Stopped at the --timeout deadline \(1 s\): 8 prompts unfinished\.$/m);
      const runId = /Continue with: scalarlm-lab generate --resume ([0-9a-f-]{36})/.exec(result.stderr)?.[1];
      assert.ok(runId, result.stderr);
      const resumed = await cli(sim, ['generate', '--resume', runId]);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stderr, /^8 prompts: 8 ok/m);
      assert.deepEqual(submissionCounts(sim), [1], 'the batch the server held is fetched, not sent again');
    });
  });

  it('generate stops at the deadline while a deployment that never answers is asked what it serves', async () => {
    const silent = createServer(() => undefined);
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
      const result = await timed(runCli(['generate', write('p.txt', 'one\n'), '--timeout', String(DEADLINE_S), '--url', url], { env: { XDG_STATE_HOME: tmp.path } }));
      assert.equal(result.code, 3, result.stderr);
      assert.ok(result.ms < STOPPED_WITHIN_MS, `stopped after ${Math.round(result.ms)} ms`);
      assert.match(result.stderr, /^Stopped at the --timeout deadline \(1 s\): the run had not begun, nothing was sent\.$/m);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('generate that finishes in time says nothing of a deadline and exits 0', async () => {
    await withSimulator({}, async (sim) => {
      const file = write('quick.txt', 'one\ntwo\nthree\n');
      const result = await cli(sim, ['generate', file, '--timeout', '30']);
      assert.equal(result.code, 0, result.stderr);
      assert.doesNotMatch(result.stderr, /deadline|timeout/i);
    });
  });

  it('eval stops a blocking submit at the deadline, says the cells are unfinished and exits 3', async () => {
    await withSimulator(BLOCKING, async (sim) => {
      write('p.txt', `Answer {{ q }} [[sim:slow=${SLOW_MS}]]`);
      write('rows.csv', 'q\none\ntwo\nthree\nfour\n');
      const config = write('c.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const result = await timed(cli(sim, ['eval', config, '--timeout', String(DEADLINE_S), '--output', join(tmp.path, 'cells.jsonl')]));
      assert.equal(result.code, 3, result.stderr);
      assert.ok(result.ms < STOPPED_WITHIN_MS, `stopped after ${Math.round(result.ms)} ms`);
      assert.match(result.stderr, /^4 cells: 0 ok, 4 pending;/m);
      assert.match(result.stderr, /^Stopped at the --timeout deadline \(1 s\): 4 cells unfinished\.$/m);
      assert.match(result.stderr, /Continue with: scalarlm-lab eval --resume /);
    });
  });

  it('eval that finishes in time says nothing of a deadline and exits 0', async () => {
    await withSimulator({}, async (sim) => {
      write('p.txt', 'Answer {{ q }}');
      write('rows.csv', 'q\none\ntwo\n');
      const config = write('c.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const result = await cli(sim, ['eval', config, '--timeout', '30']);
      assert.equal(result.code, 0, result.stderr);
      assert.doesNotMatch(result.stderr, /deadline|timeout/i);
    });
  });
});
