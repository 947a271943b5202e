// Per-column figures from cell records: pass rate over judged cells only, mean score, errors (the server's and
// the grader's), tokens, median latency; records matched to columns by their keys, not their order.

import assert from 'node:assert/strict';
import { passRate } from '../../../../../src/core/evidence';
import { columnFigures } from '../../../../../src/core/experiments/column-figures';
import { outcomeCounts, reportOutcome } from '../../../../../src/core/experiments/report-outcome';
import { header, record, verdict } from './report-fixtures';

describe('experiment reports: column figures', () => {
  const columns = header([{ prompt: 'greet', provider: 'base' }, { prompt: 'short', provider: 'base' }]).columns;

  it('counts pass rate over judged cells, errors apart, and sums tokens', () => {
    const records = [
      record('greet', 'base', 0, { verdict: verdict('pass'), tokens: { prompt: 10, completion: 5 } }),
      record('greet', 'base', 1, { verdict: verdict('fail', { score: 0.25 }), tokens: { prompt: 12, completion: 3 } }),
      record('greet', 'base', 2, { verdict: verdict('pass', { score: 0.75 }), tokens: null }),
      record('greet', 'base', 3, { status: 'error', output: null, error: 'model exploded', verdict: verdict('error', { reason: 'the answer is an error: model exploded' }), tokens: null, latencyMs: null }),
      record('greet', 'base', 4, { verdict: verdict('error', { reason: 'llm-rubric: the grader gave no verdict' }) }),
      record('greet', 'base', 5, { status: 'pending', output: null, verdict: verdict('pending'), tokens: null, latencyMs: null }),
      record('greet', 'base', 6, { verdict: null }),
      record('greet', 'base', 7, { verdict: verdict('no-assertions') }),
    ];
    const [greet, short] = columnFigures(records, columns);
    assert.deepEqual(greet, {
      cells: 8,
      judged: 3,
      passed: 2,
      passRate: passRate(2, 3),
      meanScore: (1 + 0.25 + 0.75) / 3,
      errors: 2,
      tokens: 15 + 15 + 15 + 15 + 15,
      tokensReported: 5,
      medianLatencyMs: 1000,
    });
    assert.deepEqual(short, { cells: 0, judged: 0, passed: 0, passRate: { passed: 0, judged: 0, rate: null, low: null, high: null }, meanScore: null, errors: 0, tokens: 0, tokensReported: 0, medianLatencyMs: null });
  });

  it('matches records to columns by prompt and provider keys, whatever order they come in', () => {
    const records = [record('short', 'base', 0, { verdict: verdict('fail') }), record('greet', 'base', 0, { verdict: verdict('pass') }), record('short', 'base', 1, { verdict: verdict('pass') })];
    const figures = columnFigures(records, columns);
    assert.deepEqual(
      figures.map((f) => [f.cells, f.passed, f.judged]),
      [
        [1, 1, 1],
        [2, 1, 2],
      ],
    );
  });

  it('takes the median latency of an odd and an even count, skipping cells without one', () => {
    const latencies = (values: (number | null)[]) => columnFigures(values.map((latencyMs, i) => record('greet', 'base', i, { latencyMs })), columns)[0].medianLatencyMs;
    assert.equal(latencies([300, 100, null, 200]), 200);
    assert.equal(latencies([400, 100, 300, 200]), 250);
    assert.equal(latencies([null]), null);
  });

  it('leaves the mean score out when no judged cell has one', () => {
    const [greet] = columnFigures([record('greet', 'base', 0, { verdict: verdict('pass', { score: null }) })], columns);
    assert.equal(greet.passRate.rate, 1);
    assert.equal(greet.meanScore, null);
  });

  it('refuses a record of a column the header does not have, naming it', () => {
    assert.throws(() => columnFigures([record('other', 'base', 0)], columns), /prompt "other" on provider "base" is in none of the run's columns/);
  });

  it('tells each state of a cell apart: judged, answered with nothing to judge, errors and pending', () => {
    const cases: [Parameters<typeof record>[3], ReturnType<typeof reportOutcome>][] = [
      [{ verdict: verdict('pass') }, 'pass'],
      [{ verdict: verdict('fail') }, 'fail'],
      [{ verdict: null }, 'answered'],
      [{ verdict: verdict('no-assertions') }, 'answered'],
      [{ verdict: verdict('error') }, 'error'],
      [{ verdict: verdict('pending') }, 'pending'],
      [{ status: 'error', verdict: null }, 'error'],
      [{ status: 'pending', verdict: null }, 'pending'],
      [{ status: 'unknown', verdict: null }, 'pending'],
      [{ status: 'unsent', verdict: null }, 'pending'],
    ];
    for (const [fields, expected] of cases) assert.equal(reportOutcome(record('greet', 'base', 0, fields)), expected, JSON.stringify(fields));
    assert.deepEqual(outcomeCounts(cases.map(([fields]) => record('greet', 'base', 0, fields))), { cells: 10, passed: 1, failed: 1, answered: 2, errors: 2, pending: 4 });
  });
});
