// The experiment panel's host compares a trained adaptor's column with the base's on its held-out rows by default,
// over a real run on the simulator: while the deployment is first asked which rows the adaptor was trained on, the
// comparison says so and judges every row; once it says, the counts, the paired test, the same answers and each
// cell's change are of the held-out rows only (a row left out carries no change), with the core's words and the
// choice the page offers; asked for, every row is judged again.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { judgedRowsView } from '../../../../src/host/experiments/comparison-evidence';
import { withSimulator } from '../../helpers/simulator';
import { panelRun, trainedAdaptor } from './panel-run';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

describe('the experiment panel: an adaptor compared with its base on its held-out rows', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it('judges the held-out rows once the seen marks arrive, every row when asked, and says which', async () => {
    await withSimulator({ trainingStepMs: 2, adaptorLoadDelayMs: 60_000 }, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      try {
        // Trained on row t0 only: the adaptor answers it as trained, the base does not.
        const adaptor = await trainedAdaptor(api, { input: 'Say the word for t0', output: 'yes' });

        const rows = [0, 1, 2].map((i) => `  - vars: {topic: t${i}}\n    assert: [{type: equals, value: "yes"}]\n`).join('');
        const path = write('held-out.yaml', `prompts:\n  - "Say the word for {{ topic }}"\nproviders:\n  - scalarlm:base\n  - scalarlm:${adaptor}\ntests:\n${rows}`);
        const { store, run, judging } = await panelRun(api, path, tmp.path);
        const adaptorCell = (row: number) => run.items.find((item) => item.cell?.[0] === 1 && item.cell[1] === row)!;
        const none = () => undefined;

        // The panel asks first, then compares: meanwhile every row is judged, and the bar says why.
        const learning = judging.learnSeen(api, store.dir, run);
        const asking = judging.compareColumns(run, 0, 1);
        assert.deepEqual(asking.kind === 'columns' && asking.rows, { text: 'Judged on every row while the deployment is asked which rows the adaptor was trained on' });
        assert.equal(asking.counts['newly-passing'], 1);
        assert.equal(await learning, true);

        judging.recompare(run, none);
        const heldOut = judging.comparison;
        assert.ok(heldOut?.kind === 'columns');
        assert.deepEqual(heldOut.rows, { text: 'Judged on the 2 held-out rows the adaptor was not trained on (1 seen in training left out)', judging: 'held-out' });
        assert.deepEqual(heldOut.counts, { same: 2, changed: 0, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 });
        assert.deepEqual([heldOut.paired.rows, heldOut.paired.better, heldOut.paired.worse], [2, 0, 0], 'the paired test over the held-out rows');
        assert.deepEqual(heldOut.sameAnswers, { answered: 2, same: 2, alike: true }, 'on the rows it was not trained on it answers like its base');
        assert.equal(judging.change(adaptorCell(0)), undefined, 'the row trained on carries no change');
        assert.equal(judging.compared(adaptorCell(0)), undefined);
        assert.deepEqual([1, 2].map((row) => judging.change(adaptorCell(row))), ['same', 'same']);

        const every = judging.compareColumns(run, 0, 1, { allRows: true });
        assert.ok(every.kind === 'columns');
        assert.deepEqual(every.rows, { text: 'Judged on every row, 1 of them seen in training: a memorised row passes without showing what was learnt', judging: 'every-row' });
        assert.deepEqual([every.counts['newly-passing'], every.counts.same, every.paired.rows, every.sameAnswers.alike], [1, 2, 3, false]);
        assert.equal(judging.change(adaptorCell(0)), 'newly-passing');
      } finally {
        await api.close();
      }
    });
  });

  it('offers no choice where no row is known seen, and says when the deployment could not say for any', () => {
    assert.deepEqual(judgedRowsView({ rows: undefined, seen: 0, unknown: 3, unseen: 0 }), { text: 'Judged on every row: whether the adaptor was trained on them is unknown' });
    assert.equal(judgedRowsView({ rows: undefined, seen: 0, unknown: 0, unseen: 3 }), undefined, 'nothing trained on these rows: every row, nothing to say');
    assert.equal(judgedRowsView({ rows: undefined, seen: 0, unknown: 0, unseen: 0 }), undefined, 'no adaptor');
  });
});
