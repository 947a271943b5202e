import * as assert from 'node:assert/strict';
import { CellStore } from '../../../../src/webview/experiments/cell-store';
import { filterRows, filtersByCells, filtersByMarks, isCellStatus, isVerdictChoice, shownColumns } from '../../../../src/webview/experiments/matrix-filter';
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

  describe('by verdict and change', () => {
    const pass = { status: 'pass' as const, score: 1, failing: [] };
    const fail = { status: 'fail' as const, score: 0, failing: ['equals: no'] };
    const judged = new CellStore();
    judged.replaceAll(
      columns(2),
      [row(0), row(1), row(2), row(3), row(4)],
      [
        // Row 0: the columns disagree.
        cell(0, 0, { verdict: pass, change: 'same' }),
        cell(0, 1, { verdict: fail, change: 'newly-failing' }),
        // Row 1: both pass; one changed its text.
        cell(1, 0, { verdict: pass, change: 'changed' }),
        cell(1, 1, { verdict: pass, change: 'same' }),
        // Row 2: an error (counted apart) and a verdict still to come.
        cell(2, 0, { status: 'error', output: null, error: 'boom', verdict: { status: 'error', score: null, failing: [] }, change: 'same' }),
        cell(2, 1, { verdict: { status: 'pending', score: null, failing: [] }, change: 'added' }),
        // Row 3: both fail, on its second repeat only.
        cell(3, 0, { verdict: pass, change: 'same' }),
        cell(3, 0, { repeat: 1, verdict: fail, change: 'same' }),
        cell(3, 1, { verdict: fail, change: 'same' }),
        // Row 4: no assertions, not compared.
        cell(4, 0),
        cell(4, 1),
      ],
    );

    it('keeps the rows with a failing cell, never the errors', () => {
      assert.deepEqual(filterRows(judged, { verdict: 'fail', search: '' }), [0, 3]);
      assert.deepEqual(filterRows(judged, { status: 'error', search: '' }), [2], 'the error chip finds them');
    });

    it('keeps the rows with a passing cell', () => {
      assert.deepEqual(filterRows(judged, { verdict: 'pass', search: '' }), [0, 1, 3]);
    });

    it('keeps the rows with a cell that is not the same as in the compared run', () => {
      assert.deepEqual(filterRows(judged, { changedOnly: true, search: '' }), [0, 1, 2]);
      assert.deepEqual(filterRows(judged, { changedOnly: false, search: '' }), [0, 1, 2, 3, 4]);
    });

    it('looks at the one column shown', () => {
      assert.deepEqual(filterRows(judged, { verdict: 'fail', column: 0, search: '' }), [3]);
      assert.deepEqual(filterRows(judged, { verdict: 'fail', column: 1, search: '' }), [0, 3]);
      assert.deepEqual(filterRows(judged, { verdict: 'pass', column: 1, search: '' }), [1]);
      assert.deepEqual(filterRows(judged, { changedOnly: true, column: 0, search: '' }), [1]);
      assert.deepEqual(filterRows(judged, { changedOnly: true, column: 1, search: '' }), [0, 2]);
    });

    it('combines with the state, the search and each other', () => {
      assert.deepEqual(filterRows(judged, { verdict: 'fail', changedOnly: true, search: '' }), [0]);
      assert.deepEqual(filterRows(judged, { verdict: 'pass', search: 'n=3' }), [3]);
      assert.deepEqual(filterRows(judged, { verdict: 'fail', status: 'error', search: '' }), []);
      assert.deepEqual(filterRows(judged, { verdict: 'pass', changedOnly: true, column: 0, search: '' }), [1]);
    });

    it('tells when cells arriving could change what the filter keeps', () => {
      assert.equal(filtersByCells({ search: '' }), false);
      assert.equal(filtersByCells({ search: '  ', column: 2, changedOnly: false }), false);
      assert.equal(filtersByCells({ search: '', verdict: 'pass' }), true);
      assert.equal(filtersByCells({ search: '', changedOnly: true }), true);
      assert.equal(filtersByCells({ search: '', status: 'ok' }), true);
      assert.equal(filtersByCells({ search: 'x' }), true);
    });

    it('knows the verdicts it filters by', () => {
      assert.equal(isVerdictChoice('fail'), true);
      assert.equal(isVerdictChoice('pass'), true);
      assert.equal(isVerdictChoice('error'), false);
      assert.equal(isVerdictChoice(undefined), false);
    });
  });

  it('keeps the rows with a flaky column, or one regressed against the baseline, in the column shown', () => {
    const marked = new CellStore();
    const flaky = (column: number) => ({ column, passed: 1, judged: 2, samples: 2, flaky: true });
    const steady = (column: number) => ({ column, passed: 2, judged: 2, samples: 2, flaky: false });
    marked.replaceAll(
      columns(2),
      [
        row(0, { samples: [flaky(0), steady(1)], baseline: [{ column: 0, change: 'fewer-passes' }, { column: 1, change: 'regressed' }] }),
        row(1, { samples: [steady(0), steady(1)], baseline: [{ column: 0, change: 'same' }, { column: 1, change: 'same' }] }),
        row(2, { samples: [steady(0), flaky(1)], baseline: [{ column: 0, change: 'regressed' }, { column: 1, change: 'improved' }] }),
      ],
      allCells(3, 2, 2),
    );
    assert.deepEqual(filterRows(marked, { search: '', flakyOnly: true }), [0, 2]);
    assert.deepEqual(filterRows(marked, { search: '', flakyOnly: true, column: 1 }), [2]);
    assert.deepEqual(filterRows(marked, { search: '', regressedOnly: true }), [0, 2], 'fewer passes within noise is not a regression');
    assert.deepEqual(filterRows(marked, { search: '', regressedOnly: true, column: 0 }), [2]);
    assert.deepEqual(filterRows(marked, { search: '', regressedOnly: true, flakyOnly: true, column: 0 }), []);
    assert.equal(filtersByMarks({ search: '', flakyOnly: true }), true);
    assert.equal(filtersByMarks({ search: 'x', verdict: 'fail' }), false);
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
    const failing = filterRows(large, { verdict: 'fail', search: '' });
    const changed = filterRows(large, { changedOnly: true, column: 3, search: '' });
    const searchMs = performance.now() - started;
    started = performance.now();
    large.upsert(allCells(1000, 6, 1, () => ({ output: 'changed' })));
    const upsertMs = performance.now() - started;
    assert.deepEqual(found, [999]);
    assert.equal(errors.length, 100);
    assert.deepEqual(failing, []);
    assert.deepEqual(changed, []);
    assert.equal(large.cell(500, 3, 0)?.output, 'changed');
    assert.equal(large.cell(500, 3, 1)?.output, `${filler} answer 500/3/1`);
    // Generous on purpose (a loaded CI machine): the point is that none of these is quadratic.
    assert.ok(loadMs < 300, `init of 18,000 cells took ${loadMs.toFixed(1)} ms`);
    assert.ok(searchMs < 150, `search, state, verdict and change filters took ${searchMs.toFixed(1)} ms`);
    assert.ok(upsertMs < 300, `6,000 cell updates took ${upsertMs.toFixed(1)} ms`);
  });
});
