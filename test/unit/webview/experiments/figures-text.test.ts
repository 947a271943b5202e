import * as assert from 'node:assert/strict';
import type { ColumnStats } from '../../../../src/protocol/experiments';
import { columnFiguresLine } from '../../../../src/webview/experiments/figures-text';

function stats(overrides: Partial<ColumnStats> = {}): ColumnStats {
  return { judged: 12, passed: 10, passRate: 10 / 12, low: 0.552, high: 0.953, passRateText: '10/12 (83%, 55-95%)', meanScore: 0.8666, errors: 1, tokens: 1234, medianLatencyMs: 420, ...overrides };
}

describe('experiments webview: column figures line', () => {
  it('says pass rate, mean score, errors, tokens and median latency', () => {
    assert.equal(columnFiguresLine(stats(), true), 'pass 10/12 (83%, 55-95%) · score 0.87 · 1 error · 1,234 tok · p50 420 ms');
    assert.equal(columnFiguresLine(stats({ errors: 3, tokens: 1_500_000, medianLatencyMs: 3249.6, judged: 2000, passed: 1999, passRateText: '1,999/2,000 (99%, 99-100%)' }), true), 'pass 1,999/2,000 (99%, 99-100%) · score 0.87 · 3 errors · 1,500,000 tok · p50 3.2 s');
  });

  it('leaves out what is zero or unknown', () => {
    assert.equal(columnFiguresLine(stats({ errors: 0, tokens: 0, medianLatencyMs: null, meanScore: null }), true), 'pass 10/12 (83%, 55-95%)');
    assert.equal(columnFiguresLine(stats({ medianLatencyMs: 419.6 }), true), 'pass 10/12 (83%, 55-95%) · score 0.87 · 1 error · 1,234 tok · p50 420 ms');
  });

  it('says "no assertions" for a column with nothing judged and no error, unless its cells wait for verdicts', () => {
    const nothing = stats({ judged: 0, passed: 0, passRate: null, meanScore: null, errors: 0 });
    assert.equal(columnFiguresLine(nothing, false), 'no assertions · 1,234 tok · p50 420 ms');
    assert.equal(columnFiguresLine(nothing, true), 'no verdicts yet · 1,234 tok · p50 420 ms');
    assert.equal(columnFiguresLine({ ...nothing, tokens: 0, medianLatencyMs: null }, false), 'no assertions');
  });

  it('names errors alone when every judged cell errored', () => {
    assert.equal(columnFiguresLine(stats({ judged: 0, passed: 0, passRate: null, meanScore: null, errors: 2, tokens: 0, medianLatencyMs: null }), false), '2 errors');
  });

  it('is empty until the column has figures', () => {
    assert.equal(columnFiguresLine(undefined, true), '');
  });

});
