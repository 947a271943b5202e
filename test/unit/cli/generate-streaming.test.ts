// scalarlm-lab generate writes each line as soon as its prompt is final, keeps its runs where the editor
// finds them, and resumes a run by its id, reporting what was already final at once.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { main } from '../../../src/cli/main';
import { RunStore } from '../../../src/core/runs/run-store';
import type { SimHandle } from '../../../src/sim';
import { jsonLines, runCli } from '../helpers/cli-run';
import { submissionCounts, withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

describe('scalarlm-lab generate: results as they land, runs shared with the editor', () => {
  const tmp = useTempDir();
  const input = (name: string, count: number, text = (i: number) => `streamed prompt ${i}`) => {
    const path = join(tmp.path, name);
    writeFileSync(path, Array.from({ length: count }, (_, i) => JSON.stringify(text(i))).join('\n'));
    return path;
  };

  it('writes the first lines while later groups are still running, in input order', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 2 }, async (sim) => {
      const stdout = new PassThrough();
      const seen: { at: number; text: string }[] = [];
      stdout.on('data', (chunk: Buffer) => seen.push({ at: Date.now(), text: chunk.toString() }));
      const file = input('slow.jsonl', 40);
      const started = Date.now();
      const code = await main(['generate', file, '--url', sim.url, '--group-size', '4', '--in-flight', '2', '--max-tokens', '16'], {
        stdout,
        stderr: new PassThrough(),
        stdin: Object.assign(Readable.from([]), { isTTY: true }),
        env: { XDG_STATE_HOME: tmp.path },
        cwd: tmp.path,
        signal: new AbortController().signal,
      });
      const ended = Date.now();
      assert.equal(code, 0);
      const lines = jsonLines(seen.map((s) => s.text).join(''));
      assert.deepEqual(lines.map((l) => l.index), Array.from({ length: 40 }, (_, i) => i));
      const firstAt = seen[0].at - started;
      assert.ok(firstAt < (ended - started) / 2, `the first line came at ${firstAt} ms of ${ended - started} ms`);
    });
  });

  it('writes --out as results land, and writes it to a device as well as to a file', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 2 }, async (sim) => {
      const file = input('to-file.jsonl', 24);
      const out = join(tmp.path, 'landing.jsonl');
      let done = false;
      const run = runCli(['generate', file, '--url', sim.url, '--group-size', '4', '--in-flight', '1', '--max-tokens', '16', '--out', out], { env: { XDG_STATE_HOME: tmp.path } }).finally(() => (done = true));
      await waitFor(() => existsSync(out) && readFileSync(out, 'utf8').length > 0, { timeoutMs: 10_000, what: 'the first lines in the --out file' });
      const early = jsonLines(readFileSync(out, 'utf8'));
      assert.ok(!done && early.length < 24, `${early.length} of 24 lines while the run goes`);
      assert.equal((await run).code, 0);
      assert.deepEqual(jsonLines(readFileSync(out, 'utf8')).map((l) => l.index), Array.from({ length: 24 }, (_, i) => i));

      const toDevice = await runCli(['generate', file, '--url', sim.url, '--max-tokens', '16', '--out', '/dev/null'], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(toDevice.code, 0, toDevice.stderr);
      assert.equal(toDevice.stdout, '');
    });
  });

  it('with --unordered, writes lines as prompts finish, each exactly once', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 8 }, async (sim) => {
      // Both groups generate at once, and longer answers finish later: the first group's come after the second's.
      const file = input('mixed.jsonl', 8, (i) => (i < 4 ? `long answer please ${i} [[sim:respond=${'word '.repeat(60)}]]` : `short ${i} [[sim:respond=ok]]`));
      const result = await runCli(['generate', file, '--url', sim.url, '--group-size', '4', '--in-flight', '2', '--unordered'], { env: { XDG_STATE_HOME: tmp.path } });
      assert.equal(result.code, 0, result.stderr);
      const indices = jsonLines(result.stdout).map((l) => l.index as number);
      assert.deepEqual([...indices].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7]);
      assert.notDeepEqual(indices, [0, 1, 2, 3, 4, 5, 6, 7], 'completion order, not input order');
    });
  });

  it("keeps its run in the folder's .scalarlm/runs, where the editor lists it, and resumes it by a prefix of its id", async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 300, slots: 1 }, async (sim: SimHandle) => {
      const folder = join(tmp.path, 'workspace');
      mkdirSync(join(folder, '.scalarlm', 'runs'), { recursive: true });
      const file = input('shared.jsonl', 24);
      const env = { XDG_STATE_HOME: join(tmp.path, 'state') };
      const io = () => ({ stdout: new PassThrough(), stderr: new PassThrough(), stdin: Object.assign(Readable.from([]), { isTTY: true }), env, cwd: folder });

      // Stopped with Ctrl-C once the first groups are back: the rest is pending or unsent.
      const stop = new AbortController();
      const store = new RunStore(join(folder, '.scalarlm', 'runs'));
      const first = main(['generate', file, '--url', sim.url, '--group-size', '4', '--in-flight', '1'], { ...io(), signal: stop.signal });
      await waitFor(() => store.list().some((run) => run.counts.ok >= 8), { timeoutMs: 15_000, what: 'two groups done' });
      stop.abort();
      assert.equal(await first, 3);
      const [run] = store.list();
      assert.ok(run, 'the run is in the shared folder');
      assert.equal(run.phase, 'cancelled');
      assert.equal(readdirSync(join(folder, '.scalarlm', 'runs')).length, 1);

      const resumed = { ...io(), signal: new AbortController().signal };
      const lines: string[] = [];
      resumed.stdout.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      const code = await main(['generate', '--resume', run.runId.slice(0, 8), '--url', sim.url], resumed);
      assert.equal(code, 0);
      const report = jsonLines(lines.join(''));
      assert.deepEqual(report.map((l) => l.status), Array(24).fill('ok'));
      assert.deepEqual(report.map((l) => l.index), Array.from({ length: 24 }, (_, i) => i));
      assert.equal(store.summary(run.runId).phase, 'complete');
      assert.ok(submissionCounts(sim).every((count) => count === 1));
    });
  });
});
