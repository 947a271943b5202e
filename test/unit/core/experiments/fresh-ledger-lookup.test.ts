// A batch the server already holds is fetched, not POSTed again, even when no ledger on this machine
// remembers it (a new window, another machine, another config using the same .prompty): a `.prompty`'s
// batch cells are chat messages, whose group id only the server can compute, so the server is asked.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { experimentFromPrompty } from '../../../../src/core/experiments/experiment-spec';
import { planExperiment, runExperiment } from '../../../../src/core/experiments/run-experiment';
import { RunStore } from '../../../../src/core/runs/run-store';
import type { SimHandle } from '../../../../src/sim';
import { runCli } from '../../helpers/cli-run';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { UNCONFINED } from '../../../../src/core/files/file-access';

const posts = (sim: SimHandle) => sim.stats().requests['POST /v1/generate'] ?? 0;

describe('a batch the server holds, run again from a new ledger location', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  function files(): void {
    write('greet.prompty', '---\nname: Greet\nsample:\n  name: Ada\n  city: Rome\n---\nsystem:\nBe brief.\n\nuser:\nGreet {{ name }} from {{ city }}.\n');
    write('rows.csv', 'name,city\n' + ['Ada,London', 'Grace,New York', 'Alan,Manchester', 'Joan,Paris'].join('\n') + '\n');
    write('one.csv', 'name,city\nAda,London\n');
  }

  it('eval of a config using a .prompty sends nothing the second time, from another state folder', async () => {
    await withSimulator({}, async (sim) => {
      files();
      const config = write('promptfooconfig.yaml', 'prompts:\n  - file://greet.prompty\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const evalIn = (state: string) => runCli(['eval', config, '--url', sim.url], { env: { XDG_STATE_HOME: join(tmp.path, state) } });
      const first = await evalIn('machine-a');
      assert.equal(first.code, 0, first.stderr);
      const sent = posts(sim);
      assert.ok(sent > 0);
      const second = await evalIn('machine-b');
      assert.equal(second.code, 0, second.stderr);
      assert.equal(posts(sim), sent, 'no POST /v1/generate the second time');
      assert.match(second.stderr, /4 cells: 4 ok; 0 sent, 4 fetched rather than sent/);

      const other = write('other.yaml', 'description: The same prompt and tests in a second config\nprompts:\n  - file://greet.prompty\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
      const third = await runCli(['eval', other, '--url', sim.url], { env: { XDG_STATE_HOME: join(tmp.path, 'machine-a') } });
      assert.equal(third.code, 0, third.stderr);
      assert.equal(posts(sim), sent, 'a second config with the same .prompty and tests sends nothing');
    });
  });

  it('a .prompty over a dataset (and over one row) sends nothing the second time, with a new run store', async () => {
    await withSimulator({}, async (sim) => {
      files();
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const path = join(tmp.path, 'greet.prompty');
      const run = async (store: string, dataset: string) => {
        const spec = await experimentFromPrompty(path, { access: UNCONFINED, dataset: join(tmp.path, dataset) });
        const planned = await planExperiment(api, spec, { kind: 'prompty', path, dataset: join(tmp.path, dataset) }, { trust: 'trusted', maxTokens: 32 });
        const summary = await runExperiment(api, new RunStore(join(tmp.path, store)), planned, {});
        assert.equal(summary.counts.ok, planned.cells);
      };
      for (const dataset of ['rows.csv', 'one.csv']) {
        await run(`${dataset}-window-1`, dataset);
        const sent = posts(sim);
        await run(`${dataset}-window-2`, dataset);
        assert.equal(posts(sim), sent, `no POST /v1/generate the second time over ${dataset}`);
      }
      await api.close();
    });
  });
});
