import * as assert from 'node:assert/strict';
import { CellStore } from '../../../src/webview/experiments/cell-store';
import { filterRows, isCellStatus, shownColumns } from '../../../src/webview/experiments/matrix-filter';
import { allCells, cell, columns, row } from './fixtures';

describe('experiments webview: filters', () => {
  const store = new CellStore();
  store.replaceAll(
    columns(2),
    [row(0, { label: 'Translate HELLO' }), row(1), row(2, { vars: { topic: 'Dogs and wolves' } }), row(3), row(4)],
    [
      cell(0, 0, { output: 'Bonjour' }),
      cell(0, 1, { output: 'Salut' }),
      cell(1, 0, { status: 'error', output: null, error: 'CUDA out of memory' }),
      cell(1, 1),
      cell(2, 0),
      cell(2, 1, { status: 'pending', output: null }),
      cell(3, 0),
      cell(3, 1, { status: 'error', output: null, error: 'Timeout after hello' }),
      cell(4, 0),
      cell(4, 1),
    ],
  );

  it('shows every row with no state and no search', () => {
    assert.deepEqual(filterRows(store, { search: '' }), [0, 1, 2, 3, 4]);
    assert.deepEqual(filterRows(store, { search: '   ', column: 1 }), [0, 1, 2, 3, 4]);
  });

  it('keeps the rows with at least one cell in a state', () => {
    assert.deepEqual(filterRows(store, { status: 'error', search: '' }), [1, 3]);
    assert.deepEqual(filterRows(store, { status: 'ok', search: '' }), [0, 1, 2, 3, 4]);
    assert.deepEqual(filterRows(store, { status: 'unknown', search: '' }), []);
  });

  it('looks at the one column shown when there is one', () => {
    assert.deepEqual(filterRows(store, { status: 'error', column: 0, search: '' }), [1]);
    assert.deepEqual(filterRows(store, { status: 'error', column: 1, search: '' }), [3]);
    assert.deepEqual(filterRows(store, { status: 'ok', column: 1, search: '' }), [0, 1, 4]);
  });

  it('searches row labels, vars, outputs and errors, ignoring case and surrounding spaces', () => {
    assert.deepEqual(filterRows(store, { search: '  hello ' }), [0, 3]);
    assert.deepEqual(filterRows(store, { search: 'SALUT' }), [0]);
    assert.deepEqual(filterRows(store, { search: 'wolves' }), [2]);
    assert.deepEqual(filterRows(store, { search: 'cuda OUT' }), [1]);
  });

  it("searches only the shown column's answers, but always the label and vars", () => {
    assert.deepEqual(filterRows(store, { search: 'salut', column: 0 }), []);
    assert.deepEqual(filterRows(store, { search: 'salut', column: 1 }), [0]);
    assert.deepEqual(filterRows(store, { search: 'translate', column: 1 }), [0]);
  });

  it('combines a state with a search', () => {
    assert.deepEqual(filterRows(store, { status: 'error', search: 'hello' }), [3]);
  });

  it('does not search the state names', () => {
    assert.deepEqual(filterRows(store, { search: 'pending' }), []);
  });

  it('shows all columns, or the one chosen, or none when it is gone', () => {
    const all = columns(6);
    assert.equal(shownColumns(all, undefined), all);
    assert.deepEqual(
      shownColumns(all, 3).map((c) => c.index),
      [3],
    );
    assert.deepEqual(shownColumns(all, 9), []);
  });

  it('knows the cell states', () => {
    assert.equal(isCellStatus('queued'), true);
    assert.equal(isCellStatus('done'), false);
    assert.equal(isCellStatus(undefined), false);
  });

  it('takes in 1,000 rows × 6 columns × 3 repeats and filters them quickly', () => {
    const large = new CellStore();
    const filler = 'lorem ipsum dolor sit amet '.repeat(12);
    const cells = allCells(1000, 6, 3, (r, c, k) => (r % 10 === 0 && c === 5 ? { status: 'error', output: null, error: `boom ${r}` } : { output: `${filler} answer ${r}/${c}/${k}` }));
    const rows = Array.from({ length: 1000 }, (_, i) => row(i));
    let started = performance.now();
    large.replaceAll(columns(6), rows, cells);
    const loadMs = performance.now() - started;
    filterRows(large, { search: 'warm-up' });
    started = performance.now();
    const found = filterRows(large, { search: 'ANSWER 999/4/2' });
    const errors = filterRows(large, { status: 'error', search: '' });
    const searchMs = performance.now() - started;
    started = performance.now();
    large.upsert(allCells(1000, 6, 1, () => ({ output: 'changed' })));
    const upsertMs = performance.now() - started;
    assert.deepEqual(found, [999]);
    assert.equal(errors.length, 100);
    assert.equal(large.cell(500, 3, 0)?.output, 'changed');
    assert.equal(large.cell(500, 3, 1)?.output, `${filler} answer 500/3/1`);
    // Generous on purpose (a loaded CI machine): the point is that none of these is quadratic.
    assert.ok(loadMs < 300, `init of 18,000 cells took ${loadMs.toFixed(1)} ms`);
    assert.ok(searchMs < 150, `search and state filter took ${searchMs.toFixed(1)} ms`);
    assert.ok(upsertMs < 300, `6,000 cell updates took ${upsertMs.toFixed(1)} ms`);
  });
});
