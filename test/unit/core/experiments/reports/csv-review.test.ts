// An experiment's CSV export has a person's review beside the assertions' verdict: `review` (good or bad, empty
// when not reviewed) and `review_correction` (what they wrote it should have said), a correction that begins like
// a formula neutralised as every other field is.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { writeCellRecords } from '../../../../../src/core/experiments/reports/record-writer';
import { useTempDir } from '../../../helpers/temp-dir';
import { header, record, run, verdict } from './report-fixtures';

describe('experiment reports: CSV with reviews', () => {
  const tmp = useTempDir();

  it('writes review and review_correction beside the verdict', async () => {
    const path = join(tmp.path, 'cells.csv');
    const h = header([{ prompt: 'greet', provider: 'base' }]);
    await writeCellRecords(path, [
      record('greet', 'base', 0, { verdict: verdict('pass'), review: { verdict: 'bad', correction: 'Hello, "Ada",\nwelcome' } }),
      record('greet', 'base', 1, { verdict: verdict('fail'), review: { verdict: 'good' } }),
      record('greet', 'base', 2, { verdict: verdict('pass'), review: { verdict: 'bad', correction: '=1+1' } }),
      record('greet', 'base', 3, { verdict: verdict('pass') }),
    ], run(h));
    const rows = parse(readFileSync(path, 'utf8'), { columns: true }) as Record<string, string>[];
    assert.deepEqual(rows.map((row) => [row.verdict, row.review, row.review_correction]), [
      ['pass', 'bad', 'Hello, "Ada",\nwelcome'],
      ['fail', 'good', ''],
      ['pass', 'bad', "'=1+1"],
      ['pass', '', ''],
    ]);
    const columns = Object.keys(rows[0]);
    assert.deepEqual(columns.slice(columns.indexOf('failure_reason'), columns.indexOf('failure_reason') + 4), ['failure_reason', 'seen_in_training', 'review', 'review_correction']);
  });
});
