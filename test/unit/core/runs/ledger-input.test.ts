// A generate run from a file records the file by size and hash and leaves the prompts out of its ledger:
// a resume reads them from the file again, but only while it is unchanged (or from an unchanged copy), and a
// panel replaying the run shows them from the file.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { runBatch } from '../../../../src/core/batch/runner';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import { readPromptFile } from '../../../../src/core/prompts/sources';
import { readLedger } from '../../../../src/core/runs/ledger-book';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { simulatedCompletion, type SimHandle } from '../../../../src/sim';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { ledgerReport } from '../../helpers/ledger-report';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';
import { waitFor } from '../../helpers/wait-for';

const PROMPTS = Array.from({ length: 8 }, (_, i) => `input file prompt ${i}`);

function events(ledger: string): LedgerEvent[] {
  if (!existsSync(ledger)) return [];
  return readFileSync(ledger, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as LedgerEvent);
}

describe('runs that record their input file', () => {
  const tmp = useTempDir();
  const cli = (sim: SimHandle, argv: string[], signal?: AbortSignal) => runCli([...argv, '--url', sim.url, '--max-tokens', '8'], { env: { XDG_STATE_HOME: tmp.path }, ...(signal ? { signal } : {}) });

  it('records the file by size and hash, leaves prompts and origins out of the groups, and a replay shows them from the file', async () => {
    await withSimulator({}, async (sim) => {
      const file = join(tmp.path, 'prompts.txt');
      writeFileSync(file, PROMPTS.join('\n\n') + '\n');
      const ledger = join(tmp.path, 'run.ledger.jsonl');
      const result = await cli(sim, ['generate', file, '--ledger', ledger, '--group-size', '3']);
      assert.equal(result.code, 0, result.stderr);

      const [header, ...rest] = events(ledger);
      assert.ok(header.t === 'run');
      assert.deepEqual(header.input, { path: file, format: 'lines', size: statSync(file).size, sha256: createHash('sha256').update(readFileSync(file)).digest('hex') });
      const groups = rest.filter((event): event is Extract<LedgerEvent, { t: 'group' }> => event.t === 'group');
      assert.deepEqual(groups.map((group) => [group.first, group.n, group.prompts, group.origins]), [
        [0, 3, undefined, undefined],
        [3, 3, undefined, undefined],
        [6, 2, undefined, undefined],
      ]);
      assert.ok(!readFileSync(ledger, 'utf8').includes('input file prompt'), 'no prompt text in the ledger');

      const { items } = RunProjection.replay(ledger, { keepItems: true });
      assert.deepEqual(items.map((item) => [item.prompt, item.origin]), PROMPTS.map((prompt, i) => [prompt, { line: 2 * i + 1, endLine: 2 * i + 1 }]));
      assert.equal(items[7].response, simulatedCompletion(PROMPTS[7], 8).text);

      // The file edited since: a replay still shows every answer, without prompts it cannot vouch for.
      writeFileSync(file, 'something else\n');
      const changed = RunProjection.replay(ledger, { keepItems: true }).items;
      assert.deepEqual(changed.map((item) => [item.prompt, item.status]), PROMPTS.map(() => [undefined, 'ok']));
    });
  });

  it('resumes from the file only while it is unchanged, or from an unchanged copy given instead', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 400, slots: 1 }, async (sim) => {
      const file = join(tmp.path, 'slow.txt');
      const text = PROMPTS.join('\n') + '\n';
      writeFileSync(file, text);
      const ledger = join(tmp.path, 'slow.ledger.jsonl');
      const cancel = new AbortController();
      const first = cli(sim, ['generate', file, '--ledger', ledger, '--group-size', '2', '--in-flight', '1'], cancel.signal);
      await waitFor(() => events(ledger).some((event) => event.t === 'items'), { timeoutMs: 10_000, what: 'a settled group in the ledger' });
      cancel.abort();
      const stopped = await first;
      assert.equal(stopped.code, 3, stopped.stderr);
      assert.match(stopped.stderr, /Continue with: scalarlm-lab generate --resume/);

      writeFileSync(file, text + 'one more\n');
      const sizeBefore = statSync(ledger).size;
      const refused = await cli(sim, ['generate', '--resume', ledger]);
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /The input file .*slow\.txt changed since the run began \(\d+ bytes, not \d+\)\. This run's ledger leaves its prompts to that file/);
      assert.equal(statSync(ledger).size, sizeBefore, 'nothing written to the ledger');

      // The original kept elsewhere: the run goes on from the copy, and nothing is sent twice.
      const copy = join(tmp.path, 'copy.txt');
      writeFileSync(copy, text);
      renameSync(file, join(tmp.path, 'edited.txt'));
      const out = join(tmp.path, 'out.jsonl');
      const resumed = await cli(sim, ['generate', '--resume', ledger, copy, '--out', out]);
      assert.equal(resumed.code, 0, resumed.stderr);
      const lines = jsonLines(readFileSync(out, 'utf8'));
      assert.deepEqual(lines.map((line) => [line.index, line.status, line.response]), PROMPTS.map((prompt, i) => [i, 'ok', simulatedCompletion(prompt, 8).text]));
      assert.deepEqual(submissionCounts(sim), [1, 1, 1, 1]);
    });
  });

  it('gives groups planned but never sent their prompts from the file when the run is taken up again', async () => {
    await withSimulator({}, async (sim) => {
      const file = join(tmp.path, 'planned.txt');
      writeFileSync(file, PROMPTS.join('\n') + '\n');
      const ledgerPath = join(tmp.path, 'planned.ledger.jsonl');
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const cancel = new AbortController();
      const first = await runBatch({
        api,
        ledgerPath,
        params: { model: 'tiny-random/gemma-4-dense', max_tokens: 8 },
        input: readPromptFile(file, { format: 'lines' }),
        inputFile: { path: file, format: 'lines' },
        planAll: true,
        groupSize: 2,
        maxInFlight: 1,
        signal: cancel.signal,
        onProgress: (progress) => progress.counts.ok > 0 && cancel.abort(),
      });
      assert.equal(first.reason, 'cancelled');
      const planned = readLedger(ledgerPath).groups.filter((group) => !group.submitted);
      assert.ok(planned.length >= 2, 'groups planned and never sent');
      assert.ok(planned.every((group) => group.prompts === undefined), 'their prompts are not in the ledger');

      const resumed = await runBatch({ api, ledgerPath, resume: true });
      await api.close();
      assert.deepEqual(resumed.counts, { ok: 8, error: 0, pending: 0, unknown: 0, unsent: 0 });
      assert.deepEqual(ledgerReport(ledgerPath).map((line) => line.response), PROMPTS.map((prompt) => simulatedCompletion(prompt, 8).text));
      assert.deepEqual(submissionCounts(sim), [1, 1, 1, 1]);
    });
  });

  it('needs no file to resume a run whose groups were all sent', async () => {
    // Answers take 0.8 s, and the server holds a submit for 0.3 s at most: the submits return with them pending.
    await withSimulator({ zeroLatency: false, tokensPerSecond: 10, slots: 8, responseTimeoutMs: 300 }, async (sim) => {
      const file = join(tmp.path, 'sent.txt');
      writeFileSync(file, PROMPTS.join('\n') + '\n');
      const ledger = join(tmp.path, 'sent.ledger.jsonl');
      // A deadline stops the run with every group submitted and answers still pending.
      const first = await cli(sim, ['generate', file, '--ledger', ledger, '--group-size', '4', '--timeout', '0.2']);
      assert.equal(first.code, 3, first.stderr);
      assert.equal(events(ledger).filter((event) => event.t === 'submitted').length, 2);
      copyFileSync(file, join(tmp.path, 'kept.txt'));
      writeFileSync(file, 'changed\n');
      const resumed = await cli(sim, ['generate', '--resume', ledger]);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.deepEqual(jsonLines(resumed.stdout).map((line) => line.status), PROMPTS.map(() => 'ok'));
      assert.deepEqual(submissionCounts(sim), [1, 1]);
    });
  });
});
