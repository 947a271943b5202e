import * as assert from 'node:assert/strict';
import { OVERSCAN_ROWS, rowsPerPage, scrollTopToReveal, visibleRange } from '../../../../src/webview/shared/virtual-window';

// The matrix's windowing, as the page runs it: rows of one fixed height in a scroller whose sticky header
// row takes the top of the view, so the rows show in the height below it.
describe('experiments webview: matrix windowing', () => {
  const ROWS = 1000;
  const COLUMNS = 6;
  const rowHeight = 85;
  const scrollerHeight = 600;
  const headerHeight = 64;
  const viewport = (scrollTop: number) => ({ scrollTop, height: scrollerHeight - headerHeight, rowHeight });

  it('keeps only the rows in view and the overscan in the DOM for 1,000 rows × 6 columns, wherever it is scrolled', () => {
    const inView = Math.ceil((scrollerHeight - headerHeight) / rowHeight) + 1;
    const bound = inView + 2 * OVERSCAN_ROWS;
    for (const scrollTop of [0, 1, 42_500, 84_999, ROWS * rowHeight - (scrollerHeight - headerHeight)]) {
      const { start, end } = visibleRange(viewport(scrollTop), ROWS);
      assert.ok(end - start <= bound, `${end - start} rows at ${scrollTop}`);
      assert.ok((end - start) * COLUMNS <= bound * COLUMNS, `${(end - start) * COLUMNS} cells at ${scrollTop}`);
      // Every row that shows (even in part) is drawn.
      const firstShown = Math.floor(scrollTop / rowHeight);
      const lastShown = Math.min(ROWS - 1, Math.floor((scrollTop + scrollerHeight - headerHeight - 1) / rowHeight));
      assert.ok(start <= firstShown && end > lastShown, `rows ${firstShown}-${lastShown} inside [${start}, ${end}) at ${scrollTop}`);
    }
    // Scrolled past the end (the filter just left fewer rows): the overscan above the end, nothing beyond.
    assert.deepEqual(visibleRange(viewport(ROWS * rowHeight), ROWS), { start: ROWS - OVERSCAN_ROWS, end: ROWS });
  });

  it('reveals a row below the sticky header, not under it', () => {
    // Row 10 spans 850-935 in the rows' own coordinates; with the header, 536 px of rows show.
    assert.equal(scrollTopToReveal(viewport(0), 10), 935 - 536);
    assert.equal(scrollTopToReveal(viewport(2000), 10), 850);
    assert.equal(scrollTopToReveal(viewport(500), 10), 500);
  });

  it('pages by the rows that fit below the header, less one', () => {
    assert.equal(rowsPerPage(viewport(0)), Math.floor(536 / 85) - 1);
  });
});
