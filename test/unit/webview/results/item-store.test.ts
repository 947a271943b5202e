import * as assert from 'node:assert/strict';
import { ItemStore } from '../../../../src/webview/results/item-store';
import { sent } from './fixtures';

describe('results webview: item store', () => {
  it('holds the items of an init in index order, whatever order they came in', () => {
    const store = new ItemStore();
    store.replaceAll([sent(2), sent(0), sent(1)]);
    assert.equal(store.size, 3);
    assert.deepEqual(store.select(() => true), [0, 1, 2]);
    assert.equal(store.get(1)?.prompt, 'Prompt 1');
    assert.equal(store.get(7), undefined);
  });

  it('replaces everything on a second init', () => {
    const store = new ItemStore();
    store.replaceAll([sent(0), sent(1)]);
    store.replaceAll([sent(5)]);
    assert.deepEqual(store.select(() => true), [5]);
    assert.equal(store.get(0), undefined);
  });

  it('updates items in place by index, each as a new object', () => {
    const store = new ItemStore();
    store.replaceAll([sent(0), sent(1, { status: 'queued', response: null }), sent(2)]);
    const before = store.get(1);
    store.upsert([sent(1, { status: 'error', response: null, error: 'boom' })]);
    assert.notEqual(store.get(1), before);
    assert.equal(store.get(1)?.status, 'error');
    assert.deepEqual(store.select(() => true), [0, 1, 2]);
  });

  it('adds items it did not have, keeping index order', () => {
    const store = new ItemStore();
    store.replaceAll([sent(0), sent(4)]);
    store.upsert([sent(2), sent(6)]);
    assert.deepEqual(store.select(() => true), [0, 2, 4, 6]);
    assert.equal(store.get(2)?.prompt, 'Prompt 2');
    assert.equal(store.size, 4);
  });

  it('searches the new text of an updated item, not the text it had', () => {
    const store = new ItemStore();
    store.replaceAll([sent(0, { response: 'Before' })]);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('before')), [0]);
    store.upsert([sent(0, { response: 'After' })]);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('before')), []);
    assert.deepEqual(store.select((entry) => entry.searchText.includes('after')), [0]);
  });

  it('keeps what never changes from the item it had when an update leaves it out, and takes the state as sent', () => {
    const store = new ItemStore();
    store.replaceAll([sent(0, { status: 'pending', response: null, prompt: 'Say hi', origin: { line: 3, endLine: 4 }, number: 9, group: 2 })]);
    store.upsert([{ index: 0, status: 'ok', response: 'Hi' }]);
    assert.deepEqual(store.get(0), { index: 0, number: 9, group: 2, status: 'ok', prompt: 'Say hi', response: 'Hi', error: null, origin: { line: 3, endLine: 4 } });
    // A resubmitted group's items lose the answer they had: an update without a response means none.
    store.upsert([{ index: 0, status: 'pending' }]);
    assert.equal(store.get(0)?.response, null);
    assert.equal(store.get(0)?.prompt, 'Say hi');
  });

  it('numbers an item it hears of without a number by its index, as people count', () => {
    const store = new ItemStore();
    store.replaceAll([{ index: 4, status: 'queued', group: 1, prompt: 'Fifth' }]);
    assert.equal(store.get(4)?.number, 5);
  });
});
