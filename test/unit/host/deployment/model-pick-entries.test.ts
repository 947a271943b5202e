// What the model pickers list, from one list of adaptors: each adaptor once, named by a short hash with its date,
// steps, loss and source run, newest first; Select Model with the base model first, Add Adaptor / Compare with
// Base with the complete adaptors first (served or not yet) and no failed job. Read from the simulator through the
// real client where it has the case.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import type { ModelInfo, TrainingJob } from '../../../../src/core/api/types';
import { TrainingClient, type AdaptorLineage } from '../../../../src/core/training';
import { adaptorLabel } from '../../../../src/core/training/adaptor-name';
import { durationText, type LineageLookup, type TrainingSide } from '../../../../src/host/deployment/adaptor-list';
import { deploymentModels } from '../../../../src/host/deployment/deployment-models';
import { experimentPickEntries, modelPickEntries, servedPickEntries, type ModelEntry, type ModelPickEntry } from '../../../../src/host/deployment/model-pick-entries';
import { withSimulator } from '../../helpers/simulator';

const BASE = 'tiny-random/gemma-4-dense';
// The simulator's example jobs (exampleJobs): sha256("test"), its first adaptor; sha256("sim-failed-job"), its failed job.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const FAILED = 'ed4d3139c4a130851a7a98cdaedfee7d90b7fdd54bfd4cc721a44c30d8283004';
const noLineage: LineageLookup = () => undefined;

async function fromSimulator(faults: Parameters<typeof withSimulator>[0]['faults'] = []): Promise<{ models: ModelInfo[]; training: TrainingSide; warned: string[] }> {
  return withSimulator({ exampleJobs: true, faults }, async (sim) => {
    const client = new ScalarLMClient({ baseUrl: sim.url });
    const warned: string[] = [];
    try {
      return { ...(await deploymentModels(new TrainingClient(client, { attempts: 1, baseMs: 1, maxMs: 1 }), (text) => warned.push(text))), warned };
    } finally {
      await client.close();
    }
  });
}

const labels = (entries: readonly ModelPickEntry[]) => entries.map((entry) => (entry.kind === 'separator' ? `-- ${entry.label}` : entry.label));
const models = (entries: readonly ModelPickEntry[]) => entries.filter((entry): entry is ModelEntry => entry.kind === 'model').map((entry) => entry.model);
const entryOf = (entries: readonly ModelPickEntry[], model: string) => {
  const found = entries.find((entry): entry is ModelEntry => entry.kind === 'model' && entry.model === model);
  if (!found) throw new Error(`no entry for ${model} in ${labels(entries).join(' | ')}`);
  return found;
};
const job = (name: string, status: string, startTime: number, extra: Partial<TrainingJob> = {}): TrainingJob => ({ name, status, startTime, ...extra });
const hash = (c: string) => c.repeat(64);

describe('model pick entries', () => {
  it('Select Model lists the base model, then each adaptor once by a short name, newest first, the failed job last', async () => {
    const { models: served, training } = await fromSimulator();
    const entries = modelPickEntries(served, training, '', noLineage);
    const shown = labels(entries);
    assert.deepEqual(shown.slice(0, 4), ['-- Base model', "$(server) Deployment's default", BASE, '-- Adaptors (3 of 4 served)']);
    assert.equal(shown.length, 8, shown.join(' | '));
    assert.equal(new Set(models(entries)).size, models(entries).length, `each model once: ${shown.join(' | ')}`);
    assert.ok(shown.every((label) => !/[0-9a-f]{64}/.test(label)), `no bare hash as a name: ${shown.join(' | ')}`);
    assert.equal(shown.at(-1), `$(circle-outline) adaptor ${FAILED.slice(0, 8)}`, 'the failed job started first, so it comes last');
    const starts = models(entries).slice(2).map((model) => (training.state === 'found' ? training.jobs.find((j) => j.name === model)?.startTime ?? 0 : 0));
    assert.deepEqual(starts, [...starts].sort((a, b) => b - a), 'newest first');

    const adaptor = entryOf(entries, ADAPTOR);
    assert.equal(adaptor.label, '$(check) adaptor 9f86d081');
    assert.match(adaptor.description, /^served · \d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    assert.equal(adaptor.detail, `COMPLETED · step 100 of 100 · loss 0.42 · trained 30 min · ${ADAPTOR}`);
    assert.equal(entryOf(entries, BASE).detail, 'max_model_len 8,192');
    assert.match(entryOf(entries, FAILED).description, /^failed: it will not be served · /);
    assert.equal(entryOf(entries, FAILED).detail, `FAILED · step 12 of 100 · loss 2.71 · trained 2 min · ${FAILED}`);
  });

  it('Add Adaptor and Compare with Base offer a complete job /v1/models does not list yet, marked so, and no failed or cancelled one', () => {
    const served: ModelInfo[] = [{ id: BASE, parent: null }, { id: hash('a'), parent: BASE }];
    const training: TrainingSide = { state: 'found', jobs: [job(hash('a'), 'COMPLETED', 100), job(hash('b'), 'COMPLETED', 300, { step: 10, maxSteps: 10, loss: 0.1876 }), job(hash('c'), 'FAILED', 400), job(hash('d'), 'CANCELLED', 500), job(hash('e'), 'TRAINING', 600)] };
    const entries = experimentPickEntries(served, training, noLineage);
    assert.deepEqual(labels(entries), ['-- Adaptors', '$(circle-outline) adaptor bbbbbbbb', '$(check) adaptor aaaaaaaa', '-- Base model', BASE]);
    const unserved = entryOf(entries, hash('b'));
    assert.equal(unserved.served, false);
    assert.match(unserved.description, /^not served yet · 1970-01-01 00:05 UTC$/);
    assert.equal(unserved.detail, `COMPLETED · step 10 of 10 · loss 0.1876 · requests naming it fail until the deployment serves it · ${hash('b')}`);
    assert.equal(entryOf(entries, hash('a')).served, true);
    assert.deepEqual(labels(experimentPickEntries([{ id: BASE, parent: null }], { state: 'found', jobs: [] }, noLineage)), ['-- Adaptors: none trained yet', '-- Base model', BASE]);
  });

  it('Compare Models offers what is served now: the base model, then the served adaptors', () => {
    const served: ModelInfo[] = [{ id: BASE, parent: null }, { id: hash('a'), parent: BASE }];
    const training: TrainingSide = { state: 'found', jobs: [job(hash('a'), 'COMPLETED', 100), job(hash('b'), 'COMPLETED', 300)] };
    assert.deepEqual(servedPickEntries(served, training, noLineage).map((entry) => entry.model), [BASE, hash('a')]);
  });

  it('names the run and column an adaptor was trained from, when the runs folder recorded it', () => {
    const lineage = { origin: { run: { id: 'r1', title: 'capitals.yaml' }, column: { number: 1, label: 'base' }, from: 'expected', split: null } } as unknown as AdaptorLineage;
    const training: TrainingSide = { state: 'found', jobs: [job(hash('a'), 'COMPLETED', 100)] };
    const entry = entryOf(experimentPickEntries([], training, (h) => (h === hash('a') ? lineage : undefined)), hash('a'));
    assert.match(entry.detail ?? '', /^COMPLETED · from run "capitals\.yaml", column 1 \(base\) · /);
  });

  it('still lists the served adaptors, once, when the training jobs are not listed', async () => {
    const missing = await fromSimulator([{ kind: 'status', route: '/v1/megatron/list_models', arg: '404' }]);
    assert.deepEqual(missing.training, { state: 'route-missing' });
    const entries = modelPickEntries(missing.models, missing.training, '', noLineage);
    assert.equal(labels(entries)[3], '-- Adaptors (3 of 3 served)');
    assert.equal(entryOf(entries, ADAPTOR).description, `served · adaptor of ${BASE}`);
    assert.equal(new Set(models(entries)).size, models(entries).length);

    const failed = await fromSimulator([{ kind: 'status', route: '/v1/megatron/list_models', arg: '500' }]);
    assert.match(labels(modelPickEntries(failed.models, failed.training, '', noLineage))[3], /^-- Adaptors \(training jobs not listed: .*; see the ScalarLM log\)$/);
    assert.match(failed.warned.join('\n'), /Listing the training jobs failed: .*500/);
  });

  it('marks the current model, the default too', async () => {
    const { models: served, training } = await fromSimulator();
    const current = (model: string) => modelPickEntries(served, training, model, noLineage).filter((entry): entry is ModelEntry => entry.kind === 'model' && entry.current);
    const marked = current(ADAPTOR);
    assert.deepEqual(marked.map((entry) => entry.model), [ADAPTOR], 'once: the adaptor is listed once');
    assert.match(marked[0].description, /^served · .* UTC · current$/);
    assert.deepEqual(current('').map((entry) => entry.description), ['leave scalarlm.model empty · current']);
  });

  it('keeps jobs without a start time last, and names a plain model as itself', () => {
    const entries = modelPickEntries([], { state: 'found', jobs: [{ name: 'a' }, { name: 'b', startTime: 1, step: 3 }] }, '', noLineage);
    assert.deepEqual(labels(entries).slice(-2), ['$(circle-outline) b', '$(circle-outline) a']);
    assert.equal(entryOf(entries, 'b').detail, 'step 3 · requests naming it fail until the deployment serves it · b');
    assert.equal(adaptorLabel('my-model'), 'my-model');
  });

  it('writes durations people read at a glance', () => {
    assert.deepEqual([12.4, 95.5, 1800, 7200, 7500].map(durationText), ['12 s', '2 min', '30 min', '2 h', '2 h 5 min']);
  });
});
