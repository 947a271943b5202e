// Cancel, restart and delete from the command line, against a simulator that does what the server does
// (training.md §4, §11.3-4): CANCELLED ends following (logs --follow, and train --follow of data that names the
// cancelled job), with `restart` offered; the cancel of a running job says what really happens; `delete` asks
// first on a terminal and wants --yes otherwise.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { runCli } from '../helpers/cli-run';
import { withSimulator } from '../helpers/simulator';
import { useTempDir } from '../helpers/temp-dir';
import { waitFor } from '../helpers/wait-for';

describe('scalarlm-lab cancel, restart and delete', function () {
  this.timeout(60_000);
  const tmp = useTempDir();
  const data = (name = 'data.jsonl'): string => {
    const path = join(tmp.path, name);
    writeFileSync(path, `${JSON.stringify({ input: `What is in ${name}?`, output: 'Quuxville' })}\n`);
    return path;
  };
  const cli = (sim: SimHandle, argv: string[], options: { stdin?: string; tty?: boolean } = {}) => runCli([...argv, '--url', sim.url], options);
  const submit = async (sim: SimHandle, file: string, steps: string): Promise<string> => (JSON.parse((await cli(sim, ['train', file, '--max-steps', steps, '--json'])).stdout) as { job_hash: string }).job_hash;
  const statusOf = async (sim: SimHandle, hash: string): Promise<string | undefined> => {
    const response = await fetch(`${sim.url}/v1/megatron/train/${hash}`);
    return response.status === 200 ? ((await response.json()) as { job_status: { status: string } }).job_status.status : undefined;
  };

  it('ends following at CANCELLED, offers restart, and restart runs the job again', async () => {
    // Slow steps: the job is still queued when it is cancelled.
    await withSimulator({ trainingStepMs: 150, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const file = data();
      const hash = await submit(sim, file, '2');
      const cancelled = await cli(sim, ['cancel', hash, '--poll', '0.05']);
      assert.equal(cancelled.code, 0, cancelled.stderr);
      assert.ok(cancelled.stderr.includes(`Job ${hash} was cancelled before it started: it stays CANCELLED and will not run. Run it again with scalarlm-lab restart ${hash}.`), cancelled.stderr);

      const restartLine = `Run it again with scalarlm-lab restart ${hash}`;
      const logs = await cli(sim, ['logs', hash, '--follow', '--poll', '0.02']);
      assert.equal(logs.code, 0, logs.stderr);
      assert.ok(logs.stderr.includes(`Job ${hash} is CANCELLED`) && logs.stderr.includes(restartLine), logs.stderr);
      assert.doesNotMatch(logs.stderr, /Waiting for it/);

      const retrain = await cli(sim, ['train', file, '--max-steps', '2', '--follow', '--json', '--poll', '0.02']);
      assert.equal(retrain.code, 1, retrain.stderr);
      assert.equal((JSON.parse(retrain.stdout) as { status: string }).status, 'CANCELLED');
      assert.ok(retrain.stderr.includes(`Job ${hash} is CANCELLED: the deployment will not run it unless asked. ${restartLine}`), retrain.stderr);

      const restarted = await cli(sim, ['restart', hash, '--json']);
      assert.equal(restarted.code, 0, restarted.stderr);
      assert.deepEqual(JSON.parse(restarted.stdout), { job_hash: hash, status: 'QUEUED' });
      const followed = await cli(sim, ['train', file, '--max-steps', '2', '--follow', '--json', '--poll', '0.02']);
      assert.equal(followed.code, 0, followed.stderr);

      const again = await cli(sim, ['restart', hash]);
      assert.equal(again.code, 1);
      assert.ok(again.stderr.includes(`Job ${hash} cannot be restarted: the deployment restarts only a FAILED or CANCELLED job, and it completed`), again.stderr);
      const unknown = await cli(sim, ['restart', 'f'.repeat(64)]);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /The deployment has no training job "f{64}"/);
    });
  });

  it('says what the cancel of a running job really does', async () => {
    await withSimulator({ trainingStepMs: 5, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const hash = await submit(sim, data(), '100000');
      await waitFor(async () => (await statusOf(sim, hash)) === 'TRAINING', { timeoutMs: 10_000, what: 'the job training' });
      const cancelled = await cli(sim, ['cancel', hash, '--poll', '0.05', '--json']);
      assert.equal(cancelled.code, 3, cancelled.stderr);
      assert.ok(
        cancelled.stderr.includes(
          `Cancel requested for job ${hash}: the deployment wrote CANCELLED, but current servers do not stop a running job for good. Its trainer stops at the end of the step in flight and the status reads TRAINING again; about 30 s after it stopped, the server resubmits the job from its last checkpoint and it goes on to complete. Only scalarlm-lab delete ${hash} stops it for good.`,
        ),
        cancelled.stderr,
      );
      assert.deepEqual(JSON.parse(cancelled.stdout), { job_hash: hash, answered: 'CANCELLED', status: 'TRAINING', already_finished: false, runs_on: true, outcome: 'stops-at-step' });
      const second = await cli(sim, ['cancel', hash]);
      assert.equal(second.code, 3, second.stderr);
      assert.match(second.stderr, /is TRAINING, unchanged: its Slurm job has already ended/);
    });
  });

  it('deletes only when asked: --yes in scripts, a question on a terminal', async () => {
    await withSimulator({ trainingStepMs: 2, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const hash = await submit(sim, data(), '2');
      await waitFor(async () => (await statusOf(sim, hash)) === 'COMPLETED', { timeoutMs: 10_000, what: 'the job completed' });

      const piped = await cli(sim, ['delete', hash], { stdin: '' });
      assert.equal(piped.code, 2, piped.stderr);
      assert.match(piped.stderr, /stdin is not a terminal: give --yes to delete job [0-9a-f]{64} without being asked/);
      const declined = await cli(sim, ['delete', hash], { stdin: 'n\n', tty: true });
      assert.equal(declined.code, 0, declined.stderr);
      assert.match(declined.stderr, new RegExp(`Delete training job ${hash} \\(COMPLETED, step 2 of 2\\)\\? A running job is stopped; its directory, checkpoints and logs are removed from the deployment\\. It cannot be undone\\. \\[y/N\\] Not deleted\\.`, 's'));
      assert.equal(await statusOf(sim, hash), 'COMPLETED');

      const asked = await cli(sim, ['delete', hash], { stdin: 'y\n', tty: true });
      assert.equal(asked.code, 0, asked.stderr);
      assert.ok(asked.stderr.includes(`Deleted job ${hash} (it was COMPLETED).`), asked.stderr);
      assert.equal(await statusOf(sim, hash), undefined);

      const other = await submit(sim, data('other.jsonl'), '2');
      const scripted = await cli(sim, ['delete', other, '--yes', '--json'], { stdin: '' });
      assert.equal(scripted.code, 0, scripted.stderr);
      assert.equal((JSON.parse(scripted.stdout) as { deleted: boolean }).deleted, true);
      const gone = await cli(sim, ['delete', other, '--yes'], { stdin: '' });
      assert.equal(gone.code, 1);
      assert.match(gone.stderr, /The deployment has no training job/);
    });
  });
});
