import * as assert from 'node:assert/strict';
import { CELL_LINES, cellLine, cellPreview, detailNote, moreRepeatsLabel, repeatLine, stackedRepeats, STACKED_REPEATS } from '../../../../src/webview/experiments/cell-text';
import { cell } from './fixtures';

describe('experiments webview: cell text', () => {
  describe('cellPreview', () => {
    it('keeps the first non-blank lines, each with its spaces made one', () => {
      assert.equal(cellPreview('  First   line\n\n\n\tsecond\t\tline  \r\nthird\rfourth\nfifth'), 'First line\nsecond line\nthird');
      assert.equal(CELL_LINES, 3);
    });

    it('reads only the start of a huge output and stays short', () => {
      const preview = cellPreview('word '.repeat(200_000));
      assert.ok(preview.length <= 400, `${preview.length} characters`);
      assert.ok(preview.startsWith('word word'));
      assert.equal(cellPreview(`${'\n'.repeat(10_000)}late`), '');
    });
  });

  it('shows the output, else the error, else why there is neither', () => {
    assert.deepEqual(cellLine(cell(0, 0, { output: 'Bonjour\nle monde' })), { kind: 'output', text: 'Bonjour\nle monde' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'error', output: null, error: 'ValueError: broken' })), { kind: 'error', text: 'ValueError: broken' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'error', output: null, error: '' })), { kind: 'error', text: 'Error (no text from the server)' });
    assert.deepEqual(cellLine(cell(0, 0, { output: '  \n ' })), { kind: 'note', text: 'Empty output' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'pending', output: null })), { kind: 'note', text: 'Sent, waiting for the answer' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'queued', output: null })), { kind: 'note', text: 'Waiting to be sent' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'unsent', output: null })), { kind: 'note', text: 'Not sent' });
    assert.deepEqual(cellLine(cell(0, 0, { status: 'unknown', output: null })), { kind: 'note', text: 'Submit not confirmed' });
    assert.deepEqual(cellLine(undefined), { kind: 'note', text: 'Not in the run' });
  });

  it('gives each repeat one line', () => {
    assert.deepEqual(repeatLine(cell(0, 0, { output: 'one\ntwo\n\nthree' })), { kind: 'output', text: 'one two three' });
    assert.deepEqual(repeatLine(cell(0, 0, { status: 'error', output: null, error: 'a\nb' })), { kind: 'error', text: 'a b' });
  });

  it('says in the detail why a cell has no output', () => {
    assert.match(detailNote(cell(0, 0, { status: 'pending', output: null })), /resuming the run fetches it/);
    assert.match(detailNote(cell(0, 0, { status: 'unsent', output: null })), /^Not sent/);
    assert.match(detailNote(cell(0, 0, { status: 'unknown', output: null })), /asks the deployment whether it got it/);
    assert.equal(detailNote(cell(0, 0, { output: '' })), 'The output is empty.');
    assert.equal(detailNote(cell(0, 0)), '');
    assert.equal(detailNote(cell(0, 0, { status: 'error', output: null, error: 'x' })), '', 'the error section says it');
  });

  it('lists up to three repeats in a cell under its samples line, then two and how many more', () => {
    assert.equal(STACKED_REPEATS, 3, "three lines, under the samples' line");
    assert.deepEqual(stackedRepeats(1), { shown: 1, more: 0 });
    assert.deepEqual(stackedRepeats(3), { shown: 3, more: 0 });
    assert.deepEqual(stackedRepeats(10), { shown: 2, more: 8 });
    assert.equal(moreRepeatsLabel(7), '+7 more');
  });
});
