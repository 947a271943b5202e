// From a finished job to a served adaptor, as the server does it (training.md §5, §10.5, §11.1, §11.5): the
// periodic task registers it (`deployed`), or a request naming it does; the worker loads the registry, sorted by
// start_time, from its count of loaded adaptors on. So an adaptor that finishes after a later-started one is
// never loaded, nor the first trained after a delete: /v1/generate naming it answers 200 with the item error,
// non-streaming chat 404s, and /v1/models never lists it.

import * as assert from 'node:assert/strict';
import type { SimHandle } from '../../../src/sim';
import { withSimulator } from '../helpers/simulator';
import { eventually, get, json, post } from './helpers';
import { EXAMPLES, jobAction, jobInfo, submitJob, untilJob } from './training-helpers';

const QUIET = { zeroLatency: true, trainStatusTornRate: 0, adaptorLoadDelayMs: 60_000 };

describe('sim: delivery of trained adaptors', function () {
  this.timeout(30_000);

  async function generate(sim: SimHandle, model: string): Promise<{ response: string | null; error: string | null }> {
    const reply = await post(sim, '/v1/generate', { model, prompts: [EXAMPLES[0].input], max_tokens: 8 });
    assert.equal(reply.status, 200, reply.text);
    return json<{ results: { response: string | null; error: string | null }[] }>(reply).results[0];
  }

  async function listed(sim: SimHandle): Promise<string[]> {
    return json<{ data: { id: string }[] }>(await get(sim, '/v1/models')).data.map((model) => model.id);
  }

  function completed(sim: SimHandle, hash: string): Promise<unknown> {
    return untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED', 'COMPLETED');
  }

  it('never loads an adaptor that finished after a later-started one: generate answers the item error, chat 404s', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 5, megatronRefreshPeriodMs: 60_000 }, async (sim) => {
      const first = await submitJob(sim, { max_steps: 60 });
      await untilJob(sim, first, (job) => job.job_status.status === 'TRAINING', 'the first training');
      const second = await submitJob(sim, { max_steps: 2 });
      await completed(sim, second);
      assert.equal((await generate(sim, second)).response, EXAMPLES[0].output, 'the later-started one is loaded');
      await completed(sim, first);

      const item = await generate(sim, first);
      assert.equal(item.response, null);
      assert.equal(item.error, `Unexpected response shape: {'error': {'message': 'The model \`${first}\` does not exist.', 'type': 'NotFoundError', 'param': None, 'code': 404}}`);
      assert.equal((await jobInfo(sim, first)).body.deployed, true, 'registered all the same');
      const chat = await post(sim, '/v1/chat/completions', { model: first, messages: [{ role: 'user', content: EXAMPLES[0].input }] });
      assert.deepEqual([chat.status, json(chat)], [404, { detail: `The model \`${first}\` does not exist.` }]);
      const models = await listed(sim);
      assert.deepEqual([models.includes(second), models.includes(first)], [true, false]);
    });
  });

  it('never loads the first adaptor trained after a delete; the next one it does', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 60_000 }, async (sim) => {
      const deleted = await submitJob(sim, { max_steps: 2 });
      await completed(sim, deleted);
      assert.equal((await generate(sim, deleted)).response, EXAMPLES[0].output);
      await jobAction(sim, 'delete', deleted);

      const afterDelete = await submitJob(sim, { max_steps: 2, seed: 1 });
      await completed(sim, afterDelete);
      assert.match((await generate(sim, afterDelete)).error ?? '', /^Unexpected response shape: .*does not exist/);
      const next = await submitJob(sim, { max_steps: 2, seed: 2 });
      await completed(sim, next);
      assert.equal((await generate(sim, next)).response, EXAMPLES[0].output);
      assert.ok(!(await listed(sim)).includes(afterDelete));
    });
  });

  it('turns deployed true on the periodic tick, not at completion, or when a request names the model', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 60_000 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await completed(sim, hash);
      assert.equal((await jobInfo(sim, hash)).body.deployed, false, 'no tick yet');
      const chat = await post(sim, '/v1/chat/completions', { model: hash, messages: [{ role: 'user', content: 'hi' }] });
      assert.equal(chat.status, 404, 'registered by find_model, not loaded: chat asks vLLM first');
      assert.equal((await jobInfo(sim, hash)).body.deployed, true);
    });
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 50 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await untilJob(sim, hash, (job) => job.job_status.status === 'COMPLETED' && job.deployed, 'deployed without a request');
      assert.ok(!(await listed(sim)).includes(hash), 'registered, not loaded until the worker gets work or its long-poll ends');
    });
  });

  it('loads registered adaptors when the worker\'s idle long-poll ends, without a request', async () => {
    await withSimulator({ ...QUIET, trainingStepMs: 2, megatronRefreshPeriodMs: 20, adaptorLoadDelayMs: 50 }, async (sim) => {
      const hash = await submitJob(sim, { max_steps: 2 });
      await completed(sim, hash);
      await eventually(async () => (await listed(sim)).includes(hash) || undefined, 5000, 'listed in /v1/models');
    });
  });
});
