// Cancel, restart and delete as the server does them (training.md §4, §11.3-4): a running job's cancel is
// answered CANCELLED, the trainer's step in flight writes TRAINING over it and the loop stops, then the periodic
// task resubmits it under a new Slurm id and it resumes from its checkpoint to COMPLETED; a second cancel in
// that stale window is answered with the unchanged TRAINING. A queued job's cancel sticks. Restart only from
// FAILED or CANCELLED; delete answers the status as it was and removes the job.

import * as assert from 'node:assert/strict';
import type { SimHandle } from '../../../src/sim';
import { withSimulator } from '../helpers/simulator';
import { get, json, post } from './helpers';
import { jobAction, jobInfo, submitJob, untilJob, type TrainReply } from './training-helpers';

const QUIET = { zeroLatency: true, trainStatusTornRate: 0, adaptorLoadDelayMs: 60_000 };

describe('sim: cancel, restart and delete', function () {
  this.timeout(30_000);

  it('cancels a running job as the server does: stale TRAINING, then resubmitted under a new Slurm id, resumed, completed', async () => {
    // The periodic task runs every 1.5 s, so the stale window outlasts the test's few reads of it.
    await withSimulator({ ...QUIET, trainingStepMs: 20, megatronRefreshPeriodMs: 1500 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 30 });
      const running = await untilJob(sim, hash, (job) => (job.job_status.history?.length ?? 0) >= 2, 'two steps');
      const cancelled = json<TrainReply>(await jobAction(sim, 'cancel', hash));
      assert.equal(cancelled.job_status.status, 'CANCELLED');
      assert.equal(cancelled.deployed, false);

      const stale = await untilJob(sim, hash, (job) => job.job_status.status === 'TRAINING', 'the step in flight writing TRAINING again');
      assert.equal(stale.job_status.job_id, running.job_status.job_id);
      const again = json<TrainReply>(await jobAction(sim, 'cancel', hash));
      assert.deepEqual([again.job_status.status, again.job_status.history?.length], ['TRAINING', stale.job_status.history?.length], 'scancel of an ended Slurm job fails: unchanged');
      assert.equal((await jobInfo(sim, hash)).body.job_status.history?.length, stale.job_status.history?.length, 'the loop stopped: no new step');

      const resubmitted = await untilJob(sim, hash, (job) => job.job_status.job_id !== running.job_status.job_id, 'a new Slurm job id');
      assert.ok(Number(resubmitted.job_status.start_time) > Number(running.job_status.start_time), 'a new start_time');
      const done = await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'COMPLETED');
      // Resumed from its checkpoint: every step once, in order.
      assert.deepEqual(done.job_status.history?.map((entry) => entry.step), Array.from({ length: 30 }, (_, i) => i));
      const log = (await get(sim, `/v1/megatron/train/logs/${hash}`)).text;
      assert.match(log, new RegExp(`slurmstepd: error: \\*\\*\\* JOB ${running.job_status.job_id} ON fakenode CANCELLED AT `));
      assert.equal((log.match(/Loading job config from/g) ?? []).length, 2, 'two slices in one log');
    });
  });

  it('keeps a queued job cancelled: it never starts; restart runs it to COMPLETED', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 30, megatronRefreshPeriodMs: 20 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      const cancelled = json<TrainReply>(await jobAction(sim, 'cancel', hash));
      assert.equal(cancelled.job_status.status, 'CANCELLED');
      // A job submitted after it starts and finishes: the cancelled one would have started before it.
      const later = await submitJob(sim, { max_steps: 2, seed: 1 });
      await untilJob(sim, later, (job) => job.job_status.status === 'COMPLETED', 'the later job to complete');
      const still = (await jobInfo(sim, hash)).body.job_status;
      assert.deepEqual([still.status, still.history], ['CANCELLED', undefined]);
      assert.equal((await get(sim, `/v1/megatron/train/logs/${hash}`)).status, 500, 'no log: it never ran');

      const restarted = json<TrainReply>(await jobAction(sim, 'restart', hash));
      assert.equal(restarted.job_status.status, 'QUEUED');
      assert.notEqual(restarted.job_status.job_id, cancelled.job_status.job_id);
      await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'the restarted job to complete');
    });
  });

  it('answers a finished job unchanged, and null for an unknown hash', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 20 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'COMPLETED');
      const finished = await jobAction(sim, 'cancel', hash);
      assert.deepEqual([finished.status, json<TrainReply>(finished).job_status.status], [200, 'COMPLETED']);
      for (const action of ['cancel', 'delete'] as const) {
        const unknown = await jobAction(sim, action, '0000000000deadbeef');
        assert.deepEqual([unknown.status, unknown.text], [200, 'null'], action);
      }
    });
  });

  it('restarts only from FAILED or CANCELLED: 409 otherwise, 404 for an unknown hash', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 20 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'COMPLETED');
      const refused = await jobAction(sim, 'restart', hash);
      assert.deepEqual([refused.status, json(refused)], [
        409,
        { detail: "Cannot restart job in state 'COMPLETED'; restart is only allowed from ['CANCELLED', 'FAILED']. Cancel the job first if it is currently running." },
      ]);
      const unknown = await jobAction(sim, 'restart', '0000000000deadbeef');
      assert.deepEqual([unknown.status, json(unknown)], [404, { detail: 'Training job 0000000000deadbeef was not found in PVC or Synology' }]);

      const failing = await submitJob(sim, { max_steps: 4, fake_fail_at_step: 1 });
      await untilJob(sim, failing, (job) => job.job_status.status === 'FAILED', 'FAILED');
      const restarted = json<TrainReply>(await jobAction(sim, 'restart', failing));
      assert.equal(restarted.job_status.status, 'QUEUED');
      assert.equal(restarted.job_status.error, undefined, 'the error is dropped');
      // Its failure is in its config: it fails again.
      assert.equal((await untilJob(sim, failing, (job) => job.job_status.status === 'FAILED', 'FAILED again')).job_status.status, 'FAILED');
    });
  });

  it('deletes a job: the status as it was, the job gone, the adaptor still listed by vLLM', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 20 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'COMPLETED');
      assert.equal((await post(sim, '/v1/generate', { model: hash, prompts: ['hello'], max_tokens: 2 })).status, 200);
      const before = await jobRows(sim);

      const deleted = await jobAction(sim, 'delete', hash);
      assert.deepEqual([deleted.status, json<TrainReply>(deleted).job_status.status, json<TrainReply>(deleted).deployed], [200, 'COMPLETED', false]);
      assert.equal((await jobInfo(sim, hash)).status, 500);
      assert.equal((await jobRows(sim)).length, before.length - 1);
      const generate = await post(sim, '/v1/generate', { model: hash, prompts: ['hello'], max_tokens: 2 });
      assert.deepEqual([generate.status, json(generate)], [404, { detail: 'Model None not found' }]);
      const models = json<{ data: { id: string }[] }>(await get(sim, '/v1/models')).data.map((model) => model.id);
      assert.ok(models.includes(hash), 'nothing unloads it from vLLM');
    });
  });

  it('deletes a running job: stopped, answered CANCELLED', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 20, megatronRefreshPeriodMs: 20 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 1000 });
      await untilJob(sim, hash, (job) => job.job_status.status === 'TRAINING', 'TRAINING');
      assert.equal(json<TrainReply>(await jobAction(sim, 'delete', hash)).job_status.status, 'CANCELLED');
      assert.equal((await jobInfo(sim, hash)).status, 500);
    });
  });
});

async function jobRows(sim: SimHandle): Promise<{ name: string }[]> {
  return json<{ models: { name: string }[] }>(await get(sim, '/v1/megatron/list_models')).models;
}
