import * as assert from 'node:assert/strict';
import { PromptInputError } from '../../../../src/core/prompts/problems';
import { readPromptFile, validatePromptFile, type PromptFileOptions } from '../../../../src/core/prompts/sources';
import { type PromptItem } from '../../../../src/core/prompts/types';
import { TempFiles } from './temp-files';

async function readAll(path: string, options: PromptFileOptions): Promise<PromptItem[]> {
  const items: PromptItem[] = [];
  for await (const item of readPromptFile(path, options)) items.push(item);
  return items;
}

async function readError(path: string, options: PromptFileOptions): Promise<PromptInputError> {
  try {
    await readAll(path, options);
  } catch (error) {
    assert.ok(error instanceof PromptInputError, String(error));
    return error;
  }
  assert.fail('expected a PromptInputError');
}

describe('prompt files', () => {
  let files: TempFiles;
  before(() => (files = new TempFiles()));
  after(() => files.remove());

  const jsonl = '\uFEFF{"prompt": "é€"}\r\n\r\n"𝄞 clef"\r\n{"messages": [{"role": "user", "content": "ü"}]}';
  const jsonlItems: PromptItem[] = [
    { entry: { prompt: 'é€' }, origin: { line: 1, endLine: 1 } },
    { entry: '𝄞 clef', origin: { line: 3, endLine: 3 } },
    { entry: { messages: [{ role: 'user', content: 'ü' }] }, origin: { line: 4, endLine: 4 } },
  ];

  describe('readPromptFile', () => {
    it('streams JSONL with exact lines, whatever the chunk size', async () => {
      const path = files.write('prompts.jsonl', jsonl);
      for (const chunkSize of [1, 2, 3, 5, 7, 64 * 1024]) {
        assert.deepEqual(await readAll(path, { format: 'jsonl', chunkSize }), jsonlItems, `chunk size ${chunkSize}`);
      }
    });

    it('streams text one prompt per line', async () => {
      const path = files.write('prompts.txt', 'one\r\n\r\n  two\nthree');
      assert.deepEqual(await readAll(path, { format: 'lines', chunkSize: 4 }), [
        { entry: 'one', origin: { line: 1, endLine: 1 } },
        { entry: '  two', origin: { line: 3, endLine: 3 } },
        { entry: 'three', origin: { line: 4, endLine: 4 } },
      ]);
    });

    it('reads JSON and text documents whole', async () => {
      const json = files.write('batch.json', '\uFEFF{"prompts": [\r\n"a",\r\n"b"]}');
      assert.deepEqual(await readAll(json, { format: 'json', chunkSize: 3 }), [
        { entry: 'a', origin: { line: 2, endLine: 2 } },
        { entry: 'b', origin: { line: 3, endLine: 3 } },
      ]);
      const document = files.write('prompts.md', 'one\r\n---\r\ntwo\r\n');
      assert.deepEqual(await readAll(document, { format: 'document' }), [
        { entry: 'one', origin: { line: 1, endLine: 1 } },
        { entry: 'two', origin: { line: 3, endLine: 3 } },
      ]);
    });

    it('stops at the first bad line, named with the display name', async () => {
      const lines = Array.from({ length: 20 }, (_, index) => `{"prompt": "p${index + 1}"}`);
      lines[13] = '{"prompt": null}';
      const path = files.write('bad.jsonl', lines.join('\n'));
      const error = await readError(path, { format: 'jsonl', displayName: 'prompts.jsonl', chunkSize: 16 });
      assert.ok(error.message.startsWith('prompts.jsonl:14: '), error.message);
      assert.equal(error.detail, '"prompt" must be a non-empty string; got null');
    });

    it('reports invalid UTF-8 with its line', async () => {
      const path = files.write('latin1.txt', Buffer.concat([Buffer.from('fine\n'), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from('\n')]));
      const error = await readError(path, { format: 'lines', displayName: 'latin1.txt' });
      assert.equal(error.message, 'latin1.txt:2: the line is not valid UTF-8; save the file as UTF-8');
    });
  });

  describe('validatePromptFile', () => {
    it('counts the prompts of a valid file', async () => {
      const path = files.write('valid.jsonl', jsonl);
      const check = await validatePromptFile(path, { format: 'jsonl', chunkSize: 3 });
      assert.deepEqual(check, { count: 3, defaults: {}, errors: [], errorCount: 0, warnings: [], warningCount: 0, longest: { chars: 7, line: 3 } });
    });

    it('collects every error up to the limit, and counts them all', async () => {
      const lines = ['"ok"', '42', '{"prompt": "a",', '', '{"messages": [{"role": "user"}]}', '"ok"', '[]', '{}'];
      const path = files.write('several.jsonl', lines.join('\n'));
      const check = await validatePromptFile(path, { format: 'jsonl', displayName: 'several.jsonl', maxErrors: 3 });
      assert.equal(check.count, 2);
      assert.equal(check.errorCount, 5);
      assert.deepEqual(
        check.errors.map((error) => error.message),
        [
          'several.jsonl:2: expected a prompt: a string, {"prompt": "..."} or {"messages": [...]}; got a number (42)',
          'several.jsonl:3:16: invalid JSON: expected a property name in double quotes; got the end of the input',
          'several.jsonl:5: messages[0]: missing "content"; expected a string, an array of content parts, or null',
        ],
      );
    });

    it('collects the errors and warnings of a JSON document, with defaults', async () => {
      const text = '{\n  "max_tokens": 0,\n  "model": "m",\n  "prompts": [\n    {"prompt": "a", "model": "x"},\n    5\n  ]\n}';
      const path = files.write('batch.json', text);
      const check = await validatePromptFile(path, { format: 'json', displayName: 'batch.json' });
      assert.equal(check.count, 1);
      assert.deepEqual(check.defaults, { model: 'm' });
      assert.deepEqual(
        check.errors.map((error) => error.message),
        [
          'batch.json:2:17: "max_tokens" must be a positive integer (leave the key out for the server default of 16); got a number (0)',
          'batch.json:6:5: prompts[1]: expected a prompt: a string, {"prompt": "..."} or {"messages": [...]}; got a number (5)',
        ],
      );
      assert.deepEqual(
        check.warnings.map((warning) => warning.message),
        ['batch.json:5:5: prompts[0]: the server ignores "model" inside a prompt entry; only the batch-level model, max_tokens, ... apply'],
      );
    });

    it('ends the pass at invalid UTF-8, as an error', async () => {
      const path = files.write('binary.jsonl', Buffer.from([0x22, 0x61, 0x22, 0x0a, 0xff, 0xfe, 0x0a, 0x22, 0x62, 0x22]));
      const check = await validatePromptFile(path, { format: 'jsonl', displayName: 'binary.jsonl' });
      assert.equal(check.count, 1);
      assert.deepEqual(check.errors.map((error) => error.message), ['binary.jsonl:2: the line is not valid UTF-8; save the file as UTF-8']);
    });

    it('lets a missing file fail as the file system says', async () => {
      await assert.rejects(validatePromptFile(files.write('x', '') + '-missing', { format: 'lines' }), { code: 'ENOENT' });
    });
  });
});
