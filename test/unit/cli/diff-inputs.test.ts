// `diff BASE NEW` compares two runs over the same inputs. A batch run and an experiment, or two experiments that
// share no cell, are not: said in words, exit 2, rather than counted as every cell added and every cell removed.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { fileWriter, useTempDir } from '../helpers/temp-dir';

const runIdOf = (stderr: string) => /([0-9a-f-]{36})\.ledger\.jsonl/.exec(stderr)?.[1] ?? '';

describe('scalarlm-lab diff of runs over different inputs', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);
  const env = () => ({ XDG_STATE_HOME: join(tmp.path, 'state') });
  const experiment = (name: string, prompt: string) => {
    write(`${name}.txt`, prompt);
    write('rows.csv', 'q\none\ntwo\n');
    return write(`${name}.yaml`, `prompts:\n  - file://${name}.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n`);
  };

  it('refuses a batch run against an experiment, and two experiments that share no cell, exit 2', async () => {
    await withSimulator({}, async (sim) => {
      const batch = await runCli(['generate', write('p.txt', 'one\ntwo\nthree\n'), '--url', sim.url], { env: env() });
      assert.equal(batch.code, 0, batch.stderr);
      const first = await runCli(['eval', experiment('a', 'Answer {{ q }}'), '--url', sim.url], { env: env() });
      assert.equal(first.code, 0, first.stderr);
      const other = await runCli(['eval', experiment('b', 'Explain {{ q }}'), '--url', sim.url], { env: env() });
      assert.equal(other.code, 0, other.stderr);
      const [batchId, firstId, otherId] = [batch, first, other].map((run) => runIdOf(run.stderr));

      const mixed = await runCli(['diff', batchId, firstId], { env: env() });
      assert.equal(mixed.code, 2, mixed.stderr);
      assert.match(mixed.stderr, new RegExp(`^Runs ${batchId.slice(0, 8)} and ${firstId.slice(0, 8)} are not runs over the same inputs: ${batchId.slice(0, 8)} is a batch run of prompts, ${firstId.slice(0, 8)} an experiment\\.`));
      assert.doesNotMatch(mixed.stdout, /added|removed/);

      const unrelated = await runCli(['diff', firstId, otherId], { env: env() });
      assert.equal(unrelated.code, 2, unrelated.stderr);
      assert.match(unrelated.stderr, new RegExp(`^Runs ${firstId.slice(0, 8)} and ${otherId.slice(0, 8)} are not runs over the same inputs: no cell of one is a cell of the other \\(prompt, provider, test and repeat\\)\\.`));

      const again = await runCli(['eval', experiment('a', 'Answer {{ q }}'), '--url', sim.url], { env: env() });
      const same = await runCli(['diff', firstId, runIdOf(again.stderr)], { env: env() });
      assert.equal(same.code, 0, same.stderr);
      assert.match(same.stdout, /^2 same, 0 changed/m);
    });
  });
});
