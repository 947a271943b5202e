import * as assert from 'node:assert/strict';
import { countDatasetRows, datasetFormatOf, datasetRow } from '../../../../src/core/datasets';
import { TempFiles } from '../prompts/temp-files';
import { readAll, readError } from './read';

describe('datasets: JSONL, JSON and YAML', () => {
  let files: TempFiles;
  before(() => (files = new TempFiles()));
  after(() => files.remove());

  it('names formats by extension', () => {
    assert.deepEqual(
      ['a.csv', 'a.TSV', 'a.jsonl', 'a.ndjson', 'a.json', 'a.yaml', 'a.yml', 'a.txt'].map(datasetFormatOf),
      ['csv', 'tsv', 'jsonl', 'jsonl', 'json', 'yaml', 'yaml', undefined],
    );
  });

  describe('JSONL', () => {
    const lines = [
      '{"question": "2+2?", "answer": 4}',
      '',
      '{"description": "capital", "vars": {"question": "Capital of France?"}, "assert": [{"type": "icontains", "value": "paris", "transform": "x"}], "options": {"provider": "scalarlm:judge"}, "metadata": {"a": 1}}',
      '{"vars": {"question": "again"}, "metadata": {"b": 2}}',
    ].join('\r\n');

    it('reads objects as variables, and objects with `vars` as test cases', async () => {
      for (const chunkSize of [1, 7, 64 * 1024]) {
        const { rows } = await readAll(files.write('cases.jsonl', lines), { chunkSize });
        assert.deepEqual(
          rows.map(({ raw: _raw, ...row }) => row),
          [
            { index: 0, line: 1, column: 1, vars: { question: '2+2?', answer: 4 } },
            {
              index: 1,
              line: 3,
              column: 1,
              vars: { question: 'Capital of France?' },
              description: 'capital',
              assert: [{ type: 'icontains', value: 'paris', transform: 'x' }],
              options: { provider: 'scalarlm:judge' },
            },
            { index: 2, line: 4, column: 1, vars: { question: 'again' } },
          ],
          `chunk size ${chunkSize}`,
        );
      }
    });

    it('notes ignored keys once, where they first occur', async () => {
      const { notes } = await readAll(files.write('notes.jsonl', lines), { displayName: 'cases.jsonl' });
      assert.deepEqual(notes.map((note) => note.message), [
        'cases.jsonl:3:198: `metadata` in a test case is not supported here and is ignored',
        'cases.jsonl:3:136: `transform` in an assertion is not supported here and is ignored',
      ]);
    });

    it('notes `assert` read as a variable in an object without `vars`', async () => {
      const { rows, notes } = await readAll(files.write('flat.jsonl', '{"q": 1, "assert": "x"}\n'), { displayName: 'flat.jsonl' });
      assert.deepEqual(rows[0].vars, { q: 1, assert: 'x' });
      assert.equal(notes[0].message, 'flat.jsonl:1:20: `assert` is read as a variable because this object has no `vars`; to make it a test case, put its variables under `vars`');
    });

    it('names the line and column of bad JSON', async () => {
      const error = await readError(files.write('bad.jsonl', '{"a": 1}\n{"a": 1,}\n'), { displayName: 'bad.jsonl' });
      assert.equal(error.line, 2);
      assert.equal(error.column, 9);
      assert.match(error.message, /^bad\.jsonl:2:9: invalid JSON: .*; each line holds one JSON object$/);
    });

    it('rejects a line that is not an object, and a bad test case at its part', async () => {
      assert.equal(
        (await readError(files.write('string.jsonl', '"just text"\n'), { displayName: 's.jsonl' })).message,
        's.jsonl:1:1: expected a test case such as {"vars": {...}, "assert": [...]}, or an object of variables; got a string',
      );
      assert.equal(
        (await readError(files.write('vars.jsonl', '{"q": 1}\n{"vars": [1, 2]}\n'), { displayName: 'v.jsonl' })).message,
        'v.jsonl:2:10: `vars` must be a mapping of variable names to values, or the path (or paths and globs) of YAML files of them; got an array of 2',
      );
      assert.equal(
        (await readError(files.write('files.jsonl', '{"vars": "vars.yaml"}\n'), { displayName: 'f.jsonl' })).message,
        'f.jsonl:1:10: `vars` naming files is read only in the experiment file itself; write the variables here',
      );
      assert.equal(
        (await readError(files.write('assert.jsonl', '{"vars": {}, "assert": {"type": "equals"}}\n'), { displayName: 'a.jsonl' })).message,
        'a.jsonl:1:24: `assert` must be a list of assertions such as `- type: contains`; got an object with keys "type"',
      );
    });

    it('turns invalid UTF-8 into a DatasetError on its line', async () => {
      const error = await readError(files.write('latin1.jsonl', Buffer.concat([Buffer.from('{"a": 1}\n{"a": "'), Buffer.from([0xe9]), Buffer.from('"}\n')])), { displayName: 'l.jsonl' });
      assert.equal(error.message, 'l.jsonl:2: the line is not valid UTF-8; save the file as UTF-8');
    });
  });

  describe('JSON', () => {
    it('reads an array of test cases with each element\'s line and column', async () => {
      const path = files.write('cases.json', '\uFEFF[\r\n  {"q": 1},\r\n  {"vars": {"q": 2}, "assert": [{"type": "equals", "value": "2"}]}\r\n]');
      const { rows } = await readAll(path);
      assert.deepEqual(rows.map(({ index, line, column, vars, assert: checks }) => ({ index, line, column, vars, assert: checks })), [
        { index: 0, line: 2, column: 3, vars: { q: 1 }, assert: undefined },
        { index: 1, line: 3, column: 3, vars: { q: 2 }, assert: [{ type: 'equals', value: '2' }] },
      ]);
      assert.equal(await countDatasetRows(path), 2);
      assert.deepEqual((await datasetRow(path, 1))?.vars, { q: 2 });
    });

    it('points at the part of an element that is wrong', async () => {
      const error = await readError(files.write('threshold.json', '[\n  {"vars": {}, "assert": [\n    {"type": "similar", "threshold": "high"}\n  ]}\n]'), { displayName: 't.json' });
      assert.equal(error.message, 't.json:3:38: `threshold` of assertion 1 must be a number; got a string');
    });

    it('rejects a document that is not an array, and invalid JSON', async () => {
      assert.equal(
        (await readError(files.write('object.json', '{"tests": []}'), { displayName: 'o.json' })).message,
        'o.json:1:1: expected a JSON array of test cases: [{"vars": {...}, "assert": [...]}, ...]',
      );
      assert.match((await readError(files.write('broken.json', '[\n  {"q": 1}\n  {"q": 2}\n]'), { displayName: 'b.json' })).message, /^b\.json:3:3: invalid JSON: /);
    });
  });

  describe('YAML', () => {
    it('reads a list of test cases and of variable objects', async () => {
      const path = files.write('cases.yaml', ['- question: one', '- description: two', '  vars:', '    question: two', '  assert:', '    - type: contains', '      value: "2"', ''].join('\n'));
      const { rows } = await readAll(path);
      assert.deepEqual(rows.map(({ index, line, column, vars, description, assert: checks }) => ({ index, line, column, vars, description, assert: checks })), [
        { index: 0, line: 1, column: 3, vars: { question: 'one' }, description: undefined, assert: undefined },
        { index: 1, line: 2, column: 3, vars: { question: 'two' }, description: 'two', assert: [{ type: 'contains', value: '2' }] },
      ]);
    });

    it('names the line and column of bad YAML and of bad test cases', async () => {
      const syntax = await readError(files.write('syntax.yaml', '- q: [1, 2\n- q: 3\n'), { displayName: 's.yaml' });
      assert.equal(syntax.line, 2);
      assert.match(syntax.message, /^s\.yaml:2:1: invalid YAML: /);
      assert.equal(
        (await readError(files.write('weight.yaml', '- vars: {q: 1}\n  assert:\n    - type: contains\n      weight: heavy\n'), { displayName: 'w.yaml' })).message,
        'w.yaml:4:15: `weight` of assertion 1 must be a number; got the string "heavy"',
      );
      assert.equal(
        (await readError(files.write('map.yaml', 'tests:\n  - q: 1\n'), { displayName: 'm.yaml' })).message,
        'm.yaml:1:1: expected a YAML list of test cases, each starting with `- vars:` (or `- description:`)',
      );
    });

    it('reads an empty file as no rows', async () => {
      assert.deepEqual((await readAll(files.write('empty.yml', '# nothing yet\n'))).rows, []);
    });
  });

  it('rejects other file types and missing files with a DatasetError', async () => {
    assert.match((await readError(files.write('cases.txt', 'x'), { displayName: 'cases.txt' })).message, /^cases\.txt:1: a dataset must be one of \.csv, \.tsv/);
    assert.equal((await readError('/nonexistent/cases.csv', { displayName: 'cases.csv' })).message, 'cases.csv:1: the file does not exist; check its path');
  });
});
