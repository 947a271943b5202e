// The experiment panel's evidence as the page words it: the paired test and the same-answers flag in the
// comparison bar, the baseline bar in each of its states, and a column's marks (samples' passes, flaky, its
// change against the baseline).

import * as assert from 'node:assert/strict';
import type { BaselineView, ComparisonView } from '../../../../src/protocol/experiments';
import { alikeLine, baselineMark, baselineWording, pairedLine, samplesMark } from '../../../../src/webview/experiments/evidence-wording';
import { columns, noEvidence } from './fixtures';

const columnsComparison = (evidence: Partial<ComparisonView> = {}): ComparisonView => ({ kind: 'columns', base: 0, other: 1, counts: { same: 0, changed: 0, 'newly-passing': 0, 'newly-failing': 0, added: 0, removed: 0 }, ...noEvidence, ...evidence }) as ComparisonView;
const date = (iso: string) => `<${iso}>`;

describe('experiments webview: evidence wording', () => {
  it("shows the paired test's words once a cell is judged on both sides", () => {
    assert.equal(pairedLine(columnsComparison()), undefined, 'nothing judged on both sides: no test to show');
    const paired = { outcome: 'better' as const, rows: 6, better: 6, worse: 0, pValue: 0.03125, text: 'better beyond noise (p = 0.031, exact McNemar over 6 rows)', discordant: 'better on 6 rows, worse on 0' };
    assert.equal(pairedLine(columnsComparison({ paired })), 'Paired test: better beyond noise (p = 0.031, exact McNemar over 6 rows); better on 6 rows, worse on 0');
  });

  it('flags a column that answers like its base on every answered row, and nothing otherwise', () => {
    assert.equal(alikeLine(columnsComparison({ sameAnswers: { answered: 12, same: 12, alike: true } }), 1), 'Answers like its base on 12/12 rows');
    assert.equal(alikeLine(columnsComparison({ sameAnswers: { answered: 6, same: 6, alike: true } }), 3), 'Answers like its base on 6/6 cells');
    assert.equal(alikeLine(columnsComparison({ sameAnswers: { answered: 12, same: 11, alike: false } }), 1), undefined);
    const run = { kind: 'run', runId: 'r2', title: 't', createdAt: '', counts: columnsComparison().counts, ...noEvidence, sameAnswers: { answered: 4, same: 4, alike: true } } as ComparisonView;
    assert.equal(alikeLine(run, 1), 'Answers like the compared run on 4/4 cells');
  });

  it('says what the run is against its baseline: the counts (the news ones always), and the paired test per column', () => {
    const test = { outcome: 'no-difference' as const, rows: 12, better: 2, worse: 1, pValue: 1, text: 'no difference this data can show (12 rows; about 1,000 would be needed to see a change of this size; p = 1.00)', discordant: 'better on 2 rows, worse on 1' };
    const view: BaselineView = {
      state: 'compared',
      runId: '3f2a1b2c9d8e',
      title: 'Capitals',
      createdAt: '2026-12-01T10:00:00Z',
      counts: { regressed: 1, improved: 2, 'fewer-passes': 0, 'more-passes': 0, same: 9, unjudged: 0 },
      rows: 12,
      paired: [{ column: 0, test }],
    };
    const wording = baselineWording(view, columns(1), 1, date);
    assert.equal(wording.title, 'Against the baseline 3f2a1b2c (Capitals, <2026-12-01T10:00:00Z>):');
    assert.deepEqual(wording.counts.map(({ text }) => text), ['1 regressed', '2 newly passing', '9 unchanged']);
    assert.deepEqual(wording.lines, [`Paired test: ${test.text}; better on 2 rows, worse on 1`]);
    const repeated = baselineWording({ ...view, counts: { ...view.counts, 'fewer-passes': 1, unjudged: 2 }, paired: [{ column: 0, test }, { column: 1, test: { ...test, rows: 0 } }] }, columns(2), 3, date);
    assert.deepEqual(repeated.counts.map(({ text }) => text), ['1 regressed', '2 improved', '1 fewer passes (within noise)', '9 unchanged', '2 not judged']);
    assert.deepEqual(repeated.lines, [`Paired test, prompt 1 · base: ${test.text}; better on 2 rows, worse on 1`], 'per column, named, once it has rows judged on both sides');
  });

  it('says when this run is the baseline, when the baseline is gone, and why it cannot be compared', () => {
    assert.match(baselineWording({ state: 'this-run', experiment: 'evals/promptfooconfig.yaml' }, [], 1, date).title, /^This run is the baseline of evals\/promptfooconfig\.yaml/);
    assert.match(baselineWording({ state: 'missing', runId: '3f2a1b2c9d', experiment: 'x.yaml' }, [], 1, date).title, /run 3f2a1b2c, is no longer in the runs folder/);
    const incomparable = baselineWording({ state: 'incomparable', runId: '3f2a1b2c9d', title: 'Capitals', createdAt: 'then', problems: ['1 row of this run is not in the baseline: "q=Peru".'] }, [], 1, date);
    assert.equal(incomparable.title, 'The baseline 3f2a1b2c (Capitals, <then>) cannot be compared with this run:');
    assert.deepEqual(incomparable.lines, ['1 row of this run is not in the baseline: "q=Peru".']);
    assert.deepEqual(incomparable.counts, []);
  });

  it("marks a column's change against the baseline (not when it is the same), and its samples' passes", () => {
    assert.equal(baselineMark('same', 1), undefined);
    assert.equal(baselineMark(undefined, 1), undefined);
    assert.deepEqual({ ...baselineMark('regressed', 1), title: undefined }, { change: 'regressed', text: 'regressed', label: 'regressed against the baseline', title: undefined });
    assert.equal(baselineMark('improved', 1)?.text, 'newly passing');
    assert.equal(baselineMark('improved', 3)?.text, 'improved');
    assert.match(baselineMark('fewer-passes', 3)?.title ?? '', /within what chance gives: not a regression/);
    const flaky = samplesMark({ column: 0, passed: 2, judged: 3, samples: 3, flaky: true });
    assert.deepEqual([flaky.text, flaky.flaky, flaky.label], ['2/3 pass', true, '2/3 samples passed, flaky']);
    assert.equal(flaky.title, '2 of 3 judged samples passed; the samples disagree: flaky');
    assert.equal(samplesMark({ column: 0, passed: 2, judged: 2, samples: 3, flaky: false }).title, '2 of 2 judged samples passed; 1 more not judged (an error, pending, or no assertions); the samples agree');
  });
});
