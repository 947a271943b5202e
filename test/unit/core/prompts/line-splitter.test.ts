import * as assert from 'node:assert/strict';
import { LineSplitter } from '../../../../src/core/prompts/text';

/** Feeds `bytes` to a splitter cut at the given offsets, and returns every line and the failure if any. */
function splitWithFailure(bytes: Buffer, cuts: number[]): { lines: string[]; failure?: string } {
  const splitter = new LineSplitter('input.txt');
  const lines: string[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    lines.push(...splitter.push(bytes.subarray(start, cut)));
    start = cut;
  }
  lines.push(...splitter.end());
  return { lines, failure: splitter.failure?.message };
}

function splitAt(bytes: Buffer, cuts: number[]): string[] {
  const { lines, failure } = splitWithFailure(bytes, cuts);
  assert.equal(failure, undefined);
  return lines;
}

describe('LineSplitter', () => {
  const text = '\uFEFFhé€\r\n\n𝄞 clef\r\nlast';
  const expected = ['hé€', '', '𝄞 clef', 'last'];
  const bytes = Buffer.from(text, 'utf8');

  it('splits whole input into lines without line endings or BOM', () => {
    assert.deepEqual(splitAt(bytes, []), expected);
  });

  it('gives the same lines wherever the chunks end: inside the BOM, a character, or a CRLF', () => {
    for (let cut = 0; cut <= bytes.length; cut++) {
      assert.deepEqual(splitAt(bytes, [cut]), expected, `cut at byte ${cut}`);
    }
  });

  it('gives the same lines from one-byte chunks', () => {
    assert.deepEqual(splitAt(bytes, Array.from({ length: bytes.length }, (_, index) => index)), expected);
  });

  it('counts a final newline as the end of the last line, not a new one', () => {
    assert.deepEqual(splitAt(Buffer.from('a\nb\n'), [2]), ['a', 'b']);
  });

  it('keeps a BOM that is not at the start of the input', () => {
    assert.deepEqual(splitAt(Buffer.from('a\n\uFEFFb'), [1]), ['a', '\uFEFFb']);
  });

  it('reports invalid UTF-8 on its line, after the lines before it and none after', () => {
    const invalid = Buffer.concat([Buffer.from('ok\nfine\nbad '), Buffer.from([0xc3, 0x28]), Buffer.from('\nafter\nmore')]);
    for (const cuts of [[], [11], [14, 17]]) {
      assert.deepEqual(splitWithFailure(invalid, cuts), {
        lines: ['ok', 'fine'],
        failure: 'input.txt:3: the line is not valid UTF-8; save the file as UTF-8',
      });
    }
  });

  it('reports a character cut off by the end of the input', () => {
    assert.deepEqual(splitWithFailure(Buffer.from('a\n€').subarray(0, 4), []).failure, 'input.txt:2: the line is not valid UTF-8; save the file as UTF-8');
  });

  it('tells the number of the next line', () => {
    const splitter = new LineSplitter('x');
    splitter.push(Buffer.from('a\nb\nc'));
    assert.equal(splitter.nextLineNumber, 3);
  });
});
