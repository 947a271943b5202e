// A real experiment run for the panel's host tests: an adaptor trained on the simulator, an experiment file run
// through the core, and the panel's judging of it, as the experiment panel holds them.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ScalarLMClient } from '../../../../src/core/api/client';
import { experimentFromConfig } from '../../../../src/core/experiments/experiment-spec';
import { readTestsFile, testsFileOf } from '../../../../src/core/experiments/experiment-tests-file';
import { planExperiment, runExperiment } from '../../../../src/core/experiments/run-experiment';
import { UNCONFINED } from '../../../../src/core/files/file-access';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { RunStore } from '../../../../src/core/runs/run-store';
import { followJob, prepareTraining, TrainingClient } from '../../../../src/core/training';
import { PanelJudging } from '../../../../src/host/experiments/panel-judging';

/** Trains an adaptor on one example and follows it to the end: its job hash, the adaptor's name. */
export async function trainedAdaptor(api: ScalarLMClient, example: { input: string; output: string }): Promise<string> {
  const training = new TrainingClient(api);
  const { archive, params } = prepareTraining(JSON.stringify(example), 'data.jsonl', { max_steps: 3 });
  const job = await training.submit(archive, params);
  assert.equal((await followJob(training, job.hash, { pollMs: 10 })).kind, 'completed');
  return job.hash;
}

/** The experiment file at `path` run to its end in `runsDir`, read back, and judged as the panel judges it. */
export async function panelRun(api: ScalarLMClient, path: string, runsDir: string): Promise<{ store: RunStore; runId: string; run: RunProjection; judging: PanelJudging }> {
  const spec = await experimentFromConfig(path, { access: UNCONFINED });
  const planned = await planExperiment(api, spec, { kind: 'config', path }, { trust: 'trusted', maxTokens: 32 });
  const store = new RunStore(join(runsDir, 'runs'));
  const { runId } = await runExperiment(api, store, planned, {});
  const run = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
  return { store, runId, run, judging: new PanelJudging(store, runId, readTestsFile(testsFileOf(store.ledgerPath(runId))), 'trusted') };
}
