// What the experiment panel's host knows of judged cells, over real runs on the simulator: verdicts and column
// figures, rows where columns disagree, a grading run's verdicts followed line by line as they land, and a
// comparison with an earlier run of the same experiment (and two batch runs of the same inputs), and of two
// columns of one run.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { runBatch } from '../../../../src/core/batch/runner';
import { cellKey } from '../../../../src/core/experiments/experiment-cells';
import { experimentFromConfig } from '../../../../src/core/experiments/experiment-spec';
import { planExperiment, runExperiment } from '../../../../src/core/experiments/run-experiment';
import { planGrading, runGrading } from '../../../../src/core/experiments/grading';
import { readTestsFile, testsFileOf } from '../../../../src/core/experiments/experiment-tests-file';
import { storedVerdicts } from '../../../../src/core/experiments/run-judgement';
import { compareRuns } from '../../../../src/core/runs/compare-runs';
import type { LedgerLine } from '../../../../src/core/runs/ledger-file';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { RunStore } from '../../../../src/core/runs/run-store';
import { PanelJudging } from '../../../../src/host/experiments/panel-judging';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { UNCONFINED } from '../../../../src/core/files/file-access';

const verdict = (text: string) => `[[sim:respond-b64=${Buffer.from(text).toString('base64')}]]`;

describe('the experiment panel judging its cells', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  /** Two columns (the same answer, scripted by `answer`, from two prompts), two rows asserted against it. */
  function config(answers: [string, string], shortAnswers: [string, string] = answers): string {
    write('long.txt', 'Long answer on {{ topic }}. [[sim:respond={{ answer }}]]');
    write('short.txt', 'Short answer on {{ topic }}. [[sim:respond={{ short }}]]');
    const rows = answers.map((answer, i) => `  - vars: {topic: t${i}, answer: ${answer}, short: ${shortAnswers[i]}}\n    assert:\n      - type: contains\n        value: yes\n`).join('');
    return write('judged.yaml', `prompts:\n  - file://long.txt\n  - file://short.txt\nproviders:\n  - scalarlm:base\ntests:\n${rows}`);
  }

  async function run(api: ScalarLMClient, store: RunStore, path: string): Promise<string> {
    const spec = await experimentFromConfig(path, { access: UNCONFINED });
    const planned = await planExperiment(api, spec, { kind: 'config', path }, { trust: 'trusted', maxTokens: 32 });
    return (await runExperiment(api, store, planned, {})).runId;
  }

  it('judges each cell, counts each column and marks the rows where columns disagree', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      const runId = await run(api, store, config(['yes indeed', 'yes'], ['no', 'yes too']));
      const projection = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
      const judging = new PanelJudging(store, runId, readTests(store, runId), 'trusted');
      const statuses = projection.items.map((item) => [item.cell?.slice(0, 2).join(','), judging.outcome(item)?.status]);
      assert.deepEqual(new Map(statuses as [string, string][]), new Map([['0,0', 'pass'], ['1,0', 'fail'], ['0,1', 'pass'], ['1,1', 'pass']]));
      const { columns, disagree } = judging.judged(projection, 'judged.yaml');
      assert.deepEqual(columns.map((c) => [c.stats?.passed, c.stats?.judged, c.stats?.passRate]), [[2, 2, 1], [1, 2, 0.5]]);
      assert.deepEqual([...disagree], [0]);
      await api.close();
    });
  });

  it("follows a grading run's lines as they land, changing only the cells they grade", async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      write('plain.txt', 'Tell me about {{ topic }}.');
      const path = write(
        'graded.yaml',
        'prompts:\n  - file://plain.txt\nproviders:\n  - scalarlm:base\ntests:\n' +
          `  - vars: {topic: tea}\n    assert:\n      - type: llm-rubric\n        value: 'About tea ${verdict('{"pass": true, "score": 1, "reason": "tea"}')}'\n` +
          '  - vars: {topic: rain}\n',
      );
      const runId = await run(api, store, path);
      const projection = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
      const judging = new PanelJudging(store, runId, readTests(store, runId), 'trusted');
      const tea = projection.items.find((item) => item.cell?.[1] === 0);
      assert.ok(tea);
      assert.equal(judging.outcome(tea)?.status, 'pending', 'not graded yet');
      assert.equal(judging.gradingProgress(() => false), undefined);

      const plan = planGrading(store, runId, 'trusted');
      assert.equal(plan?.inputs.length, 1, 'one model-graded assertion on an answered cell');
      const lines: LedgerLine[] = [];
      const summary = await runGrading(api, store, plan!, { onLedger: (batch) => lines.push(...batch) });
      const changed = judging.gradingLines(summary.runId, lines);
      assert.deepEqual([...changed], [cellKey(0, 0, 0)]);
      assert.equal(judging.outcome(tea)?.status, 'pass');
      assert.deepEqual(judging.gradingProgress(() => false), { graded: 1, total: 1, phase: 'complete' });
      await api.close();
    });
  });

  it('compares with an earlier run cell by cell: same, changed, newly failing; and two batch runs by index', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      const before = await run(api, store, config(['yes', 'yes']));
      const after = await run(api, store, config(['yes', 'nope'], ['yes longer', 'yes']));
      const projection = RunProjection.replay(store.ledgerPath(after), { keepItems: true });
      const judging = new PanelJudging(store, after, readTests(store, after), 'trusted');
      const view = judging.compareWith(projection, before, storedVerdicts(store, 'trusted'));
      assert.deepEqual(view.counts, { same: 2, changed: 1, 'newly-passing': 0, 'newly-failing': 1, added: 0, removed: 0 });
      const failing = projection.items.find((item) => judging.change(item) === 'newly-failing');
      assert.deepEqual(failing?.cell?.slice(0, 2), [0, 1]);
      assert.equal(judging.compared(failing!)?.response, 'yes');
      judging.clearComparison();
      assert.equal(judging.change(failing!), undefined);

      // Two batch runs of the same prompts: matched by input index.
      const prompts = (texts: string[]) =>
        (async function* () {
          yield* texts.map((text) => ({ entry: `[[sim:respond=${text}]]` }));
        })();
      const batch = async (texts: string[]) =>
        (await runBatch({ api, ledgerPath: store.ledgerPath(`b-${texts.join('-')}`), params: { max_tokens: 8 }, input: prompts(texts), totalHint: texts.length })).ledgerPath;
      const [a, b] = [await batch(['one', 'two', 'three']), await batch(['one', 'TWO', 'three'])];
      const counts = compareRuns(RunProjection.replay(a, { keepItems: true }), RunProjection.replay(b, { keepItems: true })).counts;
      assert.deepEqual(counts, { same: 2, changed: 1, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 });
      await api.close();
    });
  });

  it('compares two columns of one run row by row, by the same rule: the other column newly passing, changed or the same against the baseline', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      // Column 0 (long) answers `answer`, column 1 (short) answers `short`: row 0 fails then passes, row 1 passes in both with other text, row 2 the same.
      write('long.txt', 'Long answer on {{ topic }}. [[sim:respond={{ answer }}]]');
      write('short.txt', 'Short answer on {{ topic }}. [[sim:respond={{ short }}]]');
      const rows = [['no', 'yes'], ['yes', 'yes, shorter'], ['yes', 'yes']].map(([answer, short], i) => `  - vars: {topic: t${i}, answer: "${answer}", short: "${short}"}\n    assert:\n      - type: contains\n        value: yes\n`).join('');
      const path = write('columns.yaml', `prompts:\n  - file://long.txt\n  - file://short.txt\nproviders:\n  - scalarlm:base\ntests:\n${rows}`);
      const runId = await run(api, store, path);
      const projection = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
      const judging = new PanelJudging(store, runId, readTests(store, runId), 'trusted');
      const view = judging.compareColumns(projection, 0, 1);
      const { paired, sameAnswers, ...counted } = view;
      assert.deepEqual(counted, { kind: 'columns', base: 0, other: 1, counts: { same: 1, changed: 1, 'newly-passing': 1, 'newly-failing': 0, added: 0, removed: 0 } });
      assert.deepEqual([paired.rows, paired.better, paired.worse, paired.outcome], [3, 1, 0, 'no-difference'], 'the paired test over the three rows judged on both sides');
      assert.match(paired.text, /^no difference this data can show \(3 rows; /);
      assert.deepEqual(sameAnswers, { answered: 3, same: 1, alike: false }, 'one row answered the same text');
      const changes = projection.items.map((item) => [item.cell?.slice(0, 2).join(','), judging.change(item) ?? null]);
      assert.deepEqual(new Map(changes as [string, string | null][]), new Map([['0,0', null], ['0,1', null], ['0,2', null], ['1,0', 'newly-passing'], ['1,1', 'changed'], ['1,2', 'same']]), "the changes are the other column's cells'");
      const passing = projection.items.find((item) => judging.change(item) === 'newly-passing');
      assert.equal(judging.compared(passing!)?.response, 'no', "the baseline column's cell of the row");
      assert.deepEqual(judging.compareColumns(projection, 1, 0).counts, { same: 1, changed: 1, 'newly-passing': 0, 'newly-failing': 1, added: 0, removed: 0 }, 'the other way round');
      await api.close();
    });
  });

  it("recounts a column comparison when a grade lands and names the cells whose change moved, so the page's marks follow the bar", async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const store = new RunStore(join(tmp.path, 'runs'));
      // Column 0 answers "no", column 1 "yes": the check passes column 1 only, the rubric (graded later) passes both.
      write('long.txt', 'Long answer on {{ topic }}. [[sim:respond=no]]');
      write('short.txt', 'Short answer on {{ topic }}. [[sim:respond=yes]]');
      const rubric = `About it ${verdict('{"pass": true, "score": 1, "reason": "fine"}')}`;
      const path = write('graded-columns.yaml', `prompts:\n  - file://long.txt\n  - file://short.txt\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {topic: tea}\n    assert:\n      - type: contains\n        value: "yes"\n      - type: llm-rubric\n        value: '${rubric}'\n`);
      const runId = await run(api, store, path);
      const projection = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
      const judging = new PanelJudging(store, runId, readTests(store, runId), 'trusted');
      const other = projection.items.find((item) => item.cell?.[0] === 1)!;
      const none = () => undefined;
      judging.compareColumns(projection, 0, 1);
      assert.equal(judging.change(other), 'changed', 'not graded yet: another answer, no verdict to compare');
      assert.deepEqual(judging.recompare(projection, none), [], 'nothing moved');

      const lines: LedgerLine[] = [];
      const summary = await runGrading(api, store, planGrading(store, runId, 'trusted')!, { onLedger: (batch) => lines.push(...batch) });
      judging.gradingLines(summary.runId, lines);
      assert.deepEqual(judging.recompare(projection, none), [other], 'the cell whose change the grade moved');
      assert.equal(judging.change(other), 'newly-passing');
      assert.deepEqual(judging.comparison?.counts, { same: 0, changed: 0, 'newly-passing': 1, 'newly-failing': 0, added: 0, removed: 0 }, 'the counts say what the cell says');
      await api.close();
    });
  });
});

function readTests(store: RunStore, runId: string) {
  return readTestsFile(testsFileOf(store.ledgerPath(runId)));
}
