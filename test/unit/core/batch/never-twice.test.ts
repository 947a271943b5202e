// Never the same batch twice: a group the server already holds is fetched, not POSTed (re-submitting an
// identical batch marks it in_progress on the server for good, protocol §10.2). Counted on the simulator.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../../src/sim';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const posts = (sim: SimHandle) => sim.stats().requests['POST /v1/generate'] ?? 0;

describe('never the same batch twice', () => {
  const tmp = useTempDir();
  const generate = (sim: SimHandle, argv: string[]) => runCli(['generate', ...argv, '--url', sim.url], { env: { XDG_STATE_HOME: tmp.path } });
  const file = (name: string, prompts: string[]) => {
    const path = join(tmp.path, name);
    writeFileSync(path, prompts.map((p) => JSON.stringify(p)).join('\n') + '\n');
    return path;
  };
  const prompts = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} prompt ${i}`);

  for (const model of [['--model', 'tiny-random/gemma-4-dense'], []]) {
    const named = model.length ? 'with a model named' : "with the deployment's default model";
    it(`runs an unchanged file twice and sends it once (${named}); the server keeps every group completed`, async () => {
      await withSimulator({}, async (sim) => {
        const input = file('twice.jsonl', prompts(100, named));
        const first = await generate(sim, [input, '--group-size', '16', ...model]);
        assert.equal(first.code, 0, first.stderr);
        assert.equal(posts(sim), 7);

        const second = await generate(sim, [input, '--group-size', '16', ...model]);
        assert.equal(second.code, 0, second.stderr);
        assert.equal(posts(sim), 7, 'the second run sent nothing');
        assert.deepEqual(submissionCounts(sim), Array(7).fill(1));
        assert.match(second.stderr, /7 groups already on the server: fetched, not re-sent\./);
        assert.deepEqual(jsonLines(second.stdout), jsonLines(first.stdout));

        const listed = (await (await fetch(`${sim.url}/v1/generate/list_requests?limit=200`)).json()) as { rows: { status: string }[] };
        assert.deepEqual([...new Set(listed.rows.map((row) => row.status))], ['completed']);
      });
    });
  }

  it('sends again only the group an edit changed', async () => {
    await withSimulator({}, async (sim) => {
      const input = prompts(48, 'edited');
      const path = file('edited.jsonl', input);
      assert.equal((await generate(sim, [path, '--group-size', '16'])).code, 0);
      input[20] = 'edited prompt 20, reworded';
      writeFileSync(path, input.map((p) => JSON.stringify(p)).join('\n'));
      const second = await generate(sim, [path, '--group-size', '16']);
      assert.equal(second.code, 0, second.stderr);
      assert.equal(posts(sim), 4, 'three groups at first, then only the edited one');
      assert.match(second.stderr, /2 groups already on the server/);
    });
  });

  it('sends a group that repeats an earlier one of the same run once, and fetches it for the repeat', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 500 }, async (sim) => {
      const block = prompts(8, 'repeated');
      const result = await generate(sim, [file('repeats.jsonl', [...block, ...block, ...block]), '--group-size', '8', '--in-flight', '3']);
      assert.equal(result.code, 0, result.stderr);
      assert.deepEqual(submissionCounts(sim), [1]);
      assert.equal(jsonLines(result.stdout).length, 24);
    });
  });

  it('finds a group on an older server without the request detail route, through get_results', async () => {
    await withSimulator({ profile: 'legacy', legacyIds: 'unpadded' }, async (sim) => {
      const input = file('legacy.jsonl', prompts(24, 'legacy'));
      assert.equal((await generate(sim, [input, '--group-size', '8', '--model', 'tiny-random/gemma-4-dense'])).code, 0);
      const second = await generate(sim, [input, '--group-size', '8', '--model', 'tiny-random/gemma-4-dense']);
      assert.equal(second.code, 0, second.stderr);
      assert.equal(posts(sim), 3);
      assert.match(second.stderr, /3 groups already on the server/);
    });
  });

  it('stops before sending on a model the deployment does not serve, naming the ones it does', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const result = await generate(sim, [file('nope.jsonl', prompts(40, 'nope')), '--model', 'nope']);
      // Checked against the model list and the training jobs before anything is sent or a ledger started.
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, /The deployment does not serve the model "nope": it is not in its model list, and it has no training job of that name\. It serves: tiny-random\/gemma-4-dense, [0-9a-f]{64}/);
      assert.equal(result.stdout, '');
      assert.equal(posts(sim), 0);
      assert.equal(sim.stats().enqueuedPrompts, 0);
    });
  });
});
