// GET /v1/megatron/list_models on the simulator: a fresh one has no jobs and serves no adaptor, as a real
// deployment (training.md §11.9); with example jobs, the training jobs behind the served adaptors, and one that
// failed and was never served (protocol §7).

import * as assert from 'node:assert/strict';
import { get, json, useSimulator } from './helpers';

interface WireJob {
  name: string;
  deployed: boolean;
  status: string;
  start_time: number;
  step: number;
  max_steps: number;
  train_time: number;
  loss: number;
}

describe('sim: a fresh simulator', () => {
  const sim = useSimulator({ zeroLatency: true });

  it('has no training jobs and serves only its base model', async () => {
    assert.deepEqual(json(await get(sim(), '/v1/megatron/list_models')), { models: [] });
    assert.deepEqual(json<{ data: { id: string }[] }>(await get(sim(), '/v1/models')).data.map((model) => model.id), ['tiny-random/gemma-4-dense']);
  });
});

describe('sim: example training jobs', () => {
  const sim = useSimulator({ zeroLatency: true, exampleJobs: true });

  it('serves their adaptors with max_model_len null, as vLLM\'s LoRA cards (training.md §5)', async () => {
    const served = json<{ data: { id: string; parent: string | null; max_model_len: number | null }[] }>(await get(sim(), '/v1/models')).data;
    assert.deepEqual(
      served.map((model) => [model.parent, model.max_model_len]),
      [[null, 8192], ...Array.from({ length: 3 }, () => ['tiny-random/gemma-4-dense', null])],
    );
  });

  it('lists a job per adaptor, completed and deployed, and a failed one that vLLM does not serve', async () => {
    const { models } = json<{ models: WireJob[] }>(await get(sim(), '/v1/megatron/list_models'));
    const served = json<{ data: { id: string; parent: string | null }[] }>(await get(sim(), '/v1/models')).data;
    const adaptors = served.filter((model) => model.parent !== null).map((model) => model.id);
    const completed = models.filter((job) => job.status === 'COMPLETED');
    assert.deepEqual(completed.map((job) => job.name).sort(), [...adaptors].sort());
    assert.ok(completed.every((job) => job.deployed && job.step === job.max_steps));
    const failed = models.filter((job) => job.status === 'FAILED');
    assert.equal(failed.length, 1);
    assert.equal(failed[0].deployed, false);
    assert.ok(failed[0].step < failed[0].max_steps);
    assert.ok(!served.some((model) => model.id === failed[0].name), 'the failed job is not served');
    assert.deepEqual(Object.keys(failed[0]).sort(), ['deployed', 'loss', 'max_steps', 'name', 'start_time', 'status', 'step', 'train_time']);
  });

  it('lists the jobs newest first (training.md §3.3)', async () => {
    const { models } = json<{ models: WireJob[] }>(await get(sim(), '/v1/megatron/list_models'));
    assert.deepEqual(models.map((job) => job.start_time), models.map((job) => job.start_time).sort((a, b) => b - a));
  });

  it('keeps `latest` on the newest served adaptor, not the failed job', async () => {
    const { models } = json<{ models: WireJob[] }>(await get(sim(), '/v1/megatron/list_models'));
    const newest = [...models].sort((a, b) => b.start_time - a.start_time)[0];
    assert.equal(newest.status, 'COMPLETED');
  });
});
