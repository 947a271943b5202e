import * as assert from 'node:assert/strict';
import { filterItems, isItemStatus } from '../../../../src/webview/results/item-filter';
import { positionOf } from '../../../../src/webview/shared/list-navigation';
import { ItemStore } from '../../../../src/webview/results/item-store';
import { sent } from './fixtures';

describe('results webview: filter and search', () => {
  const store = new ItemStore();
  store.replaceAll([
    sent(0, { prompt: 'Translate HELLO', response: 'Bonjour' }),
    sent(1, { status: 'error', response: null, error: 'CUDA out of memory' }),
    sent(2, { status: 'pending', response: null, prompt: 'Say hello twice' }),
    sent(3, { status: 'ok', response: 'A cat sat.' }),
    sent(4, { status: 'error', response: null, error: 'Timeout after hello' }),
  ]);

  it('shows every item with no state and no search', () => {
    assert.deepEqual(filterItems(store, { search: '' }), [0, 1, 2, 3, 4]);
  });

  it('keeps one state', () => {
    assert.deepEqual(filterItems(store, { status: 'error', search: '' }), [1, 4]);
    assert.deepEqual(filterItems(store, { status: 'unknown', search: '' }), []);
  });

  it('searches prompt, response and error text, ignoring case and surrounding spaces', () => {
    assert.deepEqual(filterItems(store, { search: '  hello ' }), [0, 2, 4]);
    assert.deepEqual(filterItems(store, { search: 'bonjour' }), [0]);
    assert.deepEqual(filterItems(store, { search: 'cuda OUT' }), [1]);
  });

  it('combines a state with a search', () => {
    assert.deepEqual(filterItems(store, { status: 'error', search: 'hello' }), [4]);
  });

  it('does not search the request id or the state name', () => {
    assert.deepEqual(filterItems(store, { search: '000000_' }), []);
    assert.deepEqual(filterItems(store, { search: 'pending' }), []);
  });

  it('searches 10,000 items with 300-character responses quickly', () => {
    const large = new ItemStore();
    const filler = 'lorem ipsum dolor sit amet '.repeat(12);
    large.replaceAll(Array.from({ length: 10_000 }, (_, i) => sent(i, { response: `${filler} answer ${i}` })));
    filterItems(large, { search: 'warm-up' });
    const started = performance.now();
    const found = filterItems(large, { search: 'ANSWER 9999' });
    const elapsed = performance.now() - started;
    assert.deepEqual(found, [9999]);
    // Generous on purpose (a loaded CI machine); the preview measures the real figure in Chromium.
    assert.ok(elapsed < 100, `search took ${elapsed.toFixed(1)} ms`);
  });

  describe('positionOf', () => {
    const shown = [2, 5, 9];
    it('finds a shown item', () => {
      assert.deepEqual(positionOf(shown, 5), { position: 1, present: true });
    });
    it('places a hidden item before the next larger one', () => {
      assert.deepEqual(positionOf(shown, 6), { position: 2, present: false });
      assert.deepEqual(positionOf(shown, 0), { position: 0, present: false });
      assert.deepEqual(positionOf(shown, 10), { position: 3, present: false });
      assert.deepEqual(positionOf([], 3), { position: 0, present: false });
    });
  });

  it('knows the item states', () => {
    assert.equal(isItemStatus('queued'), true);
    assert.equal(isItemStatus('done'), false);
    assert.equal(isItemStatus(undefined), false);
  });
});
