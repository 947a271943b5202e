// A real scalarlm-lab process killed mid-run (SIGKILL), then resumed from its ledger: every prompt comes
// back exactly once and the simulator saw every group submitted exactly once.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulatedCompletion } from '../../../src/sim';
import { jsonLines } from '../helpers/cli-run';
import { submissionCounts, withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

const CLI = join(__dirname, '../../../../dist/cli.js');

function countEvents(ledger: string, type: string): number {
  if (!existsSync(ledger)) return 0;
  return readFileSync(ledger, 'utf8').split('\n').filter((line) => line.startsWith(`{"t":"${type}"`)).length;
}

describe('scalarlm-lab generate, killed and resumed', function () {
  this.timeout(60_000);
  const tmp = useTempDir();

  for (const model of [['--model', 'tiny-random/gemma-4-dense'], []]) {
    it(`loses nothing and submits nothing twice (${model.length ? 'model named' : "the deployment's default model"})`, async () => {
      await withSimulator({ zeroLatency: false, tokensPerSecond: 150, slots: 2 }, async (sim) => {
        const input = Array.from({ length: 60 }, (_, i) => `killed run prompt ${i}`);
        const file = join(tmp.path, 'prompts.txt');
        const ledger = join(tmp.path, 'run.ledger.jsonl');
        const out = join(tmp.path, 'out.jsonl');
        writeFileSync(file, input.join('\n') + '\n');
        const common = ['--url', sim.url, '--max-tokens', '16', ...model];

        const first = spawn(process.execPath, [CLI, 'generate', file, '--ledger', ledger, '--group-size', '5', '--in-flight', '2', ...common], { stdio: 'ignore' });
        const exited = once(first, 'exit');
        await waitFor(() => countEvents(ledger, 'submitted') >= 3, { timeoutMs: 30_000, what: 'three submitted groups in the ledger' });
        first.kill('SIGKILL');
        await exited;
        assert.ok(countEvents(ledger, 'end') === 0, 'the first run was killed before it ended');

        const second = spawn(process.execPath, [CLI, 'generate', '--resume', ledger, '--out', out, ...common], { stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        second.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        const [code] = await once(second, 'exit');
        assert.equal(code, 0, stderr);

        const lines = jsonLines(readFileSync(out, 'utf8'));
        assert.deepEqual(lines.map((l) => l.index), input.map((_, i) => i));
        lines.forEach((line, i) => {
          assert.equal(line.status, 'ok');
          assert.equal(line.response, simulatedCompletion(input[i], 16).text);
        });
        assert.deepEqual(submissionCounts(sim), Array(12).fill(1));
        assert.equal(sim.stats().enqueuedPrompts, 60);
      });
    });
  }
});
