import * as assert from 'node:assert/strict';
import { detectFileFormat, detectFormat } from '../../../../src/core/prompts/formats';
import { TempFiles } from './temp-files';

describe('detectFormat', () => {
  it('goes by the extension when it says JSON, JSONL or prose', () => {
    assert.equal(detectFormat('a.JSONL', 'plain text').format, 'jsonl');
    assert.equal(detectFormat('a.ndjson', '').format, 'jsonl');
    assert.equal(detectFormat('dir/a.json', 'plain text').format, 'json');
    assert.deepEqual(detectFormat('notes.md', 'line one\nline two'), { format: 'document', ambiguous: false });
  });

  it('reads text with --- separators as a document, one line either way, and calls several plain lines ambiguous', () => {
    assert.deepEqual(detectFormat('notes.txt', 'first\nprompt\n---\nsecond'), { format: 'document', ambiguous: false });
    assert.deepEqual(detectFormat('notes.txt', '\nonly one line\n\n'), { format: 'lines', ambiguous: false });
    assert.deepEqual(detectFormat('notes.txt', 'Write a haiku\nAnother'), { format: 'lines', ambiguous: true });
  });

  it('otherwise goes by the first non-blank line', () => {
    const cases: [string, string][] = [
      ['\uFEFF\n\n{"prompt": "a"}\n{"prompt": "b"}', 'jsonl'],
      ['"a"\n"b"', 'jsonl'],
      ['[\n  "a"\n]', 'json'],
      ['["a", "b"]', 'json'],
      ['{\n  "prompts": []\n}', 'json'],
      ['{"prompts": ["a"]}', 'json'],
      ['  [{"prompt": "a"},', 'json'],
      ['Write a haiku\nAnother', 'lines'],
      ['"Hello," she said.', 'lines'],
      ['[INST] say hi [/INST]', 'lines'],
      ['{name} is a placeholder', 'lines'],
      ['', 'lines'],
    ];
    for (const [head, format] of cases) assert.equal(detectFormat('-', head).format, format, JSON.stringify(head));
  });
});

describe('detectFileFormat', () => {
  let files: TempFiles;
  before(() => (files = new TempFiles()));
  after(() => files.remove());

  it('sniffs the first non-blank line of a file without a telling extension', async () => {
    const longFirstLine = `\r\n${JSON.stringify({ prompt: 'x'.repeat(200_000) })}\n"b"\n`;
    assert.equal((await detectFileFormat(files.write('spooled-stdin', longFirstLine), '<stdin>')).format, 'jsonl');
    assert.equal((await detectFileFormat(files.write('notes.txt', '\n\nsay hi\n'))).format, 'lines');
    assert.equal((await detectFileFormat(files.write('empty.txt', ''))).format, 'lines');
    assert.equal((await detectFileFormat(files.write('x.json', 'not even read'))).format, 'json');
    assert.deepEqual(await detectFileFormat(files.write('two.txt', 'one\ntwo\n')), { format: 'lines', ambiguous: true });
    assert.deepEqual(await detectFileFormat(files.write('doc.txt', 'one\n---\ntwo\n')), { format: 'document', ambiguous: false });
  });
});
