import * as assert from 'node:assert/strict';
import { baselineText, BaselineColumnsError, gateAgainstBaseline, mismatchLines, parseBaseline, RowKeys, type RunSummary, type SummaryCell, type SummaryRow } from '../../../../../src/core/experiments/evidence';
import { PromptInputError } from '../../../../../src/core/prompts/problems';

const cell = (verdict: SummaryCell['verdict'], passed = verdict === 'pass' ? 1 : 0, judged = verdict === 'pass' || verdict === 'fail' ? 1 : 0): SummaryCell => ({ verdict, passed, judged, score: judged ? passed / judged : null });
const row = (key: string, ...cells: SummaryCell[]): SummaryRow => ({ key, label: `row ${key}`, test: `t-${key}`, assertions: `a-${key}`, cells });
const summary = (rows: SummaryRow[], columns = 1): RunSummary => ({
  format: 'scalarlm-lab-baseline',
  version: 1,
  experiment: 'Capitals',
  repeat: 1,
  columns: Array.from({ length: columns }, (_, i) => ({ label: `p × m${i}`, prompt: 'p', provider: `m${i}`, model: `m${i}`, graders: [] })),
  rows,
});

describe('row identity', () => {
  it('keys a row by its vars alone, a repeat of the same vars by its place, and fingerprints the assertions without where they are written', () => {
    const keys = new RowKeys();
    const a = keys.identify({ index: 0, vars: { q: 'x', n: 1 }, assert: [{ type: 'equals', value: 'y', file: '/home/a/p.yaml', line: 3 }] });
    const b = keys.identify({ index: 7, vars: { n: 1, q: 'x' }, assert: [{ type: 'equals', value: 'y', file: '/tmp/clone/p.yaml', line: 9 }] });
    assert.equal(b.key, `${a.key}#2`);
    assert.equal(b.assertions, a.assertions);
    assert.equal(b.test, a.test);
    const c = new RowKeys().identify({ index: 0, vars: { q: 'x', n: 1 }, assert: [{ type: 'equals', value: 'z', file: 'p.yaml', line: 3 }] });
    assert.equal(c.key, a.key);
    assert.notEqual(c.assertions, a.assertions);
  });
});

describe('the baseline file', () => {
  it('writes sorted, stable JSON, a row per line, and reads it back', () => {
    const s = summary([row('b', cell('fail')), row('a', cell('pass'))]);
    const text = baselineText(s);
    assert.equal(text, baselineText({ ...s, rows: [...s.rows].reverse() }));
    const lines = text.split('\n');
    assert.ok(lines.findIndex((l) => l.includes('"key":"a"')) < lines.findIndex((l) => l.includes('"key":"b"')));
    assert.doesNotMatch(text, /runId|createdAt|\/tmp|\/home/);
    assert.deepEqual(parseBaseline(text, 'base.json').rows.map((r) => r.key), ['a', 'b']);
  });

  it('leaves out what only a run knows', () => {
    const text = baselineText({ ...summary([row('a', cell('pass'))]), runId: 'r1', indexOf: new Map([['a', 0]]) } as RunSummary);
    assert.doesNotMatch(text, /r1|indexOf/);
  });

  it('refuses what is not one at its line, saying what to do', () => {
    const good = baselineText(summary([row('a', cell('pass')), row('b', cell('pass'))]));
    const cases: [string, RegExp][] = [
      ['{"rows": [', /^base\.json:1:\d+: not a baseline file: .*bless RUN --out FILE/],
      ['{"format": "promptfoo"}', /^base\.json:1:\d+: not a baseline file: "format" must be "scalarlm-lab-baseline", not "promptfoo"/],
      [good.replace('"version": 1', '"version": 9'), /^base\.json:3:\d+: a baseline of format version 9; this scalarlm-lab reads version 1/],
      [good.replace('"verdict":"pass"', '"verdict":"maybe"'), /^base\.json:10:\d+: row 1: cell 1 must have "verdict"/],
      [good.replace('"key":"b"', '"key":"a"'), /^base\.json:11:\d+: row 2: the key a is given twice/],
    ];
    for (const [text, expected] of cases) {
      assert.throws(() => parseBaseline(text, 'base.json'), (error: Error) => error instanceof PromptInputError && expected.test(error.message), text);
    }
  });
});

describe('the baseline gate', () => {
  it('regresses a row that passed and fails now, reports one newly passing, and gives the paired test', () => {
    const base = summary([row('a', cell('pass')), row('b', cell('fail')), row('c', cell('pass'))]);
    const now = summary([row('a', cell('fail')), row('b', cell('pass')), row('c', cell('pass'))]);
    const gate = gateAgainstBaseline(base, now);
    assert.equal(gate.comparable, true);
    assert.deepEqual(gate.cells.map((c) => [c.key, c.change]), [['a', 'regressed'], ['b', 'improved'], ['c', 'same']]);
    assert.equal(gate.paired[0].worse, 1);
    assert.equal(gate.paired[0].better, 1);
    assert.equal(gate.paired[0].pValue, 1);
  });

  it('does not regress a repeated row for one unlucky sample', () => {
    const base = summary([row('a', cell('pass', 3, 3))]);
    assert.equal(gateAgainstBaseline(base, summary([row('a', cell('fail', 2, 3))])).cells[0].change, 'fewer-passes');
    assert.equal(gateAgainstBaseline(base, summary([row('a', cell('fail', 0, 3))])).cells[0].change, 'regressed');
  });

  it('cannot compare other rows or other assertions, unless partial, and says which', () => {
    const base = summary([row('a', cell('pass')), row('b', cell('pass'))]);
    const now = summary([row('a', cell('fail')), { ...row('b', cell('pass')), assertions: 'other' }, row('z', cell('pass'))]);
    const gate = gateAgainstBaseline(base, now);
    assert.equal(gate.comparable, false);
    assert.deepEqual(gate.cells, []);
    assert.deepEqual(mismatchLines(gate.mismatch), ['1 row of this run is not in the baseline: "row z".', '1 row has other assertions than in the baseline: "row b".']);
    const partial = gateAgainstBaseline(base, now, { partial: true });
    assert.equal(partial.comparable, true);
    assert.equal(partial.matchedRows, 1);
    assert.deepEqual(partial.cells.map((c) => c.change), ['regressed']);
  });

  it('pairs columns by place, against a single baseline column, or by label', () => {
    const two = summary([row('a', cell('pass'), cell('fail'))], 2);
    assert.deepEqual(gateAgainstBaseline(summary([row('a', cell('pass'))]), two).cells.map((c) => [c.column, c.baseColumn, c.change]), [[0, 0, 'same'], [1, 0, 'regressed']]);
    const three = summary([row('a', cell('pass'), cell('pass'), cell('pass'))], 3);
    assert.throws(() => gateAgainstBaseline(two, three), BaselineColumnsError);
  });
});
