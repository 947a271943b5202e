// With --state-dir, training jobs survive a restart of the simulator: a finished job keeps its adaptor, and
// one cut off mid-training goes on from its last step, as the server's reconciler resubmits it.

import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator } from '../../../src/sim';
import { eventually, post, json } from './helpers';
import { datasetArchive, EXAMPLES, jobInfo, postTrain, type TrainReply } from './training-helpers';

describe('sim: training jobs across a restart', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sim-training-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps finished jobs and their adaptors, and finishes a job the restart interrupted', async () => {
    const options = { port: 0, zeroLatency: true, stateDir: dir, adaptorLoadDelayMs: 60_000, trainStatusTornRate: 0 };
    const first = await startSimulator({ ...options, trainingStepMs: 2 });
    let done = '';
    let cut = '';
    // One archive, sent again after the restart: GNU tar writes the file's mtime, so a new one would differ.
    const archive = datasetArchive();
    try {
      done = json<TrainReply>(await postTrain(first, archive, { max_steps: 2 })).job_status.model_name as string;
      await eventually(async () => ((await jobInfo(first, done)).body.job_status.status === 'COMPLETED' ? true : undefined), 5000, 'the first job');
      cut = json<TrainReply>(await postTrain(first, datasetArchive(), { max_steps: 400, fake_step_s: 0.01 })).job_status.model_name as string;
      await eventually(async () => ((await jobInfo(first, cut)).body.job_status.history?.length ?? 0) >= 2 || undefined, 5000, 'two steps');
    } finally {
      await first.close();
    }
    const second = await startSimulator({ ...options, trainingStepMs: 2 });
    try {
      const kept = await jobInfo(second, done);
      assert.deepEqual([kept.status, kept.body.job_status.status, kept.body.deployed], [200, 'COMPLETED', true]);
      const answer = json<{ results: { response: string }[] }>(await post(second, '/v1/generate', { model: done, prompts: [EXAMPLES[0].input], max_tokens: 8 }));
      assert.equal(answer.results[0].response, EXAMPLES[0].output);
      const resumed = (await jobInfo(second, cut)).body.job_status.history?.length ?? 0;
      assert.ok(resumed >= 2, 'the history so far is kept');
      const again = json<TrainReply>(await postTrain(second, archive, { max_steps: 2 }));
      assert.equal(again.job_status.model_name, done, 'the same submission still names the same job');
    } finally {
      await second.close();
    }
  });
});
