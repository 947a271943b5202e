import * as assert from 'node:assert/strict';
import { DisposableStore } from '../../../src/host/dispose';

describe('DisposableStore', () => {
  it('disposes everything it owns once, last added first', () => {
    const disposed: string[] = [];
    const store = new DisposableStore();
    store.add({ dispose: () => disposed.push('listener') });
    store.add({ dispose: () => disposed.push('subscription') });
    store.dispose();
    store.dispose();
    assert.deepEqual(disposed, ['subscription', 'listener']);
  });

  it('disposes at once what is added after it was disposed', () => {
    const store = new DisposableStore();
    store.dispose();
    let disposed = false;
    store.add({ dispose: () => (disposed = true) });
    assert.equal(disposed, true);
  });
});
