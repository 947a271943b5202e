import * as assert from 'node:assert/strict';
import type { VerdictView } from '../../../../src/protocol/experiments';
import { cellAccessibleName, changeMark, verdictBadge } from '../../../../src/webview/experiments/cell-marks';
import { cell, HOSTILE_OUTPUTS } from './fixtures';

function verdict(overrides: Partial<VerdictView> = {}): VerdictView {
  return { status: 'pass', score: 1, failing: [], ...overrides };
}

describe('experiments webview: verdict badges and change marks', () => {
  it('badges a passing cell with its score in the tooltip', () => {
    assert.deepEqual(verdictBadge(cell(0, 0, { verdict: verdict() })), { status: 'pass', text: 'pass ✓', label: 'Verdict: passed', title: 'Passed its assertions\nScore 1.00' });
  });

  it('lists the failing assertions in the tooltip of a failing cell', () => {
    const badge = verdictBadge(cell(0, 0, { verdict: verdict({ status: 'fail', score: 0.333, failing: ['contains: Expected output to contain "Paris"', 'llm-rubric: too long'] }) }));
    assert.equal(badge?.text, 'fail ✗');
    assert.equal(badge?.label, 'Verdict: failed, 2 assertions failing');
    assert.equal(badge?.title, 'Failed:\ncontains: Expected output to contain "Paris"\nllm-rubric: too long\nScore 0.33');
  });

  it('says an error or a verdict still to come, without a score it does not have', () => {
    assert.deepEqual(verdictBadge(cell(0, 0, { verdict: verdict({ status: 'error', score: null, failing: ['llm-rubric: the grader gave no verdict'] }) })), {
      status: 'error',
      text: 'error',
      label: 'Verdict: could not be judged',
      title: 'Not judged (counted apart from passes and fails):\nllm-rubric: the grader gave no verdict',
    });
    const pending = verdictBadge(cell(0, 0, { verdict: verdict({ status: 'pending', score: null }) }));
    assert.equal(pending?.text, 'grading…');
    assert.equal(pending?.title, 'Waiting for the grader');
  });

  it('cuts long reasons and long lists, so a tooltip stays a tooltip', () => {
    const failing = Array.from({ length: 12 }, (_, index) => `contains: ${String(index).repeat(400)}`);
    const title = verdictBadge(cell(0, 0, { verdict: verdict({ status: 'fail', score: 0, failing }) }))?.title ?? '';
    const lines = title.split('\n');
    assert.equal(lines.length, 1 + 8 + 1 + 1);
    assert.equal(lines[1], `${failing[0].slice(0, 320)}…`);
    assert.equal(lines[9], '+4 more');
    assert.equal(lines[10], 'Score 0.00');
  });

  it('gives no badge to a cell without assertions, nor to one whose state already says it is not judged', () => {
    assert.equal(verdictBadge(cell(0, 0)), undefined);
    assert.equal(verdictBadge(cell(0, 0, { verdict: verdict({ status: 'no-assertions', score: null }) })), undefined);
    assert.equal(verdictBadge(cell(0, 0, { status: 'error', output: null, error: 'boom', verdict: verdict({ status: 'error', score: null }) })), undefined);
    assert.equal(verdictBadge(cell(0, 0, { status: 'pending', output: null, verdict: verdict({ status: 'pending', score: null }) })), undefined);
    assert.equal(verdictBadge(undefined), undefined);
  });

  it('keeps hostile reasons as the characters they are made of (the grid puts them in as title text)', () => {
    const title = verdictBadge(cell(0, 0, { verdict: verdict({ status: 'fail', score: 0, failing: HOSTILE_OUTPUTS.slice(0, 2) }) }))?.title ?? '';
    assert.ok(title.includes(HOSTILE_OUTPUTS[0]) && title.includes(HOSTILE_OUTPUTS[1]));
  });

  it('marks a cell that is not the same as in the baseline (the compared run, or the baseline column)', () => {
    assert.equal(changeMark(undefined), undefined);
    assert.equal(changeMark('same'), undefined);
    assert.deepEqual(changeMark('newly-failing'), { change: 'newly-failing', text: 'newly failing', label: 'newly failing against the baseline', title: 'Fails here; passed in the baseline' });
    assert.equal(changeMark('changed')?.text, 'changed');
    assert.equal(changeMark('newly-passing')?.text, 'newly passing');
    assert.equal(changeMark('added')?.title, 'Not in the baseline');
  });

  it("names a cell for screen readers by its state, verdict, change and text", () => {
    assert.equal(cellAccessibleName([cell(0, 0, { output: 'Bonjour', verdict: verdict({ status: 'fail', score: 0, failing: ['equals: no'] }), change: 'newly-failing' })], 0), 'ok, failed, 1 assertion failing, newly failing against the baseline: Bonjour');
    assert.equal(cellAccessibleName([cell(0, 0, { output: 'Hi' })], 0), 'ok: Hi');
    assert.equal(cellAccessibleName([undefined], 0), 'not in the run: Not in the run');
    assert.equal(
      cellAccessibleName([cell(0, 0, { output: 'a\nb', verdict: verdict() }), cell(0, 0, { repeat: 1, status: 'queued', output: null })], 3),
      'Repeat 1: ok, passed: a b; Repeat 2: queued: Waiting to be sent; 3 more repeats',
    );
  });
});
