// A job's training inputs read from the deployment's dataset route (pages of 200), kept as hashes and cached in
// the runs folder once complete; a long input the server clipped, a job it does not know or a deployment it
// cannot reach leave the answer "unknown", never "not in it".

import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { jobInputs, prepareTraining, TrainingClient, type JobInputs } from '../../../../src/core/training';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const LONG = `${'a very long question '.repeat(300)}?`;
const EXAMPLES = [...Array.from({ length: 450 }, (_, i) => ({ input: `question ${i}`, output: `answer ${i}` })), { input: LONG, output: 'long answer' }];

function known(inputs: JobInputs): Extract<JobInputs, { state: 'known' }> {
  assert.equal(inputs.state, 'known', inputs.state === 'unknown' ? inputs.reason : '');
  return inputs as Extract<JobInputs, { state: 'known' }>;
}

describe('a job\'s training inputs', () => {
  const tmp = useTempDir();

  it('reads every page of the dataset, says which inputs were in it, and caches a complete read', async () => {
    await withSimulator({ trainingStepMs: 1 }, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      try {
        const training = new TrainingClient(api);
        const { archive, params } = prepareTraining(EXAMPLES.map((e) => JSON.stringify(e)).join('\n'), 'data.jsonl', { max_steps: 1 });
        const job = await training.submit(archive, params);
        const pages = () => Object.entries(sim.stats().requests).filter(([key]) => key.startsWith('GET /v1/megatron/train/') && key.endsWith('/dataset')).reduce((sum, [, n]) => sum + n, 0);

        const inputs = known(await jobInputs(training, tmp.path, job.hash));
        assert.equal(pages(), 3, '451 lines in pages of at most 200');
        assert.deepEqual([inputs.has('question 0'), inputs.has('question 449'), inputs.has('question 450'), inputs.has('Question 0')], [true, true, false, false]);
        // The server clipped it to 4 KiB: its start matches, which is not enough to say it was trained on.
        assert.equal(inputs.has(LONG), 'unknown');
        assert.equal(inputs.has(`${LONG.slice(0, 5000)} and more`), 'unknown');
        assert.ok(existsSync(join(tmp.path, 'training-inputs', `${job.hash}.json`)));

        const cached = known(await jobInputs(training, tmp.path, job.hash));
        assert.equal(pages(), 3, 'read from the cache: nothing asked again');
        assert.equal(cached.has('question 7'), true);
        assert.equal(cached.has('question 7 '), false);
      } finally {
        await api.close();
      }
    });
  });

  it('is unknown for a job the deployment does not know, and for a deployment it cannot reach', async () => {
    const unknownJob = 'f'.repeat(64);
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      try {
        const inputs = await jobInputs(new TrainingClient(api), tmp.path, unknownJob);
        assert.equal(inputs.state, 'unknown');
        assert.match((inputs as { reason: string }).reason, /no training job "f{64}"/);
        assert.ok(!existsSync(join(tmp.path, 'training-inputs', `${unknownJob}.json`)), 'nothing cached');
      } finally {
        await api.close();
      }
    });
    const closed = await withSimulator({}, async (sim) => sim.url);
    const api = new ScalarLMClient({ baseUrl: closed });
    try {
      const inputs = await jobInputs(new TrainingClient(api), tmp.path, unknownJob);
      assert.equal(inputs.state, 'unknown');
    } finally {
      await api.close();
    }
  });
});
