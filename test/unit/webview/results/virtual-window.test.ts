import * as assert from 'node:assert/strict';
import { rowsPerPage, scrollTopToReveal, visibleRange } from '../../../../src/webview/shared/virtual-window';

describe('results webview: virtual window', () => {
  const viewport = { scrollTop: 0, height: 400, rowHeight: 40 };

  describe('visibleRange', () => {
    it('covers the rows in view plus the overscan, clipped to the list', () => {
      assert.deepEqual(visibleRange(viewport, 10_000, 5), { start: 0, end: 15 });
      assert.deepEqual(visibleRange({ ...viewport, scrollTop: 4000 }, 10_000, 5), { start: 95, end: 115 });
      assert.deepEqual(visibleRange({ ...viewport, scrollTop: 399_600 }, 10_000, 5), { start: 9985, end: 10_000 });
    });

    it('counts a partly shown row at either edge', () => {
      assert.deepEqual(visibleRange({ ...viewport, scrollTop: 20 }, 100, 0), { start: 0, end: 11 });
    });

    it('renders nothing for an empty list or before rows can be measured', () => {
      assert.deepEqual(visibleRange(viewport, 0), { start: 0, end: 0 });
      assert.deepEqual(visibleRange({ ...viewport, rowHeight: 0 }, 10), { start: 0, end: 0 });
    });

    it('stays in bounds when the list shrank below the scroll position', () => {
      assert.deepEqual(visibleRange({ ...viewport, scrollTop: 100_000 }, 3, 2), { start: 3, end: 3 });
    });

    it('keeps the DOM small for 10,000 rows wherever the list is scrolled', () => {
      for (const scrollTop of [0, 123_456, 399_600]) {
        const { start, end } = visibleRange({ ...viewport, scrollTop }, 10_000);
        assert.ok(end - start <= 400 / 40 + 1 + 2 * 8, `${end - start} rows at ${scrollTop}`);
      }
    });
  });

  describe('scrollTopToReveal', () => {
    const scrolled = { ...viewport, scrollTop: 400 };
    it('leaves the scroll alone when the row shows whole', () => {
      assert.equal(scrollTopToReveal(scrolled, 12), 400);
    });
    it('scrolls up to put a row above at the top', () => {
      assert.equal(scrollTopToReveal(scrolled, 3), 120);
    });
    it('scrolls down just enough to put a row below at the bottom', () => {
      assert.equal(scrollTopToReveal(scrolled, 25), 640);
      // Partly shown at the bottom edge counts as hidden.
      assert.equal(scrollTopToReveal({ ...scrolled, scrollTop: 410 }, 20), 440);
    });
  });

  it('moves a page by a screenful less one row', () => {
    assert.equal(rowsPerPage(viewport), 9);
    assert.equal(rowsPerPage({ ...viewport, height: 30 }), 1);
    assert.equal(rowsPerPage({ ...viewport, rowHeight: 0 }), 1);
  });
});
