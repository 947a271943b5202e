// train --follow against an adaptor the deployment never loads (delivery by count, training.md §5, §11.1): the
// one-token probe is a batch like any other, posted once and fetched afterwards, and after a bounded wait the
// follow ends with exit 3 saying why, instead of posting the same probe on every poll for ever.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

describe('scalarlm-lab train --follow and an adaptor the deployment never loads', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const data = (name: string, input: string): string => {
    const path = join(tmp.path, name);
    writeFileSync(path, `${JSON.stringify({ input, output: `${input} answered` })}\n`);
    return path;
  };
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url]);

  it('exits 3 saying the deployment has not loaded it, having posted its probe once', async () => {
    await withSimulator({ trainingStepMs: 5, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      // A starts first and trains long; B starts later and finishes first, and is loaded: A never will be.
      const first = data('a.jsonl', 'first');
      const a = JSON.parse((await cli(sim, ['train', first, '--max-steps', '150', '--json'])).stdout) as { job_hash: string };
      const b = await cli(sim, ['train', data('b.jsonl', 'second'), '--max-steps', '2', '--follow', '--json', '--poll', '0.02']);
      assert.equal(b.code, 0, b.stderr);
      const postsBefore = sim.stats().requests['POST /v1/generate'] ?? 0;

      const followed = await cli(sim, ['train', first, '--max-steps', '150', '--follow', '--json', '--poll', '0.02', '--wait-served', '0.5']);
      assert.equal(followed.code, 3, followed.stderr);
      assert.deepEqual(JSON.parse(followed.stdout), { job_hash: a.job_hash, status: 'COMPLETED', model: a.job_hash, served: false });
      assert.match(followed.stderr, new RegExp(`Job ${a.job_hash} COMPLETED, but this deployment has not loaded the adaptor: its one probe request \\([0-9a-f]{64}_0{9}\\) answered "Unexpected response shape: .*does not exist\\.`));
      assert.match(followed.stderr, /Ask its operator to restart it/);
      assert.equal((sim.stats().requests['POST /v1/generate'] ?? 0) - postsBefore, 1, 'one probe posted');
      assert.ok(Object.values(sim.stats().generateSubmissions).every((count) => count === 1), 'no group posted twice');

      // Asked again (job HASH), the probe is fetched, not posted.
      const job = await cli(sim, ['job', a.job_hash]);
      assert.match(job.stdout, /Served {2}no: this deployment has not loaded the adaptor \(its probe answered "Unexpected response shape: /);
      assert.equal((sim.stats().requests['POST /v1/generate'] ?? 0) - postsBefore, 1, 'still one');
    });
  });
});
