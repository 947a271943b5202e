// Row labels tell rows apart: by description, else by the vars that differ and the part of each that differs,
// else by row number.

import * as assert from 'node:assert/strict';
import type { StoredTest } from '../../../../src/core/experiments/experiment-tests-file';
import { rowLabelIn } from '../../../../src/core/experiments/row-labels';

function tests(...rows: Omit<StoredTest, 'index'>[]): Map<number, StoredTest> {
  return new Map(rows.map((row, index) => [index, { index, ...row }]));
}

const labels = (rows: Map<number, StoredTest>) => [...rows.keys()].map((index) => rowLabelIn(rows, index));

describe('row labels that tell the rows apart', () => {
  it('names rows that differ late in a long var by the part that differs, leaving out a var every row shares', () => {
    const rows = tests(...['France', 'Peru', 'Japan', 'Kenya'].map((land) => ({ vars: { question: `What is the capital city of ${land}?`, style: 'brief' } })));
    assert.deepEqual(labels(rows), ['question=…France?', 'question=…Peru?', 'question=…Japan?', 'question=…Kenya?']);
  });

  it('keeps a short shared start, and every var of a single row', () => {
    assert.deepEqual(labels(tests({ vars: { city: 'Paris' } }, { vars: { city: 'Pau' } })), ['city=Paris', 'city=Pau']);
    assert.deepEqual(labels(tests({ vars: { city: 'Paris', style: 'brief' } })), ['city=Paris, style=brief']);
  });

  it('names a row by its description, and numbers rows that still read alike', () => {
    const rows = tests({ description: 'France', vars: { q: 'a' } }, { description: 'France', vars: { q: 'b' } }, { vars: { q: 'same' } }, { vars: { q: 'same' } }, { vars: { q: 'other' } });
    assert.deepEqual(labels(rows), ['France (row 1)', 'France (row 2)', 'q=same (row 3)', 'q=same (row 4)', 'q=other']);
  });

  it('counts a var some rows lack as one that differs', () => {
    assert.deepEqual(labels(tests({ vars: { q: 'x', hint: 'h' } }, { vars: { q: 'x' } })), ['hint=h', 'q=x']);
  });

  it('labels rows added since (the map grew) as well', () => {
    const rows = tests({ vars: { q: 'What is the capital city of France?' } });
    assert.equal(rowLabelIn(rows, 0), 'q=What is the capital cit…');
    rows.set(1, { index: 1, vars: { q: 'What is the capital city of Peru?' } });
    assert.deepEqual(labels(rows), ['q=…France?', 'q=…Peru?']);
  });
});
