import * as assert from 'node:assert/strict';
import { CellStore, sameCell } from '../../../../src/webview/experiments/cell-store';
import { allCells, cell, columns, row } from './fixtures';

describe('experiments webview: cell store', () => {
  it('holds the rows of an init in index order with their cells by column and repeat', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(2), row(0), row(1)], allCells(3, 2, 2));
    assert.equal(store.size, 3);
    assert.deepEqual(store.select(() => true), [0, 1, 2]);
    assert.equal(store.cell(1, 1, 1)?.output, 'Answer 1/1/1');
    assert.deepEqual(
      store.entry(2)?.cellsOf(0).map((c) => c?.repeat),
      [0, 1],
    );
    assert.equal(store.cell(1, 5, 0), undefined);
    assert.equal(store.entry(9), undefined);
  });

  it('leaves a hole where the host sent no cell yet', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0)], [cell(0, 1, { repeat: 1 })]);
    assert.deepEqual(store.entry(0)?.cellsOf(0), []);
    assert.equal(store.cell(0, 1, 0), undefined);
    assert.equal(store.cell(0, 1, 1)?.repeat, 1);
  });

  it('replaces everything on a second init', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0), row(1)], allCells(2, 2));
    store.replaceAll(columns(1), [row(5)], [cell(5, 0, { output: 'new' })]);
    assert.deepEqual(store.select(() => true), [5]);
    assert.equal(store.cell(0, 0, 0), undefined);
    assert.equal(store.cell(5, 0, 0)?.output, 'new');
  });

  it('puts changed cells in place as new objects, and keeps what did not change', () => {
    const store = new CellStore();
    store.replaceAll(columns(3), [row(0), row(1)], allCells(2, 3, 1, () => ({ status: 'queued', output: null })));
    const rowBefore = store.entry(0);
    const otherRow = store.entry(1);
    const untouchedStack = rowBefore?.cellsOf(2);
    store.upsert([cell(0, 1, { output: 'done' })]);
    assert.notEqual(store.entry(0), rowBefore, 'the row is a new object');
    assert.equal(store.entry(1), otherRow, 'another row is the same object');
    assert.equal(store.entry(0)?.cellsOf(2), untouchedStack, 'an untouched column keeps its list');
    assert.equal(store.entry(0)?.cellsOf(0)[0], rowBefore?.cellsOf(0)[0]);
    assert.equal(store.cell(0, 1, 0)?.output, 'done');
    assert.equal(rowBefore?.cellsOf(1)[0]?.output, null, 'the old row object is left as it was');
    assert.equal(store.entry(0)?.row, rowBefore?.row, 'the row view itself is kept');
  });

  it('gives a cell of a row it does not know a row of its own, in order; drops cells of a column that does not exist', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0), row(4)], [cell(7, 0), cell(0, 9)]);
    assert.deepEqual(store.select(() => true), [0, 4, 7]);
    assert.equal(store.entry(7)?.row.label, 'Row 8');
    store.upsert([cell(2, 1, { output: 'late' })]);
    assert.deepEqual(store.select(() => true), [0, 2, 4, 7]);
    assert.equal(store.cell(2, 1, 0)?.output, 'late');
    assert.deepEqual(store.entry(0)?.cells.flat(), []);
  });

  it('knows which states a row holds, in every column or in one', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0)], [cell(0, 0), cell(0, 1, { status: 'error', output: null, error: 'boom' })]);
    const entry = store.entry(0);
    assert.equal(entry?.hasStatus('error'), true);
    assert.equal(entry?.hasStatus('error', 0), false);
    assert.equal(entry?.hasStatus('error', 1), true);
    assert.equal(entry?.hasStatus('pending'), false);
  });

  it('knows which verdicts and changes a row holds, in every column or in one', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0)], [cell(0, 0, { verdict: { status: 'fail', score: 0, failing: [] }, change: 'same' }), cell(0, 1, { change: 'added' })]);
    const entry = store.entry(0);
    assert.equal(entry?.hasVerdict('fail'), true);
    assert.equal(entry?.hasVerdict('fail', 1), false);
    assert.equal(entry?.hasVerdict('pass'), false);
    assert.equal(entry?.hasChange(), true);
    assert.equal(entry?.hasChange(0), false, "'same' is no change");
    assert.equal(entry?.hasChange(1), true);
  });

  it('marks the rows whose columns disagree, making new objects for the rows that flip only', () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0), row(1, { disagree: true }), row(2)], allCells(3, 2));
    const [first, second, third] = [store.entry(0), store.entry(1), store.entry(2)];
    const flipped = store.setRowMarks([
      { index: 0, disagree: true },
      { index: 1, disagree: false },
      { index: 2, disagree: false },
      { index: 9, disagree: true },
    ]);
    assert.deepEqual(flipped, [0, 1], 'row 2 already agreed; row 9 is not in the matrix');
    assert.equal(store.entry(0)?.row.disagree, true);
    assert.equal(store.entry(1)?.row.disagree, undefined);
    assert.notEqual(store.entry(0), first);
    assert.notEqual(store.entry(1), second);
    assert.equal(store.entry(2), third, 'a row that did not flip is the same object, so the grid leaves it alone');
    assert.equal(store.entry(0)?.cells, first?.cells, 'the cells are kept, so none of them is redrawn');
    assert.equal(store.entry(0)?.row.label, first?.row.label);
    assert.deepEqual(store.setRowMarks([{ index: 0, disagree: true }]), [], 'marking a row again changes nothing');
  });

  it("marks a row's samples and its changes against the baseline, and finds the flaky and regressed rows by column", () => {
    const store = new CellStore();
    store.replaceAll(columns(2), [row(0), row(1)], allCells(2, 2, 3));
    const samples = [
      { column: 0, passed: 3, judged: 3, samples: 3, flaky: false },
      { column: 1, passed: 1, judged: 3, samples: 3, flaky: true },
    ];
    assert.deepEqual(store.setRowMarks([{ index: 0, disagree: true, samples, baseline: [{ column: 0, change: 'regressed' }, { column: 1, change: 'same' }] }]), [0]);
    const entry = store.entry(0);
    assert.equal(entry?.isFlaky(), true);
    assert.equal(entry?.isFlaky(0), false);
    assert.equal(entry?.isFlaky(1), true);
    assert.equal(entry?.hasBaselineChange('regressed'), true);
    assert.equal(entry?.hasBaselineChange('regressed', 1), false);
    assert.equal(store.entry(1)?.isFlaky(), false);
    assert.deepEqual(store.setRowMarks([{ index: 0, disagree: true, samples, baseline: [{ column: 0, change: 'regressed' }, { column: 1, change: 'same' }] }]), [], 'the same marks again change nothing');
    assert.deepEqual(store.setRowMarks([{ index: 0, disagree: false }]), [0], 'a row that lost its marks');
    assert.equal(store.entry(0)?.isFlaky(), false);
    assert.equal(store.entry(0)?.row.baseline, undefined);
  });

  it('knows which columns have cells with verdicts', () => {
    const store = new CellStore();
    store.replaceAll(columns(3), [row(0), row(1)], [cell(0, 0), cell(1, 2, { repeat: 1, verdict: { status: 'pending', score: null, failing: [] } })]);
    assert.deepEqual([...store.columnsWithVerdicts()], [2]);
    store.upsert([cell(1, 0, { verdict: { status: 'pass', score: 1, failing: [] } })]);
    assert.deepEqual([...store.columnsWithVerdicts()].sort(), [0, 2]);
  });

  it('searches the new text of an updated cell, not the text it had', () => {
    const store = new CellStore();
    store.replaceAll(columns(1), [row(0)], [cell(0, 0, { output: 'Before' })]);
    assert.match(store.entry(0)?.searchText() ?? '', /before/);
    store.upsert([cell(0, 0, { output: 'After' })]);
    assert.doesNotMatch(store.entry(0)?.searchText() ?? '', /before/);
    assert.match(store.entry(0)?.searchText() ?? '', /after/);
  });

  it('tells cells apart by row, column and repeat', () => {
    assert.equal(sameCell({ row: 1, column: 2, repeat: 0 }, cell(1, 2)), true);
    assert.equal(sameCell({ row: 1, column: 2, repeat: 1 }, cell(1, 2)), false);
    assert.equal(sameCell(undefined, cell(1, 2)), false);
    assert.equal(sameCell(undefined, undefined), false);
  });
});
