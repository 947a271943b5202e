// The experiment panel's host learns which cells of a trained adaptor's column were seen in its training, over a
// real run on the simulator: each cell view carries its mark (the base's none), and the adaptor column's figures
// carry the unseen and seen pass rates as text, unseen first (the page shows them, it never computes them).

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { cellViews } from '../../../../src/host/experiments/experiment-view-model';
import { withSimulator } from '../../helpers/simulator';
import { panelRun, trainedAdaptor } from './panel-run';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

describe('the experiment panel: cells seen in training', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it("marks the adaptor's cells seen or not, and sends its column's pass rates apart, unseen first", async () => {
    await withSimulator({ trainingStepMs: 2, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      try {
        const adaptor = await trainedAdaptor(api, { input: 'Say the word for t0', output: 'yes' });

        const rows = [0, 1, 2].map((i) => `  - vars: {topic: t${i}}\n    assert: [{type: equals, value: "yes"}]\n`).join('');
        const path = write('seen.yaml', `prompts:\n  - "Say the word for {{ topic }}"\nproviders:\n  - scalarlm:base\n  - scalarlm:${adaptor}\ntests:\n${rows}`);
        const { store, run, judging } = await panelRun(api, path, tmp.path);

        assert.equal(await judging.learnSeen(api, store.dir, run), true);
        const marks = new Map(cellViews(run.items, false, judging).map((cell) => [`${cell.column},${cell.row}`, cell.seenInTraining]));
        assert.deepEqual(marks, new Map([['0,0', undefined], ['0,1', undefined], ['0,2', undefined], ['1,0', true], ['1,1', false], ['1,2', false]]));
        const { columns } = judging.judged(run, 'seen.yaml');
        assert.equal(columns[0].stats?.seenSplitText, undefined, "the base's column has one rate");
        assert.equal(columns[1].stats?.seenSplitText, 'unseen 0/2 (0%, 0-66%) · seen 1/1 (100%, 21-100%)');
      } finally {
        await api.close();
      }
    });
  });

  it('asks nothing of a run without an adaptor column', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      try {
        const path = write('plain.yaml', 'prompts:\n  - "Hi {{ x }}"\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {x: 1}\n');
        const { store, run, judging } = await panelRun(api, path, tmp.path);
        const before = { ...sim.stats().requests };
        assert.equal(await judging.learnSeen(api, store.dir, run), false);
        assert.deepEqual(sim.stats().requests, before);
        assert.ok(cellViews(run.items, false, judging).every((cell) => !('seenInTraining' in cell)));
      } finally {
        await api.close();
      }
    });
  });
});
