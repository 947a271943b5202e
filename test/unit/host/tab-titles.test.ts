// Tab titles: two open panels never read the same.

import * as assert from 'node:assert/strict';
import { distinctTitle, TabTitles } from '../../../src/host/tab-titles';

describe('tab titles', () => {
  it('keeps a title no other tab has, else numbers it with the lowest free number', () => {
    assert.equal(distinctTitle('Results: a.jsonl', new Set()), 'Results: a.jsonl');
    assert.equal(distinctTitle('Results: a.jsonl', new Set(['Results: a.jsonl'])), 'Results: a.jsonl (2)');
    assert.equal(distinctTitle('Results: a.jsonl', new Set(['Results: a.jsonl', 'Results: a.jsonl (2)'])), 'Results: a.jsonl (3)');
    assert.equal(distinctTitle('Results: a.jsonl', new Set(['Results: a.jsonl', 'Results: a.jsonl (3)'])), 'Results: a.jsonl (2)');
  });

  it('gives each open panel its own title, keeps it while its base is unchanged, and frees it on release', () => {
    const titles = new TabTitles();
    const [first, second, third] = [{}, {}, {}];
    assert.equal(titles.claim(first, 'Chat: New chat'), 'Chat: New chat');
    assert.equal(titles.claim(second, 'Chat: New chat'), 'Chat: New chat (2)');
    assert.equal(titles.claim(second, 'Chat: New chat'), 'Chat: New chat (2)', 'the same again: unchanged');
    assert.equal(titles.claim(first, 'Chat: Paris'), 'Chat: Paris', 'renamed');
    titles.release(second);
    assert.equal(titles.claim(third, 'Chat: New chat'), 'Chat: New chat');
    assert.equal(titles.claim(second, 'Chat: Paris'), 'Chat: Paris (2)');
  });
});
