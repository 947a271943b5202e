import * as assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { countDatasetRows, datasetRow, readDataset } from '../../../../src/core/datasets';
import { TempFiles } from '../prompts/temp-files';
import { readAll, readError } from './read';

describe('datasets: CSV and TSV', () => {
  let files: TempFiles;
  before(() => (files = new TempFiles()));
  after(() => files.remove());

  // Row 1 has a quoted cell over three lines (one LF, one CRLF), row 2 a quoted delimiter and quote.
  const cases = [
    '\uFEFFquestion,__expected,__description,__metric,__threshold',
    '"What is',
    'the capital\r\nof France?",icontains:paris,capital,geo,0.5',
    '"Say ""hi"", politely",Hi,,tone,',
    '',
    'plain,,,,',
    '',
    '',
  ].join('\n');

  it('reads the header as variable names, multi-line cells with the line they start on, whatever the chunk size', async () => {
    const path = files.write('cases.csv', cases);
    for (const chunkSize of [1, 2, 5, 64 * 1024]) {
      const { rows } = await readAll(path, { chunkSize, displayName: 'cases.csv' });
      assert.deepEqual(
        rows.map(({ index, line, vars, expected, description, threshold }) => ({ index, line, vars, expected, description, threshold })),
        [
          { index: 0, line: 2, vars: { question: 'What is\nthe capital\r\nof France?' }, expected: [{ text: 'icontains:paris', metric: 'geo' }], description: 'capital', threshold: 0.5 },
          { index: 1, line: 5, vars: { question: 'Say "hi", politely' }, expected: [{ text: 'Hi', metric: 'tone' }], description: undefined, threshold: undefined },
          { index: 2, line: 7, vars: { question: 'plain' }, expected: undefined, description: undefined, threshold: undefined },
        ],
        `chunk size ${chunkSize}`,
      );
    }
  });

  it('keeps every cell, special columns too, in raw', async () => {
    const { rows } = await readAll(files.write('raw.csv', cases));
    assert.deepEqual(rows[0].raw, {
      question: 'What is\nthe capital\r\nof France?',
      __expected: 'icontains:paris',
      __description: 'capital',
      __metric: 'geo',
      __threshold: '0.5',
    });
  });

  it('reads every promptfoo column as promptfoo does: several __expected, prefix, suffix, per-assertion thresholds, other __ names as vars', async () => {
    const path = files.write('odd.csv', 'q,__expected,__expected2,_description,__prefix,__suffix,__config:__expected2:threshold,__note\n1,a,,c,P ,  S,0.7,n1\n2,d,e,f,,,0.2,n2\n');
    const { rows, notes } = await readAll(path, { displayName: 'odd.csv' });
    assert.deepEqual(
      rows.map((row) => [row.vars, row.expected, row.options]),
      [
        [{ q: '1', _description: 'c', __note: 'n1' }, [{ text: 'a' }], { prefix: 'P ', suffix: '  S' }],
        [{ q: '2', _description: 'f', __note: 'n2' }, [{ text: 'd' }, { text: 'e', threshold: 0.2 }], { prefix: '', suffix: '' }],
      ],
    );
    assert.deepEqual(notes.map((note) => note.message), ['odd.csv:1: the `_description` column is read as a variable; did you mean `__description`?']);
  });

  it('notes __metadata columns once, and refuses __providerOutput and a __config column it cannot read, at the header', async () => {
    const { notes } = await readAll(files.write('meta.csv', 'q,__metadata:topic\n1,a\n2,b\n'), { displayName: 'meta.csv' });
    assert.deepEqual(notes.map((note) => note.message), ['meta.csv:1: the `__metadata:topic` column is ignored: metadata only filters and groups results in promptfoo, which is not done here']);
    await assert.rejects(readAll(files.write('given.csv', 'q,__providerOutput\n1,a\n'), { displayName: 'given.csv' }), /^DatasetError: given\.csv:1: the `__providerOutput` column/);
    await assert.rejects(readAll(files.write('config.csv', 'q,__config:__expected0:threshold\n1,a\n'), { displayName: 'config.csv' }), /config\.csv:1: the column `__config:__expected0:threshold` cannot be read/);
  });

  it('reads TSV with tabs, quotes still allowed', async () => {
    const path = files.write('cases.tsv', 'a\tb\n"x\ty"\t{"k":""}\n');
    const { rows } = await readAll(path);
    assert.deepEqual(rows.map((row) => row.vars), [{ a: 'x\ty', b: '{"k":""}' }]);
  });

  it('rejects a row with more cells than the header, naming its line', async () => {
    const path = files.write('wide.csv', 'a,b\n1,2\n"multi\nline",2\n3,4,5\n');
    const error = await readError(path, { displayName: 'wide.csv' });
    assert.equal(error.line, 5);
    assert.equal(error.message, 'wide.csv:5: this row has 3 cells but the header (line 1) names 2 columns; quote a cell that contains the delimiter ("like, this")');
  });

  it('rejects a row with fewer cells than the header', async () => {
    const error = await readError(files.write('narrow.csv', 'a,b,c\n1,2\n'), { displayName: 'narrow.csv' });
    assert.match(error.message, /^narrow\.csv:2: this row has 2 cells but the header \(line 1\) names 3 columns; add the missing cells/);
  });

  it('names the line where an unclosed quote starts', async () => {
    const error = await readError(files.write('quote.csv', 'a\r\n1\r\n"open\r\n2\r\n3\r\n'), { displayName: 'quote.csv' });
    assert.equal(error.line, 3);
    assert.match(error.message, /^quote\.csv:3: a quoted cell starting on this row is never closed/);
  });

  it('rejects a header with a duplicate or empty name', async () => {
    assert.equal(
      (await readError(files.write('dup.csv', 'a,b,a\n1,2,3\n'), { displayName: 'dup.csv' })).message,
      'dup.csv:1: the header names the column `a` twice (columns 1 and 3); give each column its own name',
    );
    assert.match((await readError(files.write('empty.csv', '\n\na,,c\n1,2,3\n'), { displayName: 'empty.csv' })).message, /^empty\.csv:3: column 2 of the header has no name/);
  });

  it('reads a header alone as no rows', async () => {
    assert.deepEqual((await readAll(files.write('header.csv', 'a,b\n'))).rows, []);
  });

  it('counts rows and reads one row for a preview', async () => {
    const path = files.write('count.csv', cases);
    assert.equal(await countDatasetRows(path), 3);
    assert.equal((await datasetRow(path, 1))?.vars.question, 'Say "hi", politely');
    assert.equal(await datasetRow(path, 3), undefined);
  });

  it('streams 100,000 generated rows', async function () {
    this.timeout(60_000);
    const path = files.write('big.csv', '');
    const out = createWriteStream(path);
    out.write('id,question,__expected\n');
    for (let i = 0; i < 100_000; i++) {
      const question = i % 10 === 0 ? `"Row ${i}, with a comma\nand a second line"` : `Row ${i} plain`;
      if (!out.write(`${i},${question},contains:${i}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');

    let count = 0;
    let last: { index: number; line: number; id: unknown } | undefined;
    for await (const row of readDataset(path)) {
      count++;
      last = { index: row.index, line: row.line, id: row.vars.id };
    }
    assert.equal(count, 100_000);
    // 10,000 rows span two lines each, after the header line.
    assert.deepEqual(last, { index: 99_999, line: 110_001, id: '99999' });
  });
});
