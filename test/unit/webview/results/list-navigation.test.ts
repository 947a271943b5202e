import * as assert from 'node:assert/strict';
import { isNavigationKey, nextPosition } from '../../../../src/webview/shared/list-navigation';

describe('results webview: list keyboard navigation', () => {
  const at = (position: number) => ({ position, present: true });

  it('moves by one, by a page, and to either end, within the list', () => {
    assert.equal(nextPosition('ArrowDown', at(3), 10, 4), 4);
    assert.equal(nextPosition('ArrowUp', at(3), 10, 4), 2);
    assert.equal(nextPosition('PageDown', at(3), 10, 4), 7);
    assert.equal(nextPosition('PageDown', at(8), 10, 4), 9);
    assert.equal(nextPosition('PageUp', at(2), 10, 4), 0);
    assert.equal(nextPosition('Home', at(5), 10, 4), 0);
    assert.equal(nextPosition('End', at(5), 10, 4), 9);
    assert.equal(nextPosition('ArrowUp', at(0), 10, 4), 0);
    assert.equal(nextPosition('ArrowDown', at(9), 10, 4), 9);
  });

  it('starts at an end when nothing is selected', () => {
    assert.equal(nextPosition('ArrowDown', undefined, 10, 4), 0);
    assert.equal(nextPosition('PageDown', undefined, 10, 4), 0);
    assert.equal(nextPosition('ArrowUp', undefined, 10, 4), 9);
  });

  it('continues from a selected item the filter hides: next shown below, previous shown above', () => {
    // The hidden item sits between positions 1 and 2.
    const hidden = { position: 2, present: false };
    assert.equal(nextPosition('ArrowDown', hidden, 5, 3), 2);
    assert.equal(nextPosition('ArrowUp', hidden, 5, 3), 1);
    assert.equal(nextPosition('ArrowUp', { position: 0, present: false }, 5, 3), 0);
    assert.equal(nextPosition('ArrowDown', { position: 5, present: false }, 5, 3), 4);
  });

  it('has nothing to select in an empty list', () => {
    assert.equal(nextPosition('ArrowDown', undefined, 0, 4), undefined);
    assert.equal(nextPosition('End', at(0), 0, 4), undefined);
  });

  it('knows which keys it handles', () => {
    assert.equal(isNavigationKey('PageDown'), true);
    assert.equal(isNavigationKey('Enter'), false);
    assert.equal(isNavigationKey('a'), false);
  });
});
