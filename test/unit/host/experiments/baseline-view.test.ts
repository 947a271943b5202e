// The experiment panel against its experiment's baseline run, over real runs on the simulator: each row's
// change per column by the baseline gate (the rule of `eval --baseline`), the counts and the paired test; the
// run that is the baseline says so; a baseline run that is gone, or over other rows, says why nothing is compared.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { experimentFromConfig } from '../../../../src/core/experiments/experiment-spec';
import { planExperiment, runExperiment } from '../../../../src/core/experiments/run-experiment';
import { RunStore } from '../../../../src/core/runs/run-store';
import { UNCONFINED } from '../../../../src/core/files/file-access';
import { PanelBaseline } from '../../../../src/host/experiments/baseline-view';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';

describe('the experiment panel against its baseline run', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  /**
   * One prompt per row asserting "yes": rows keyed by their vars (topic, and both runs' answers), so the two runs
   * have the same rows and only the prompt differs between them: it answers `first` or `second`.
   */
  function config(rows: [string, string][], answer: 'first' | 'second'): string {
    write('ask.txt', `Answer on {{ topic }}. [[sim:respond={{ ${answer} }}]]`);
    const tests = rows.map(([first, second], i) => `  - vars: {topic: t${i}, first: "${first}", second: "${second}"}\n    assert:\n      - type: contains\n        value: yes\n`).join('');
    return write('promptfooconfig.yaml', `prompts:\n  - file://ask.txt\nproviders:\n  - scalarlm:base\ntests:\n${tests}`);
  }

  async function run(api: ScalarLMClient, store: RunStore, rows: [string, string][], answer: 'first' | 'second'): Promise<string> {
    const path = config(rows, answer);
    const spec = await experimentFromConfig(path, { access: UNCONFINED });
    const planned = await planExperiment(api, spec, { kind: 'config', path }, { trust: 'trusted', maxTokens: 32 });
    return (await runExperiment(api, store, planned, {})).runId;
  }

  it('marks each row regressed, newly passing or the same against the baseline, with the counts and the paired test', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      const rows: [string, string][] = [['yes', 'yes'], ['yes', 'nope'], ['no', 'yes'], ['yes', 'yes sir']];
      const baseline = await run(api, store, rows, 'first');
      const now = await run(api, store, rows, 'second');
      const shown = new PanelBaseline(store, now, 'trusted').view({ runId: baseline }, 'promptfooconfig.yaml');
      assert.equal(shown?.view.state, 'compared');
      if (shown?.view.state !== 'compared') return;
      assert.equal(shown.view.runId, baseline);
      assert.deepEqual(shown.view.counts, { regressed: 1, improved: 1, 'fewer-passes': 0, 'more-passes': 0, same: 2, unjudged: 0 });
      assert.equal(shown.view.rows, 4);
      assert.deepEqual(shown.view.paired.map(({ column, test }) => [column, test.rows, test.better, test.worse, test.outcome]), [[0, 4, 1, 1, 'no-difference']]);
      assert.match(shown.view.paired[0].test.text, /^no difference this data can show \(4 rows; as many go one way as the other; p = 1\.00\)$/);
      assert.deepEqual(new Map([...(shown.marks ?? [])].map(([row, marks]) => [row, marks.map((mark) => mark.change)])), new Map([[0, ['same']], [1, ['regressed']], [2, ['improved']], [3, ['same']]]), 'by row index, per column');
      await api.close();
    });
  });

  it('says when this run is the baseline, when the baseline run is gone, when the choice cannot be read, and why other rows cannot be compared', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      const baseline = await run(api, store, [['yes', 'yes'], ['yes', 'yes']], 'first');
      const panel = new PanelBaseline(store, baseline, 'trusted');
      assert.equal(panel.view({}, 'x.yaml'), undefined, 'no baseline: nothing to show');
      assert.deepEqual(panel.view({ runId: baseline }, 'x.yaml')?.view, { state: 'this-run', experiment: 'x.yaml' });
      assert.deepEqual(panel.view({ runId: 'gone' }, 'x.yaml')?.view, { state: 'missing', runId: 'gone', experiment: 'x.yaml' });
      assert.deepEqual(panel.view({ problem: 'baselines.json is damaged' }, 'x.yaml')?.view, { state: 'unreadable', problem: 'baselines.json is damaged' });

      const more = await run(api, store, [['yes', 'yes'], ['yes', 'yes'], ['yes', 'no']], 'first');
      const shown = new PanelBaseline(store, more, 'trusted').view({ runId: baseline }, 'x.yaml');
      assert.equal(shown?.view.state, 'incomparable');
      assert.equal(shown?.marks, undefined, 'no marks when nothing is compared');
      if (shown?.view.state === 'incomparable') assert.deepEqual(shown.view.problems, ['1 row of this run is not in the baseline: "topic=t2, second=no".']); // first=yes in every row: it does not tell the rows apart
      await api.close();
    });
  });
});
