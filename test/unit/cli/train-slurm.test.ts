// train when the deployment's Slurm fails it (training.md §11.6-7): unreachable, a slow plain-text 500 with no
// job made, tried again only a few times, each wait said with its likely cause, --timeout honoured; sbatch
// failing, a plain-text 500 after the job was made FAILED: the job is found by its hash, its reason shown (and
// `error` in --json), and cancel says it has nothing to cancel rather than that the job does not exist.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';

const SIM = { trainingStepMs: 5, adaptorLoadDelayMs: 60_000 };
const SLURM_WAIT = /The deployment took 0\.\d s and answered 500 \(plain text\) without making the job: Slurm may be unreachable from it \(the server waits up to 30 s for squeue, its whole API blocked meanwhile\)\. Trying again in 0\.\d s \(try \d of 3\)\./;

describe('scalarlm-lab train when Slurm fails', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const data = (): string => {
    const path = join(tmp.path, 'data.jsonl');
    writeFileSync(path, `${JSON.stringify({ input: 'What is the capital of Quux?', output: 'Quuxville' })}\n`);
    return path;
  };
  const cli = (sim: SimHandle, argv: string[]) => runCli([...argv, '--url', sim.url]);
  const trainPosts = (sim: SimHandle): number => sim.stats().requests['POST /v1/megatron/train'] ?? 0;

  it('says each wait while Slurm does not answer, and goes on once it does', async () => {
    await withSimulator({ ...SIM, faults: [{ kind: 'slurm-down', arg: '0.3', times: 2 }] }, async (sim) => {
      const result = await cli(sim, ['train', data(), '--max-steps', '2', '--json']);
      assert.equal(result.code, 0, result.stderr);
      assert.equal(result.stderr.match(new RegExp(SLURM_WAIT.source, 'g'))?.length, 2, result.stderr);
      assert.equal(trainPosts(sim), 3);
      assert.equal((JSON.parse(result.stdout) as { status: string }).status, 'QUEUED');
    });
  });

  it('stops after three tries with the likely cause, exit 1, and honours --timeout before that', async () => {
    await withSimulator({ ...SIM, faults: [{ kind: 'slurm-down', arg: '0.3' }] }, async (sim) => {
      const result = await cli(sim, ['train', data(), '--max-steps', '2']);
      assert.equal(result.code, 1, result.stderr);
      assert.equal(trainPosts(sim), 3, 'not six blind retries');
      assert.match(result.stderr, /answered POST \/v1\/megatron\/train with a plain-text 500 3 times \(the last after 0\.\d s\) and made no job: Slurm is likely unreachable from it/);
      assert.equal(sim.stats().trainingJobs, 0);

      const stopped = await cli(sim, ['train', data(), '--max-steps', '2', '--timeout', '0.5']);
      assert.equal(stopped.code, 3, stopped.stderr);
      assert.match(stopped.stderr, SLURM_WAIT);
      assert.match(stopped.stderr, /Stopped \(--timeout reached\) before the command was done/);
    });
  });

  it('shows why sbatch failed (and `error` in --json), and cancel says there is nothing to cancel', async () => {
    await withSimulator({ ...SIM, faults: [{ kind: 'sbatch-fails', arg: 'Invalid account or account/partition combination specified', times: 1 }] }, async (sim) => {
      const reason = 'sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified';
      const submitted = await cli(sim, ['train', data(), '--max-steps', '2', '--json']);
      assert.equal(submitted.code, 1, submitted.stderr);
      const record = JSON.parse(submitted.stdout) as { job_hash: string; status: string; error: string };
      assert.deepEqual([record.status, record.error], ['FAILED', reason]);
      assert.equal(trainPosts(sim), 1, 'found by its hash, not sent again');
      assert.match(submitted.stderr, /the deployment answered HTTP 500, but had made the job/);
      assert.doesNotMatch(submitted.stderr, /already had this job/);
      assert.ok(submitted.stderr.includes(`Job ${record.job_hash} FAILED: ${reason}. Its submission to Slurm failed, so it never ran. Run it again with scalarlm-lab restart ${record.job_hash}`), submitted.stderr);

      // Sent again, the deployment answers the FAILED job it has: said with its reason too.
      const again = await cli(sim, ['train', data(), '--max-steps', '2', '--follow', '--json', '--poll', '0.02']);
      assert.equal(again.code, 1, again.stderr);
      assert.equal((JSON.parse(again.stdout) as { error: string }).error, reason);
      assert.ok(again.stderr.includes(reason), again.stderr);

      const cancel = await cli(sim, ['cancel', record.job_hash]);
      assert.equal(cancel.code, 0, cancel.stderr);
      assert.doesNotMatch(cancel.stderr, /has no training job/);
      assert.ok(cancel.stderr.includes(`Job ${record.job_hash} has no Slurm job to cancel: it is FAILED (${reason})`), cancel.stderr);
    });
  });
});
