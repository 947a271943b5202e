// An adaptor's lineage: the export's record of its data found by the data's hash (whatever the file's spacing or
// name), the arguments as sent and the deployment's version; "not recorded" for data made elsewhere, a damaged
// record said and not taken, "not reported" for a deployment that states no version.

import * as assert from 'node:assert/strict';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { adaptorLineage, lineageFacts, prepareTraining, recordDataOrigin, recordSubmission, TrainingClient, trainingDataHash, type DataOrigin } from '../../../../src/core/training';
import type { SimHandle } from '../../../../src/sim';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const EXAMPLES = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
];
const ORIGIN: DataOrigin = {
  run: { id: 'run-1', title: 'Capitals' },
  experiment: 'evals/promptfooconfig.yaml',
  column: { number: 1, label: 'q × base' },
  from: 'expected',
  split: { fraction: 0.5, seed: 3, heldOut: ['k3', 'k4'], trained: ['k1', 'k2'] },
  rowLabels: { k1: 'Quux', k2: 'colour', k3: 'planet', k4: 'owls' },
};

describe('adaptor lineage', () => {
  const tmp = useTempDir();

  async function submitted(sim: SimHandle, text: string, file = 'data.jsonl') {
    const api = new ScalarLMClient({ baseUrl: sim.url });
    try {
      const training = new TrainingClient(api);
      const prepared = prepareTraining(text, file, { max_steps: 2 });
      const job = await training.submit(prepared.archive, prepared.params);
      return { job, ...(await recordSubmission(training, tmp.path, job, prepared, file)) };
    } finally {
      await api.close();
    }
  }

  it("records the export's origin of the data, found by its content, with the arguments and the deployment's version", async () => {
    await withSimulator({}, async (sim) => {
      recordDataOrigin(tmp.path, EXAMPLES, ORIGIN);
      // Another name, other spacing and line ends: the same examples.
      const { job, lineage, problem } = await submitted(sim, EXAMPLES.map((e) => JSON.stringify(e, null, 1).replace(/\n/g, '')).join('\r\n') + '\r\n', 'renamed.jsonl');
      assert.equal(problem, undefined);
      assert.deepEqual(lineage.origin, ORIGIN);
      assert.deepEqual(adaptorLineage(tmp.path, job.hash), lineage);
      assert.equal(lineage.data.hash, trainingDataHash(EXAMPLES));
      assert.equal(lineage.data.archiveHash, job.config.dataset_hash);
      const facts = Object.fromEntries(lineageFacts(lineage));
      assert.equal(facts.Run, 'Capitals (run-1)');
      assert.equal(facts.Experiment, 'evals/promptfooconfig.yaml');
      assert.equal(facts.Column, '1 (q × base)');
      assert.equal(facts['Held out'], '2 of 4 rows (fraction 0.5, seed 3): "planet", "owls"');
      assert.equal(facts.Arguments, '{"max_steps":2}');
      assert.equal(facts.Deployment, `${sim.url}, version 1.151`);
    });
  });

  it('says "not recorded" for data not exported here and "not reported" for a deployment without a version', async () => {
    await withSimulator({}, async (sim) => {
      sim.addFaults([{ kind: 'status', route: '/app/api-config.json', arg: '404' }]);
      const { lineage } = await submitted(sim, JSON.stringify({ input: 'hand-written', output: 'yes' }));
      assert.equal(lineage.origin, null);
      const facts = Object.fromEntries(lineageFacts(lineage));
      assert.match(facts.Run, /^not recorded/);
      assert.equal(facts.Deployment, `${sim.url}, version not reported`);
      assert.equal(adaptorLineage(tmp.path, 'not-a-hash'), undefined);
    });
  });

  it('says why a damaged record of the data is not taken, and records the lineage without it', async () => {
    await withSimulator({}, async (sim) => {
      mkdirSync(join(tmp.path, 'training-data'), { recursive: true });
      writeFileSync(join(tmp.path, 'training-data', `${trainingDataHash(EXAMPLES)}.json`), '{"format": "scalarlm-lab-training-data", "vers');
      const { lineage, problem } = await submitted(sim, EXAMPLES.map((e) => JSON.stringify(e)).join('\n'));
      assert.match(problem ?? '', /training-data\/[0-9a-f]{64}\.json is damaged .*export or train again/);
      assert.equal(lineage.origin, null);
    });
  });
});
