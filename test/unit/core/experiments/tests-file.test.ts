// The tests file kept beside an experiment run's ledger: written once, read back by index, each test parsed when
// it is asked for (a report of 100,000 rows holds the file's bytes, not 100,000 objects).

import assert from 'node:assert/strict';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestCase } from '../../../../src/core/experiments/config';
import { openTestsFile, readTestsFile, writeTestsFile } from '../../../../src/core/experiments/experiment-tests-file';
import { useTempDir } from '../../helpers/temp-dir';

/** The cases as a pass over an experiment's tests hands them over: in batches (of two here). */
async function* testCases(cases: Partial<TestCase>[]): AsyncGenerator<TestCase[]> {
  for (let at = 0; at < cases.length; at += 2) yield cases.slice(at, at + 2).map((c) => ({ assert: [], options: {}, vars: {}, ...c }) as TestCase);
}

describe('an experiment run\'s tests file', () => {
  const tmp = useTempDir();

  it('gives back every test by its index as it was written, in order, and nothing for an index it lacks', async () => {
    const path = join(tmp.path, 'run.tests.jsonl');
    const written = [
      { index: 0, vars: { city: 'Zürich', note: 'a "quoted"\nline' } },
      { index: 1, description: 'second', vars: { city: 'Oslo' }, assert: [{ type: 'contains', value: 'Oslo' }] as TestCase['assert'], threshold: 0.5 },
      { index: 2, vars: {}, options: { provider: 'scalarlm:grader' } },
    ];
    assert.equal(await writeTestsFile(path, testCases(written)), 3);
    const tests = openTestsFile(path);
    assert.equal(tests.size, 3);
    assert.deepEqual(tests.get(1), { index: 1, description: 'second', vars: { city: 'Oslo' }, assert: [{ type: 'contains', value: 'Oslo' }], threshold: 0.5 });
    assert.deepEqual(tests.get(0), { index: 0, vars: { city: 'Zürich', note: 'a "quoted"\nline' } });
    assert.deepEqual(tests.get(2)?.options, { provider: 'scalarlm:grader' });
    assert.equal(tests.get(3), undefined);
    assert.equal(tests.get(-1), undefined);
    assert.equal(tests.has(2), true);
    assert.equal(tests.has(3), false);
    assert.deepEqual([...tests.keys()], [0, 1, 2]);
    assert.deepEqual(readTestsFile(path), new Map(tests));
  });

  it('finds the tests of a filtered run (indices with gaps, out of order) and leaves out a last line a crash cut', async () => {
    const path = join(tmp.path, 'filtered.tests.jsonl');
    await writeTestsFile(path, testCases([{ index: 7, vars: { n: 7 } }, { index: 3, vars: { n: 3 } }, { index: 12, vars: { n: 12 } }]));
    appendFileSync(path, '{"i":13,"v":{"n":1');
    const tests = openTestsFile(path);
    assert.equal(tests.size, 3);
    assert.deepEqual([3, 7, 12, 13, 0].map((index) => tests.get(index)?.vars.n), [3, 7, 12, undefined, undefined]);
    assert.deepEqual([...tests.entries()].map(([index]) => index), [7, 3, 12]);
  });

  it('gives back the right test whichever order they are asked in, far more of them than it keeps parsed', async () => {
    const path = join(tmp.path, 'many.tests.jsonl');
    await writeTestsFile(path, testCases(Array.from({ length: 40 }, (_, index) => ({ index, vars: { n: index } }))));
    const tests = openTestsFile(path);
    // Each in turn, each twice in a row (a cell's judge, then its record), back again, and one long gone.
    const asked = [...Array.from({ length: 40 }, (_, i) => [i, i]).flat(), ...Array.from({ length: 40 }, (_, i) => 39 - i), 3, 38, 3];
    assert.deepEqual(asked.map((index) => tests.get(index)?.vars.n), asked);
  });

  it('reads a file many times the size of what it keeps read, with a line longer than that, in any order', async () => {
    const path = join(tmp.path, 'large.tests.jsonl');
    // Some 3,000 short lines around one of 200,000 characters, and a cut last line: the file read a window at a time.
    const long = 'ü'.repeat(100_000);
    const cases = Array.from({ length: 3000 }, (_, index) => ({ index, vars: { n: index, text: index === 1500 ? long : `row ${index}` } }));
    await writeTestsFile(path, testCases(cases));
    appendFileSync(path, '{"i":3000,"v":{"n":1');
    const tests = openTestsFile(path);
    assert.equal(tests.size, 3000);
    const asked = [2999, 0, 1500, 1499, 1501, 2000, 3, 1500, 2999];
    assert.deepEqual(asked.map((index) => tests.get(index)?.vars.n), asked);
    assert.equal(tests.get(1500)?.vars.text, long);
    assert.equal(tests.get(3000), undefined);
    assert.deepEqual([...tests.values()].map((test) => test.vars.text), cases.map((c) => c.vars.text));
  });

  it('reads a line whose index is not written first, and is empty when the file is gone', () => {
    const path = join(tmp.path, 'other.tests.jsonl');
    writeFileSync(path, '{"v":{"a":1},"i":0}\n\n{"i":1,"v":{"a":2}}\n');
    assert.deepEqual([...openTestsFile(path).values()].map((test) => test.vars.a), [1, 2]);
    assert.equal(openTestsFile(join(tmp.path, 'none.tests.jsonl')).size, 0);
  });
});
