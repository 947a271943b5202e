// eval under faults: --timeout ends a run the deployment cannot serve (exit 3, as generate does); --output after
// an early stop holds a record for every cell, unsent ones included; and after --resume, the next unchanged
// eval sends nothing, chat cells included, while the resume's summary counts only what it sent.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const posts = (sim: SimHandle, route = 'POST /v1/generate') => sim.stats().requests[route] ?? 0;
const statuses = (path: string) => readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { status: string }).status);

describe('scalarlm-lab eval under faults', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const evalCli = (sim: SimHandle, argv: string[], signal?: AbortSignal) => runCli(['eval', ...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path }, ...(signal ? { signal } : {}) });

  function manyCells(): string {
    write('a.txt', 'Summarise {{ item }}.');
    write('b.txt', 'List {{ item }}.');
    write('rows.csv', 'item\n' + Array.from({ length: 150 }, (_, i) => `item number ${i}`).join('\n') + '\n');
    return write('c.yaml', 'prompts:\n  - file://a.txt\n  - file://b.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
  }

  it('--timeout ends a run the deployment keeps refusing, with exit 3 and a record for every cell', async () => {
    await withSimulator({}, async (sim) => {
      sim.addFaults([{ kind: 'status', route: '/v1/generate', arg: '503' }]);
      const output = join(tmp.path, 'cells.jsonl');
      const result = await evalCli(sim, [manyCells(), '--timeout', '1', '--output', output]);
      assert.equal(result.code, 3, result.stderr);
      assert.match(result.stderr, /Stopped at the --timeout deadline \(1 s\): 300 cells unfinished\./);
      const all = statuses(output);
      assert.equal(all.length, 300, 'every cell has a record');
      // A submit refused ambiguously whose check the deadline cut short is unknown (a resume asks again); none reached the server.
      assert.ok(all.every((s) => s === 'unsent' || s === 'unknown'), [...new Set(all)].join());
    });
  });

  it('--output after a stop (SIGINT) holds every cell: the answered ones and the unsent ones', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 200, slots: 1 }, async (sim) => {
      const config = manyCells();
      const output = join(tmp.path, 'cells.jsonl');
      const stop = new AbortController();
      const running = evalCli(sim, [config, '--output', output, '--max-concurrency', '1'], stop.signal);
      await waitFor(() => posts(sim) >= 1, { timeoutMs: 15_000, what: 'the first group sent' });
      stop.abort();
      await running;
      const all = statuses(output);
      assert.equal(all.length, 300, 'every cell has a record');
      assert.ok(all.includes('unsent'), [...new Set(all)].join());
    });
  });

  it('after --resume, the next unchanged eval sends nothing (chat cells included), and the resume counts what it sent', async function () {
    this.timeout(60_000);
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 1 }, async (sim) => {
      write('p.txt', 'Tell {{ name }} a joke.');
      write('t.csv', 'name\n' + Array.from({ length: 12 }, (_, i) => `person ${i}`).join('\n') + '\n');
      const config = write('sampled.yaml', 'prompts:\n  - file://p.txt\nproviders:\n  - id: scalarlm:base\n    config:\n      temperature: 0.8\n      max_tokens: 8\ntests: file://t.csv\nevaluateOptions:\n  maxConcurrency: 1\n');
      const chats = () => posts(sim, 'POST /v1/chat/completions');
      const stop = new AbortController();
      const first = evalCli(sim, [config], stop.signal);
      await waitFor(() => chats() >= 2, { timeoutMs: 15_000, what: 'two chat cells answered' });
      stop.abort();
      const stopped = await first;
      const runId = /runs\/([0-9a-f-]{36})\.ledger\.jsonl/.exec(stopped.stderr)?.[1];
      assert.ok(runId, stopped.stderr);
      const beforeResume = chats();
      const resumed = await evalCli(sim, ['--resume', runId]);
      assert.equal(resumed.code, 0, resumed.stderr);
      const sentByResume = chats() - beforeResume;
      assert.ok(sentByResume > 0 && sentByResume < 12, `${sentByResume}`);
      assert.match(resumed.stderr, new RegExp(`12 cells: 12 ok; ${sentByResume} sent, 0 fetched rather than sent`));
      const again = await evalCli(sim, [config]);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(chats(), beforeResume + sentByResume, 'the chat cells are not asked again');
    });
  });
});
