// What "Select Model" lists: the served models, then the training jobs marked served or not; no training
// section when the server has no such route. Read from the simulator through the real client.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import type { ModelInfo } from '../../../../src/core/api/types';
import { durationText, modelPickEntries, type ModelPickEntry, type TrainingSide } from '../../../../src/host/deployment/model-pick-entries';
import { withSimulator } from '../../helpers/simulator';

const BASE = 'tiny-random/gemma-4-dense';
// The simulator's example jobs (exampleJobs): sha256("test"), its first adaptor; sha256("sim-failed-job"), its failed job.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const FAILED = 'ed4d3139c4a130851a7a98cdaedfee7d90b7fdd54bfd4cc721a44c30d8283004';

async function fromSimulator(faults: Parameters<typeof withSimulator>[0]['faults'] = []): Promise<{ models: ModelInfo[]; training: TrainingSide }> {
  return withSimulator({ exampleJobs: true, faults }, async (sim) => {
    const client = new ScalarLMClient({ baseUrl: sim.url });
    try {
      return { models: (await client.models()).data, training: (await client.trainingJobs()).data };
    } finally {
      await client.close();
    }
  });
}

const labels = (entries: ModelPickEntry[]) => entries.map((entry) => (entry.kind === 'separator' ? `-- ${entry.label}` : entry.label));
const modelNamed = (entries: ModelPickEntry[], label: string) => {
  const found = entries.find((entry) => entry.kind === 'model' && entry.label === label);
  if (found?.kind !== 'model') throw new Error(`no entry ${label} in ${labels(entries).join(' | ')}`);
  return found;
};

describe('model pick entries', () => {
  it('lists the served models first, then every training job marked served or not, newest first', async () => {
    const { models, training } = await fromSimulator();
    const entries = modelPickEntries(models, training, '');
    const shown = labels(entries);
    assert.equal(shown[0], '-- Served (/v1/models)');
    assert.equal(shown[1], "$(server) Deployment's default");
    assert.equal(shown[2], BASE);
    const heading = shown.indexOf('-- Training jobs (3 of 4 served)');
    assert.ok(heading > 2, shown.join(' | '));
    assert.equal(shown.length, heading + 5, 'four training jobs after the heading');
    assert.equal(shown.at(-1), `$(circle-outline) ${FAILED}`, 'the failed job started first, so it comes last');

    const served = modelNamed(entries, `$(check) ${ADAPTOR}`);
    assert.equal(served.model, ADAPTOR);
    assert.equal(served.description, '');
    assert.match(served.detail ?? '', /^served · COMPLETED · step 100 of 100 · loss 0\.42 · trained 30 min · started \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const failed = modelNamed(entries, `$(circle-outline) ${FAILED}`);
    assert.match(failed.detail ?? '', /^not served · FAILED · step 12 of 100 · loss 2\.71 · trained 2 min · started .* UTC · failed: it will not be served$/);

    const adaptor = modelNamed(entries, ADAPTOR);
    assert.equal(adaptor.description, `adaptor of ${BASE}`);
    assert.equal(adaptor.detail, undefined, 'an adaptor\'s card says no max_model_len (vLLM\'s LoRA cards)');
  });

  it('shows no training section for a server without the route', async () => {
    const { models, training } = await fromSimulator([{ kind: 'status', route: '/v1/megatron/list_models', arg: '404' }]);
    assert.deepEqual(training, { state: 'route-missing' });
    const entries = modelPickEntries(models, training, '');
    assert.ok(!labels(entries).some((label) => /Training/.test(label)), labels(entries).join(' | '));
    assert.equal(entries.filter((entry) => entry.kind === 'model').length, models.length + 1);
  });

  it('marks the current model wherever it appears, the default too', async () => {
    const { models, training } = await fromSimulator();
    const entries = modelPickEntries(models, training, ADAPTOR);
    const current = entries.filter((entry) => entry.kind === 'model' && entry.current).map((entry) => (entry as { label: string }).label);
    assert.deepEqual(current, [ADAPTOR, `$(check) ${ADAPTOR}`]);
    assert.equal(modelNamed(entries, `$(check) ${ADAPTOR}`).description, 'current');
    assert.equal(modelNamed(entries, ADAPTOR).description, `adaptor of ${BASE} · current`);
    assert.equal(modelNamed(modelPickEntries(models, training, ''), "$(server) Deployment's default").description, 'leave scalarlm.model empty · current');
  });

  it('names a training list that failed, and one with no jobs yet, keeping the served models', () => {
    const models: ModelInfo[] = [{ id: BASE, parent: null }];
    assert.deepEqual(labels(modelPickEntries(models, { state: 'failed', reason: 'HTTP 500; see the ScalarLM log' }, '')), [
      '-- Served (/v1/models)', "$(server) Deployment's default", BASE, '-- Training jobs: not listed (HTTP 500; see the ScalarLM log)',
    ]);
    assert.equal(labels(modelPickEntries(models, { state: 'found', jobs: [] }, '')).at(-1), '-- Training jobs: none');
  });

  it('describes a job with only a name plainly, and keeps jobs without a start time last', () => {
    const entries = modelPickEntries([], { state: 'found', jobs: [{ name: 'a' }, { name: 'b', startTime: 1, step: 3 }] }, '');
    assert.deepEqual(labels(entries).slice(-2), ['$(circle-outline) b', '$(circle-outline) a']);
    assert.match(modelNamed(entries, '$(circle-outline) b').detail ?? '', /^not served · step 3 · started 1970-01-01 00:00 UTC · not in/);
    assert.match(modelNamed(entries, '$(circle-outline) a').detail ?? '', /^not served · not in/);
  });

  it('writes durations people read at a glance', () => {
    assert.deepEqual([12.4, 95.5, 1800, 7200, 7500].map(durationText), ['12 s', '2 min', '30 min', '2 h', '2 h 5 min']);
  });
});
