import * as assert from 'node:assert/strict';
import { detectFileFormat, detectFormat } from '../../../src/core/prompts';
import { TempFiles } from './temp-files';

describe('detectFormat', () => {
  it('goes by the extension when it says JSON or JSONL', () => {
    assert.equal(detectFormat('a.JSONL', 'plain text'), 'jsonl');
    assert.equal(detectFormat('a.ndjson', ''), 'jsonl');
    assert.equal(detectFormat('dir/a.json', 'plain text'), 'json');
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
    for (const [head, format] of cases) assert.equal(detectFormat('-', head), format, JSON.stringify(head));
  });
});

describe('detectFileFormat', () => {
  let files: TempFiles;
  before(() => (files = new TempFiles()));
  after(() => files.remove());

  it('sniffs the first non-blank line of a file without a telling extension', async () => {
    const longFirstLine = `\r\n${JSON.stringify({ prompt: 'x'.repeat(200_000) })}\n"b"\n`;
    assert.equal(await detectFileFormat(files.write('spooled-stdin', longFirstLine), '<stdin>'), 'jsonl');
    assert.equal(await detectFileFormat(files.write('notes.txt', '\n\nsay hi\n')), 'lines');
    assert.equal(await detectFileFormat(files.write('empty.txt', '')), 'lines');
    assert.equal(await detectFileFormat(files.write('x.json', 'not even read')), 'json');
  });
});
