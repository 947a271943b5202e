// A job's progress in the words the command line and the editor share: which loss is shown (the last step's or
// list_models' running average), and a queued job said as queued with its max steps, not "step 0 of 0 · loss 0".

import * as assert from 'node:assert/strict';
import { jobProgress, listedProgress, progressDetail, progressLine } from '../../../../src/core/training';

describe('training progress words', () => {
  it("names the job's own loss as the last step's, with step of max steps and the ETA", () => {
    const progress = jobProgress({ status: 'TRAINING', maxSteps: 4, history: [{ step: 0, loss: 2, time: 1 }, { step: 1, loss: 0.1876, time: 2 }] });
    assert.equal(progressLine(progress), 'TRAINING · step 2 of 4 · last loss 0.1876 · ETA 2s');
  });

  it("names list_models' loss as the average, and leaves out a queued row's 0 of 0 and loss 0.0", () => {
    assert.equal(progressLine(listedProgress({ name: 'j', status: 'COMPLETED', step: 100, maxSteps: 100, loss: 0.53821 })), 'COMPLETED · step 100 of 100 · average loss 0.5382');
    assert.equal(progressLine(listedProgress({ name: 'j', status: 'QUEUED', step: 0, maxSteps: 0, loss: 0 })), 'queued');
  });

  it('says a queued job is queued with the max steps of its config, and a restarted one where it had got to', () => {
    assert.equal(progressLine(jobProgress({ status: 'QUEUED', history: [] }, { max_steps: 100 })), 'queued, 100 steps');
    assert.equal(progressDetail(jobProgress({ status: 'QUEUED', maxSteps: 400, history: [{ step: 55, loss: 0.3 }] })), 'queued, step 56 of 400 · last loss 0.3000');
    assert.equal(progressLine(jobProgress({ status: 'FAILED', history: [] })), 'FAILED');
  });
});
