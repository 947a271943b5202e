// The CLI in daily use: a base URL copied with /v1, streaming chat with the "latest" alias, an honest rate for
// an answer that was not streamed, training jobs beside the models, Prometheus metrics.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab in daily use', () => {
  const tmp = useTempDir();
  const cli = (sim: SimHandle, argv: string[], url = sim.url) => runCli([...argv, '--url', url], { env: { XDG_STATE_HOME: tmp.path } });

  it('takes a base URL ending in /v1, saying once that it dropped it', async () => {
    await withSimulator({}, async (sim) => {
      const result = await cli(sim, ['models'], `${sim.url}/v1/`);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr, `The deployment's base URL must not end in /v1 (every call adds it): using ${sim.url}.\n`);
      assert.match(result.stdout, /base model/);
      const file = join(tmp.path, 'p.txt');
      writeFileSync(file, 'one\ntwo\n');
      const generated = await cli(sim, ['generate', file], `${sim.url}/v1`);
      assert.equal(generated.code, 0, generated.stderr);
      assert.equal(generated.stderr.match(/must not end in \/v1/g)?.length, 1);
    });
  });

  it('streams chat with --model latest, asking for the adaptor the queue would pick', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const streamed = await cli(sim, ['chat', '-m', 'Hello there', '--model', 'latest', '--max-tokens', '8']);
      assert.equal(streamed.code, 0, streamed.stderr);
      const queued = await cli(sim, ['chat', '-m', 'Hello there', '--model', 'latest', '--max-tokens', '8', '--no-stream']);
      assert.equal(queued.code, 0, queued.stderr);
      assert.equal(streamed.stdout, queued.stdout, 'the same model answers both ways');
    });
  });

  it('shows tokens/s for a streamed answer, and none for one that was not streamed (the server does not time it)', async () => {
    await withSimulator({}, async (sim) => {
      const streamed = await cli(sim, ['chat', '-m', 'Count to ten', '--max-tokens', '24']);
      assert.match(streamed.stderr, /tokens\/s/);
      const queued = await cli(sim, ['chat', '-m', 'Count to ten', '--max-tokens', '24', '--no-stream']);
      assert.equal(queued.code, 0, queued.stderr);
      assert.match(queued.stderr, /completion tokens/);
      assert.doesNotMatch(queued.stderr, /tokens\/s/);
    });
  });

  it('lists training jobs beside the models, and prints the Prometheus metrics', async () => {
    await withSimulator({ exampleJobs: true }, async (sim) => {
      const models = await cli(sim, ['models']);
      assert.equal(models.code, 0, models.stderr);
      assert.match(models.stdout, /^Adaptors \(3 of 4 served\)$/m);
      assert.match(models.stdout, /^ {2}[0-9a-f]{64} {2}failed: it will not be served · .* UTC · FAILED · step 12 of 100/m);
      const prometheus = await cli(sim, ['metrics', '--prometheus']);
      assert.equal(prometheus.code, 0, prometheus.stderr);
      assert.match(prometheus.stdout, new RegExp(`^# GET ${sim.url}/v1/metrics at .* \\(scalarlm-lab metrics --prometheus reads it again\\)\\.$`, 'm'));
      assert.match(prometheus.stdout, /^# TYPE \S+ \w+$/m);
    });
  });
});
