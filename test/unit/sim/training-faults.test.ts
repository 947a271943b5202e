// The server's training failures as simulator faults and defaults (training.md §11.6-8): sbatch failing (a
// plain-text 500, the job left FAILED with sbatch's output, found again by a retry), Slurm unreachable (a
// plain-text 500 after a wait, nothing created), and status reads that now and then meet status.json mid-rewrite.

import * as assert from 'node:assert/strict';
import { DEFAULT_OPTIONS, type SimHandle } from '../../../src/sim';
import { withSimulator } from '../helpers/simulator';
import { get, json } from './helpers';
import { datasetArchive, jobAction, jobInfo, postTrain, sha256, untilJob, type TrainReply } from './training-helpers';

const QUIET = { zeroLatency: true, trainStatusTornRate: 0, adaptorLoadDelayMs: 60_000, trainingStepMs: 2, megatronRefreshPeriodMs: 20 };

describe('sim: training faults', function () {
  this.timeout(30_000);

  it('sbatch-fails: a plain-text 500, then the retry answers the job FAILED with sbatch\'s output; no Slurm id, so cancel is null', async () => {
    await withSimulator({ ...QUIET, faults: [{ kind: 'sbatch-fails', times: 1 }] }, async (sim) => {
      const archive = datasetArchive();
      const first = await postTrain(sim, archive, { max_steps: 2 });
      assert.deepEqual([first.status, first.headers.get('content-type'), first.text], [500, 'text/plain; charset=utf-8', 'Internal Server Error']);
      const retry = await postTrain(sim, archive, { max_steps: 2 });
      assert.equal(retry.status, 200);
      const job = json<TrainReply>(retry);
      assert.equal(job.job_status.status, 'FAILED');
      assert.equal(job.job_status.output, 'sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)');
      assert.equal(job.job_status.job_id, undefined);
      assert.ok(!('llm_name' in job.job_config), 'answered as an existing job');
      assert.equal(sim.stats().trainingJobs, 1);
      const hash = job.job_status.model_name as string;
      const cancel = await jobAction(sim, 'cancel', hash);
      assert.deepEqual([cancel.status, cancel.text], [200, 'null']);
      // Restarted, it is submitted again and runs.
      assert.equal(json<TrainReply>(await jobAction(sim, 'restart', hash)).job_status.status, 'QUEUED');
      await untilJob(sim, hash, (reply) => reply.job_status.status === 'COMPLETED', 'COMPLETED');
    });
  });

  it('slurm-down: POST /train answers a plain-text 500 after the wait, and no job is made', async () => {
    await withSimulator({ ...QUIET, faults: [{ kind: 'slurm-down', arg: '0.2', times: 1 }] }, async (sim) => {
      const archive = datasetArchive();
      const down = await postTrain(sim, archive, { max_steps: 2 });
      assert.deepEqual([down.status, down.text], [500, 'Internal Server Error']);
      assert.equal(sim.stats().trainingJobs, 0);
      const hash = sha256(`{"max_steps": 2, "dataset_hash": "${sha256(archive)}"}`);
      assert.equal((await jobInfo(sim, hash)).status, 500);
      assert.equal((await postTrain(sim, archive, { max_steps: 2 })).status, 200, 'Slurm is back');
    });
  });

  it('answers a low share of status reads with the 500 of status.json mid-rewrite by default, the same ones for the same seed', async () => {
    assert.ok(DEFAULT_OPTIONS.trainStatusTornRate > 0 && DEFAULT_OPTIONS.trainStatusTornRate < 0.02);
    const reads = async (sim: SimHandle, hash: string): Promise<number[]> => {
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) statuses.push((await get(sim, `/v1/megatron/train/${hash}`)).status);
      return statuses;
    };
    // One archive for every simulator: GNU tar writes the time, and the job hash covers the archive.
    const archive = datasetArchive();
    const sequence = (rate: number) =>
      withSimulator({ ...QUIET, trainStatusTornRate: rate, seed: 7 }, async (sim) => {
        const hash = json<TrainReply>(await postTrain(sim, archive, { max_steps: 2 })).job_status.model_name as string;
        return { hash, statuses: await reads(sim, hash) };
      });
    const first = await sequence(0.05);
    const second = await sequence(0.05);
    assert.equal(first.hash, second.hash);
    assert.deepEqual(first.statuses, second.statuses, 'reproducible');
    const torn = first.statuses.filter((status) => status === 500).length;
    assert.ok(torn > 0 && torn < 60, `${torn} of 300`);
    assert.deepEqual(new Set((await sequence(0)).statuses), new Set([200]), 'off');
  });
});
