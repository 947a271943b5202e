import * as assert from 'node:assert/strict';
import { parseSelectionText } from '../../../../src/core/prompts/sources';

describe('parseSelectionText', () => {
  it('makes plain text one prompt, exactly as selected but with \\n line endings, in document lines', () => {
    assert.deepEqual(parseSelectionText('  Summarise:\r\n\r\nthe text\r\n', 'notes.md', 10), [
      { entry: '  Summarise:\n\nthe text\n', origin: { line: 10, endLine: 12 } },
    ]);
  });

  it('gives nothing for a blank selection', () => {
    assert.deepEqual(parseSelectionText(' \n\t\n', 'notes.md', 1), []);
  });

  it('makes each entry of a JSON array one prompt', () => {
    const text = '[\n  "a",\n  {"prompt": "b"},\n  {"messages": [\n    {"role": "user", "content": "c"}\n  ]}\n]';
    assert.deepEqual(parseSelectionText(text, 'data.ts', 5), [
      { entry: 'a', origin: { line: 6, endLine: 6 } },
      { entry: { prompt: 'b' }, origin: { line: 7, endLine: 7 } },
      { entry: { messages: [{ role: 'user', content: 'c' }] }, origin: { line: 8, endLine: 10 } },
    ]);
  });

  it('makes each line of JSONL one prompt', () => {
    assert.deepEqual(parseSelectionText('{"prompt": "a"}\n\n"b"', 'x.jsonl', 3), [
      { entry: { prompt: 'a' }, origin: { line: 3, endLine: 3 } },
      { entry: 'b', origin: { line: 5, endLine: 5 } },
    ]);
  });

  it('takes one entry object spread over several lines as that entry', () => {
    const text = '\n{\n  "messages": [{"role": "user", "content": "hi"}]\n}\n';
    assert.deepEqual(parseSelectionText(text, 'chat.json', 1), [
      { entry: { messages: [{ role: 'user', content: 'hi' }] }, origin: { line: 2, endLine: 4 } },
    ]);
  });

  it('sends JSON-looking text as text when any entry is invalid', () => {
    const invalidArrayEntry = '["a", {"prompt": 3}]';
    assert.deepEqual(parseSelectionText(invalidArrayEntry, 'x.ts', 1), [{ entry: invalidArrayEntry, origin: { line: 1, endLine: 1 } }]);
    const invalidJsonlLine = '{"prompt": "a"}\n{"prompt": "b", "messages": []}';
    assert.deepEqual(parseSelectionText(invalidJsonlLine, 'x.jsonl', 7), [{ entry: invalidJsonlLine, origin: { line: 7, endLine: 8 } }]);
    const notJson = '[INST] hello [/INST]';
    assert.deepEqual(parseSelectionText(notJson, 'x.txt', 1), [{ entry: notJson, origin: { line: 1, endLine: 1 } }]);
    const generateRequest = '{"prompts": ["a"]}';
    assert.deepEqual(parseSelectionText(generateRequest, 'x.json', 1), [{ entry: generateRequest, origin: { line: 1, endLine: 1 } }]);
    assert.deepEqual(parseSelectionText('[]', 'x.json', 1), [{ entry: '[]', origin: { line: 1, endLine: 1 } }]);
  });
});
