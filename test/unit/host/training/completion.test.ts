// When the editor says a job completed: once, when it completes under its eyes (a panel following it, or just
// submitted from Train Adaptor…), never for a job that had completed before it looked.

import * as assert from 'node:assert/strict';
import { CompletionTracker } from '../../../../src/host/training/completion';
import { completedNotice, jobPanelView } from '../../../../src/host/training/job-view';

describe('training in the editor: a job that completes', () => {
  it('is news once, when it completes after another state was seen', () => {
    const tracker = new CompletionTracker();
    assert.deepEqual(['QUEUED', 'TRAINING', 'TRAINING', 'COMPLETED', 'COMPLETED'].map((s) => tracker.saw('a', s)), [false, false, false, true, false]);
    assert.equal(tracker.saw('old', 'COMPLETED'), false, 'a panel opened on a job already complete');
    tracker.submitted('new');
    assert.equal(tracker.saw('new', 'COMPLETED'), true, 'submitted here, first read COMPLETED');
    // Followed on after its panel closes: only a job submitted here, until it ends.
    tracker.submitted('mine');
    assert.equal(tracker.followsOn('mine'), true);
    tracker.saw('mine', 'TRAINING');
    assert.equal(tracker.followsOn('mine'), true);
    tracker.saw('mine', 'FAILED');
    assert.equal(tracker.followsOn('mine'), false);
    assert.equal(tracker.followsOn('a'), false, 'a job only opened here');
    // Restarted after a failure, then completed: news again.
    assert.deepEqual(['FAILED', 'QUEUED', 'COMPLETED'].map((s) => tracker.saw('b', s)), [false, false, true]);
  });

  it('offers the adaptor in the panel once the job has completed, and says so in words', () => {
    const detail = (status: string) => ({ hash: 'f'.repeat(64), deployed: false, config: {}, status: { status, maxSteps: 2, history: [{ step: 0, loss: 1 }, { step: 1, loss: 0.5 }] } });
    assert.equal(jobPanelView(detail('COMPLETED')).canUseAdaptor, true);
    assert.equal(jobPanelView(detail('TRAINING')).canUseAdaptor, false);
    assert.equal(
      completedNotice(detail('COMPLETED')),
      `Training job ${'f'.repeat(12)}… COMPLETED (step 2 of 2 · last loss 0.5000). Judge its adaptor: add it to an experiment, or compare it with the base.`,
    );
  });
});
