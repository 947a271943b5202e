import * as assert from 'node:assert/strict';
import { markdownToHtml, settledLength } from '../../../../src/webview/shared/markdown';
import { SettledBlocks } from '../../../../src/webview/chat/settled-blocks';

// Markdown that tries the cut: loose and nested lists, ordered lists continuing after a blank line,
// fences with blank lines and unclosed fences, tables (which interrupt a paragraph), setext headings,
// lazy quote lines, indented code, and \r\n line ends.
const DOCUMENTS = [
  '# Title\n\nSome *text* here.\n\n1. one\n\n2. two\n\n10. ten\n\nAfter list.\n\n```js\nconst x = 1;\n\nconst y = 2;\n```\n\n| a | b |\n|---|:-:|\n| 1 | 2 |\n\n> quote\nlazy\n\n- a\n- b\n\n  more b\n- c\n\n---\nSetext\n===\n\n    indented\n\nend',
  'para\nline two\n# heading\n- item\n* other\n+ third\n\n\n1) x\n2) y\n\ntext | with pipe\n---|---\nc|d\n\n~~~\nunclosed fence\n\nstill',
  'Here is code:\n```python\ndef f():\n    return 1\n```\nAnd more text\n\n***\n\n> a\n>\n> b\n\nfin\r\nwith crlf\r\n\r\n- x\r\n- y\r\n',
  '1. first\n\n   continued in the item\n\n2. second\n\n   ```\n   code in an item\n   ```\n\n3. third\n\nDone, with `code` and **bold** and a [link](https://example.com).\n',
];

/** Streams `doc` in pieces of `step` characters as the page does: the settled markdown of each step, then the last tail. */
function streamed(doc: string, step: number): { settledHtml: string[]; tail: string } {
  const blocks = new SettledBlocks(settledLength);
  const settledHtml: string[] = [];
  let tail = '';
  for (let end = step; end < doc.length + step; end += step) {
    const next = blocks.next(doc.slice(0, Math.min(end, doc.length)));
    if (next.settled !== '') settledHtml.push(markdownToHtml(next.settled));
    tail = next.tail;
  }
  return { settledHtml, tail };
}

describe('chat webview: settled markdown blocks', () => {
  it('renders a streamed text exactly as the whole text, however it is cut', () => {
    for (const [index, doc] of DOCUMENTS.entries()) {
      const whole = markdownToHtml(doc);
      for (const step of [1, 2, 3, 7, 13]) {
        const { settledHtml, tail } = streamed(doc, step);
        assert.equal(settledHtml.join('') + markdownToHtml(tail), whole, `document ${index}, pieces of ${step}`);
      }
    }
  });

  it('never settles a block that text still to come could change', () => {
    // Each settled piece, once rendered, must stay the start of the final rendering at every step.
    for (const [index, doc] of DOCUMENTS.entries()) {
      const whole = markdownToHtml(doc);
      const blocks = new SettledBlocks(settledLength);
      let settled = '';
      for (let end = 1; end <= doc.length; end++) {
        const next = blocks.next(doc.slice(0, end));
        if (next.settled !== '') settled += markdownToHtml(next.settled);
        assert.ok(whole.startsWith(settled), `document ${index} at ${end}: ${JSON.stringify(doc.slice(0, end).slice(-20))}`);
      }
    }
  });

  it('keeps a half-typed line from settling what is above it', () => {
    // "2" alone is a paragraph that would end the list; "2. " continues it (as a loose list).
    assert.equal(settledLength('1. one\n\n2'), 0);
    assert.equal(settledLength('1. one\n\n2. two\n\nAfter\n'), '1. one\n\n2. two\n\n'.length);
  });

  it('cuts at the start of the last block whose first line is complete', () => {
    assert.equal(settledLength(''), 0);
    assert.equal(settledLength('One paragraph, still going'), 0);
    assert.equal(settledLength('First.\n\nSecond'), 0);
    assert.equal(settledLength('First.\n\nSecond\n'), 'First.\n\n'.length);
    assert.equal(settledLength('Text\n```\nopen fence\n\nstill code'), 'Text\n'.length);
    assert.equal(settledLength('A\r\n\r\nB\r\n'), 'A\r\n\r\n'.length);
  });

  it('reports how much has settled, and leaves the rest as the tail', () => {
    const blocks = new SettledBlocks(settledLength);
    assert.deepEqual(blocks.next('# Title\n\nBody'), { settled: '', tail: '# Title\n\nBody' });
    assert.deepEqual(blocks.next('# Title\n\nBody text\n\nNext'), { settled: '# Title\n\n', tail: 'Body text\n\nNext' });
    assert.equal(blocks.length, '# Title\n\n'.length);
    assert.deepEqual(blocks.next('# Title\n\nBody text\n\nNext one\n'), { settled: 'Body text\n\n', tail: 'Next one\n' });
  });
});
