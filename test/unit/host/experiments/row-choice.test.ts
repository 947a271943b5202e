import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { readDataset } from '../../../../src/core/datasets';
import { confinedTo, UNCONFINED } from '../../../../src/core/files/file-access';
import { TemplateTrustError } from '../../../../src/core/templates';
import { rowVars } from '../../../../src/host/experiments/preview-vars';
import { rowChoice } from '../../../../src/host/experiments/row-choice';
import { useTempDir } from '../../helpers/temp-dir';
import { fixturePath } from './helpers';

describe('choosing a test row', () => {
  it('lists each row by number and line, with its variables to search by', async () => {
    const choices = [];
    for await (const row of readDataset(fixturePath('cases.csv'))) choices.push(rowChoice(row));
    assert.deepEqual(choices, [
      { label: 'Row 1', description: 'line 2', detail: 'name=Grace, question=What is there to see?', index: 0 },
      { label: 'Row 2', description: 'line 3', detail: 'name=Linus, question=Is the museum open on Mondays?', index: 1 },
    ]);
    assert.equal(rowChoice({ index: 4, line: 9, vars: {}, description: 'Spain' }).detail, 'Spain');
    assert.equal(rowChoice({ index: 0, line: 1, vars: {} }).detail, '(no variables)');
    assert.equal(rowChoice({ index: 0, line: 1, vars: { n: 3, tags: ['a'] } }).detail, 'n=3, tags=["a"]');
  });

  it('says so when the row is past the end of the file, or the file cannot be read', async () => {
    const past = await rowVars(fixturePath('cases.csv'), 2, UNCONFINED);
    assert.equal(past.kind, 'unreadable');
    assert.match(past.kind === 'unreadable' ? String(past.error) : '', /cases\.csv:1: there is no row 3: the file has fewer rows; choose another/);
    const missing = await rowVars(fixturePath('nowhere.csv'), 0, UNCONFINED);
    assert.match(missing.kind === 'unreadable' ? String(missing.error) : '', /nowhere\.csv:1: the file does not exist/);
  });

  describe('in Restricted Mode', () => {
    const tmp = useTempDir();

    it("takes a row of the user's pick outside the workspace, not of a link in it that leads out", async () => {
      const access = confinedTo([join(tmp.path, 'ws')]);
      const picked = await rowVars(fixturePath('cases.csv'), 0, access);
      assert.equal(picked.kind, 'row');
      mkdirSync(join(tmp.path, 'ws'));
      symlinkSync(fixturePath('cases.csv'), join(tmp.path, 'ws', 'cases.csv'));
      const linked = await rowVars(join(tmp.path, 'ws', 'cases.csv'), 0, access);
      assert.ok(linked.kind === 'unreadable' && linked.error instanceof TemplateTrustError, 'refused, with a way to trust the folder');
      assert.match(String(linked.error), /cases\.csv:1: `cases\.csv` is a link to .*cases\.csv, outside the workspace folder/);
    });
  });
});
