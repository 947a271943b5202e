import * as assert from 'node:assert/strict';
import { parsePromptText } from '../../../../src/core/prompts/sources';
import { PromptInputError } from '../../../../src/core/prompts/problems';
import { type PromptFormat } from '../../../../src/core/prompts/types';

function parse(text: string, format: PromptFormat, fileName = `prompts.${format === 'document' ? 'md' : format}`) {
  return parsePromptText(text, { fileName, format });
}

function errorOf(text: string, format: PromptFormat, fileName?: string): PromptInputError {
  try {
    parse(text, format, fileName);
  } catch (error) {
    assert.ok(error instanceof PromptInputError, String(error));
    return error;
  }
  assert.fail('expected a PromptInputError');
}

describe('parsePromptText', () => {
  describe('lines', () => {
    it('makes each non-blank line one prompt, keeping leading spaces, with exact line numbers', () => {
      const { items } = parse('\uFEFFfirst\r\n\r\n   \n  indented  \r\nlast', 'lines');
      assert.deepEqual(items, [
        { entry: 'first', origin: { line: 1, endLine: 1 } },
        { entry: '  indented  ', origin: { line: 4, endLine: 4 } },
        { entry: 'last', origin: { line: 5, endLine: 5 } },
      ]);
    });
  });

  describe('jsonl', () => {
    it('takes one entry per line and skips blank lines', () => {
      const text = '"a"\n\n{"prompt": "b"}\r\n{"messages": [{"role": "user", "content": "c"}]}\n';
      assert.deepEqual(parse(text, 'jsonl').items, [
        { entry: 'a', origin: { line: 1, endLine: 1 } },
        { entry: { prompt: 'b' }, origin: { line: 3, endLine: 3 } },
        { entry: { messages: [{ role: 'user', content: 'c' }] }, origin: { line: 4, endLine: 4 } },
      ]);
    });

    it('names the file and line of an invalid entry', () => {
      const lines = Array.from({ length: 20 }, (_, index) => JSON.stringify(`prompt ${index + 1}`));
      lines[13] = '{"prompt": "a", "messages": []}';
      const error = errorOf(lines.join('\n'), 'jsonl', 'prompts.jsonl');
      assert.equal(error.file, 'prompts.jsonl');
      assert.equal(error.line, 14);
      assert.equal(error.column, undefined);
      assert.ok(error.message.startsWith('prompts.jsonl:14: expected exactly one of "prompt" or "messages"'), error.message);
    });

    it('gives the column of a syntax error in a line', () => {
      const error = errorOf('"ok"\n{"prompt": "a",}', 'jsonl', 'p.jsonl');
      assert.equal(error.message, "p.jsonl:2:16: invalid JSON: expected a property name in double quotes; got '}' (JSON allows no trailing comma)");
    });

    it('warns about per-entry keys the server ignores', () => {
      const { items, warnings } = parse('{"prompt": "a", "model": "x"}', 'jsonl');
      assert.deepEqual(items[0].entry, { prompt: 'a' });
      assert.match(warnings[0].message, /^prompts\.jsonl:1: the server ignores "model"/);
    });
  });

  describe('json', () => {
    it('gives each element of an array the lines it spans', () => {
      const text = [
        '[',
        '  "one",',
        '  {',
        '    "messages": [',
        '      {"role": "user", "content": "two"}',
        '    ]',
        '  }, {"prompt": "three"}',
        ']',
      ].join('\r\n');
      assert.deepEqual(parse(text, 'json').items, [
        { entry: 'one', origin: { line: 2, endLine: 2 } },
        { entry: { messages: [{ role: 'user', content: 'two' }] }, origin: { line: 3, endLine: 7 } },
        { entry: { prompt: 'three' }, origin: { line: 7, endLine: 7 } },
      ]);
    });

    it('reads the batch settings of a GenerateRequest-shaped object', () => {
      const text = '\uFEFF{\n  "model": "m", "max_tokens": 64, "temperature": 0,\n  "prompts": ["a",\n    "b"]\n}';
      const { items, defaults, warnings } = parse(text, 'json');
      assert.deepEqual(defaults, { model: 'm', max_tokens: 64, temperature: 0 });
      assert.deepEqual(items.map((item) => item.origin.line), [3, 4]);
      assert.deepEqual(warnings, []);
    });

    it('accepts null where the server reads null as absent', () => {
      const { defaults } = parse('{"prompts": [], "model": null, "temperature": 0.7, "tool_choice": "auto"}', 'json');
      assert.deepEqual(defaults, { temperature: 0.7, tool_choice: 'auto' });
    });

    it('names an unknown top-level key, where it is, and the allowed ones', () => {
      const error = errorOf('{\n  "prompts": ["a"],\n  "max_token": 5\n}', 'json');
      assert.equal(error.message, 'prompts.json:3:3: unknown key "max_token"; allowed keys: prompts, model, max_tokens, temperature, tools, tool_choice');
    });

    it('refuses settings of the wrong type, at their value', () => {
      assert.match(errorOf('{"prompts": [], "max_tokens": "100"}', 'json').message, /^prompts\.json:1:31: "max_tokens" must be a positive integer .*; got a string$/);
      assert.match(errorOf('{"prompts": [], "max_tokens": null}', 'json').message, /"max_tokens" must be a positive integer \(leave the key out/);
      assert.match(errorOf('{"prompts": [], "temperature": -1}', 'json').message, /"temperature" must be a number, 0 or more; got a number \(-1\)/);
      assert.match(errorOf('{"prompts": [], "tools": {}}', 'json').message, /"tools" must be an array/);
    });

    it('requires prompts to be an array', () => {
      assert.match(errorOf('{"model": "m"}', 'json').message, /^prompts\.json:1:1: missing "prompts"; expected a JSON array of prompts, or an object/);
      assert.match(errorOf('{"prompts": "a"}', 'json').message, /^prompts\.json:1:13: "prompts" must be an array of prompts; got a string$/);
      assert.match(errorOf('"a"', 'json').message, /^prompts\.json:1:1: expected a JSON array of prompts, or an object .*; got a string$/);
    });

    it('points at the exact part of an invalid entry', () => {
      const text = '{"prompts": [\n  "a",\n  {"messages": [\n    {"role": "user", "content": "x"},\n    {"content": "y"}\n  ]}\n]}';
      const error = errorOf(text, 'json');
      assert.equal(error.line, 5);
      assert.equal(error.column, 5);
      assert.equal(error.detail, 'prompts[1]: messages[1]: missing "role"; expected a string such as "user", "assistant" or "system"');
    });

    it('maps a syntax error to its line and column', () => {
      const error = errorOf('[\n  "a",\n  "b"\n  "c"\n]', 'json');
      assert.equal(error.message, "prompts.json:4:3: invalid JSON: expected ',' or ']' after an array element; got '\"'");
    });
  });

  describe('document', () => {
    it('is one prompt without the blank lines around it, with line endings as \\n', () => {
      assert.deepEqual(parse('\r\n\r\nWrite a poem.\r\n\r\nAbout rain.\r\n\r\n', 'document').items, [
        { entry: 'Write a poem.\n\nAbout rain.', origin: { line: 3, endLine: 5 } },
      ]);
    });

    it('splits on lines that are exactly ---, skipping empty pieces', () => {
      const text = ['first', '---', '', ' second', '--- ', '---', 'x --- y', '----', '---\t', ''].join('\n');
      assert.deepEqual(parse(text, 'document').items, [
        { entry: 'first', origin: { line: 1, endLine: 1 } },
        { entry: ' second', origin: { line: 4, endLine: 4 } },
        { entry: 'x --- y\n----', origin: { line: 7, endLine: 8 } },
      ]);
    });
  });
});
