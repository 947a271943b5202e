import * as assert from 'node:assert/strict';
import { ItemStore } from '../../../../src/webview/results/item-store';
import { item } from './fixtures';

describe('results webview: item store', () => {
  it('holds the items of an init in index order, whatever order they came in', () => {
    const store = new ItemStore();
    store.replaceAll([item(2), item(0), item(1)]);
    assert.equal(store.size, 3);
    assert.deepEqual(store.select(() => true), [0, 1, 2]);
    assert.equal(store.get(1)?.prompt, 'Prompt 1');
    assert.equal(store.get(7), undefined);
  });

  it('replaces everything on a second init', () => {
    const store = new ItemStore();
    store.replaceAll([item(0), item(1)]);
    store.replaceAll([item(5)]);
    assert.deepEqual(store.select(() => true), [5]);
    assert.equal(store.get(0), undefined);
  });

  it('updates items in place by index, each as a new object', () => {
    const store = new ItemStore();
    store.replaceAll([item(0), item(1, { status: 'queued', response: null }), item(2)]);
    const before = store.get(1);
    store.upsert([item(1, { status: 'error', response: null, error: 'boom' })]);
    assert.notEqual(store.get(1), before);
    assert.equal(store.get(1)?.status, 'error');
    assert.deepEqual(store.select(() => true), [0, 1, 2]);
  });

  it('adds items it did not have, keeping index order', () => {
    const store = new ItemStore();
    store.replaceAll([item(0), item(4)]);
    store.upsert([item(2), item(6)]);
    assert.deepEqual(store.select(() => true), [0, 2, 4, 6]);
    assert.equal(store.get(2)?.prompt, 'Prompt 2');
    assert.equal(store.size, 4);
  });

  it('searches the new text of an updated item, not the text it had', () => {
    const store = new ItemStore();
    store.replaceAll([item(0, { response: 'Before' })]);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('before')), [0]);
    store.upsert([item(0, { response: 'After' })]);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('before')), []);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('after')), [0]);
  });
});
