import * as assert from 'node:assert/strict';
import { isGridKey, nextCell, scrollLeftToReveal } from '../../../../src/webview/experiments/grid-navigation';

describe('experiments webview: matrix keyboard navigation', () => {
  const at = (rowPosition: number, column: number) => ({ row: { position: rowPosition, present: true }, column });

  it('moves between rows with Up, Down, Page Up and Page Down, keeping the column', () => {
    assert.deepEqual(nextCell('ArrowDown', false, at(3, 2), 10, 6, 4), { row: 4, column: 2 });
    assert.deepEqual(nextCell('ArrowUp', false, at(3, 2), 10, 6, 4), { row: 2, column: 2 });
    assert.deepEqual(nextCell('PageDown', false, at(3, 2), 10, 6, 4), { row: 7, column: 2 });
    assert.deepEqual(nextCell('PageDown', false, at(8, 2), 10, 6, 4), { row: 9, column: 2 });
    assert.deepEqual(nextCell('PageUp', false, at(2, 2), 10, 6, 4), { row: 0, column: 2 });
    assert.deepEqual(nextCell('ArrowDown', false, at(9, 0), 10, 6, 4), { row: 9, column: 0 });
  });

  it('moves between columns with Left and Right, within the row', () => {
    assert.deepEqual(nextCell('ArrowRight', false, at(3, 2), 10, 6, 4), { row: 3, column: 3 });
    assert.deepEqual(nextCell('ArrowLeft', false, at(3, 2), 10, 6, 4), { row: 3, column: 1 });
    assert.deepEqual(nextCell('ArrowLeft', false, at(3, 0), 10, 6, 4), { row: 3, column: 0 });
    assert.deepEqual(nextCell('ArrowRight', false, at(3, 5), 10, 6, 4), { row: 3, column: 5 });
  });

  it('goes to the ends of the row with Home and End, and of the matrix with Ctrl', () => {
    assert.deepEqual(nextCell('Home', false, at(3, 2), 10, 6, 4), { row: 3, column: 0 });
    assert.deepEqual(nextCell('End', false, at(3, 2), 10, 6, 4), { row: 3, column: 5 });
    assert.deepEqual(nextCell('Home', true, at(3, 2), 10, 6, 4), { row: 0, column: 0 });
    assert.deepEqual(nextCell('End', true, at(3, 2), 10, 6, 4), { row: 9, column: 5 });
  });

  it('starts at a corner when nothing is selected', () => {
    assert.deepEqual(nextCell('ArrowDown', false, undefined, 10, 6, 4), { row: 0, column: 0 });
    assert.deepEqual(nextCell('ArrowRight', false, undefined, 10, 6, 4), { row: 0, column: 0 });
    assert.deepEqual(nextCell('ArrowUp', false, undefined, 10, 6, 4), { row: 9, column: 0 });
    assert.deepEqual(nextCell('End', false, undefined, 10, 6, 4), { row: 0, column: 5 });
  });

  it('continues from a selected row the filter hides, and from a column no longer shown', () => {
    const hidden = { row: { position: 2, present: false }, column: 0 };
    assert.deepEqual(nextCell('ArrowDown', false, hidden, 5, 1, 3), { row: 2, column: 0 });
    assert.deepEqual(nextCell('ArrowUp', false, hidden, 5, 1, 3), { row: 1, column: 0 });
    assert.deepEqual(nextCell('ArrowRight', false, { row: { position: 5, present: false }, column: 0 }, 5, 1, 3), { row: 4, column: 0 });
    assert.deepEqual(nextCell('ArrowDown', false, at(1, 4), 5, 1, 3), { row: 2, column: 0 });
  });

  it('has nothing to select in an empty matrix', () => {
    assert.equal(nextCell('ArrowDown', false, undefined, 0, 6, 4), undefined);
    assert.equal(nextCell('ArrowRight', false, at(0, 0), 3, 0, 4), undefined);
  });

  it('knows which keys it handles', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End']) assert.equal(isGridKey(key), true, key);
    for (const key of ['Enter', 'Tab', 'a', ' ']) assert.equal(isGridKey(key), false, key);
  });

  describe('scrollLeftToReveal', () => {
    // Cells 300 px wide after 200 px of sticky row labels, in a matrix 800 px wide.
    const view = { scrollLeft: 0, width: 800, labelWidth: 200 };
    it('leaves the scroll alone when the cell shows whole', () => {
      assert.equal(scrollLeftToReveal(view, 200, 300), 0);
      assert.equal(scrollLeftToReveal({ ...view, scrollLeft: 300 }, 800, 300), 300);
    });
    it('scrolls right just enough to show a cell past the right edge', () => {
      assert.equal(scrollLeftToReveal(view, 800, 300), 300);
    });
    it('scrolls left so a cell hidden under the row labels shows beside them', () => {
      assert.equal(scrollLeftToReveal({ ...view, scrollLeft: 600 }, 500, 300), 300);
      assert.equal(scrollLeftToReveal({ ...view, scrollLeft: 600 }, 200, 300), 0);
    });
    it('keeps the left edge in view for a cell wider than the room beside the labels', () => {
      assert.equal(scrollLeftToReveal(view, 1100, 900), 900);
    });
  });
});
