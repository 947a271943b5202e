import * as assert from 'node:assert/strict';
import { evaluateCell, parseVerdict, type CellOutcome, type EvaluateOptions, type GradingError, type Verdict } from '../../../../src/core/judge';
import { parsed } from './judge-helpers';

function cell(output: string, raws: Record<string, unknown>[], options: Partial<EvaluateOptions> = {}): CellOutcome {
  return evaluateCell({ status: 'ok', text: output }, raws.map(parsed), { vars: {} }, { trust: 'trusted', ...options });
}

const graded = (entries: [number, Verdict | GradingError][]) => new Map(entries);

describe('evaluateCell', () => {
  it('passes when every assertion passes, with the weighted mean as the score', () => {
    const outcome = cell('Hello world', [
      { type: 'equals', value: 'Hello world', weight: 2 },
      { type: 'contains', value: 'world' },
    ]);
    assert.deepEqual([outcome.status, outcome.score, outcome.reason], ['pass', 1, 'All assertions passed']);
    assert.deepEqual(outcome.namedScores, {});
  });

  it('fails when any counted assertion fails: promptfoo\'s "Goodbye world" scores 1/3', () => {
    const outcome = cell('Goodbye world', [
      { type: 'equals', value: 'Hello world', weight: 2 },
      { type: 'contains', value: 'world', weight: 1 },
    ]);
    assert.equal(outcome.status, 'fail');
    assert.equal(outcome.score, 1 / 3);
    assert.equal(outcome.reason, 'equals: Expected output "Goodbye world" to equal "Hello world"');
    assert.deepEqual(
      outcome.results.map((result) => [result.index, result.type, result.status, result.weight]),
      [
        [0, 'equals', 'fail', 2],
        [1, 'contains', 'pass', 1],
      ],
    );
  });

  it('names each failing assertion once: a javascript reason already leads with its type', () => {
    const outcome = cell('Goodbye world', [
      { type: 'javascript', value: 'output.length < 5' },
      { type: 'equals', value: 'Hello world' },
    ]);
    assert.equal(outcome.reason, 'javascript returned false: output.length < 5 (output.length was 13); equals: Expected output "Goodbye world" to equal "Hello world"');
  });

  it('with a test threshold, passes on the score alone (>=), whatever single assertions did', () => {
    const raws = [
      { type: 'equals', value: 'Hello world', weight: 2 },
      { type: 'contains', value: 'world', weight: 1 },
    ];
    const below = cell('Goodbye world', raws, { threshold: 0.5 });
    assert.deepEqual([below.status, below.reason], ['fail', 'Aggregate score 0.33 < 0.5 threshold; failing: equals: Expected output "Goodbye world" to equal "Hello world"']);
    const above = cell('Goodbye world', raws, { threshold: 0.2 });
    assert.deepEqual([above.status, above.reason], ['pass', 'Aggregate score 0.33 ≥ 0.2 threshold']);
    assert.equal(cell('Goodbye world', raws, { threshold: 1 / 3 }).status, 'pass', 'equal to the threshold passes');
    assert.equal(cell('nothing', raws, { threshold: 0 }).status, 'pass', 'threshold 0 collects scores and never fails');
  });

  it('shows weight-0 assertions with their real verdict but never counts them', () => {
    const outcome = cell('Hello', [
      { type: 'contains', value: 'Hello' },
      { type: 'contains', value: 'world', weight: 0, metric: 'mentions-world' },
    ]);
    assert.equal(outcome.status, 'pass');
    assert.equal(outcome.score, 1);
    assert.deepEqual([outcome.results[1].status, outcome.results[1].weight], ['fail', 0]);
    assert.deepEqual(outcome.namedScores, { 'mentions-world': 0 });
    const onlyInformational = cell('Hello', [{ type: 'contains', value: 'world', weight: 0 }]);
    assert.deepEqual([onlyInformational.status, onlyInformational.score], ['no-assertions', null]);
    assert.equal(onlyInformational.reason, 'nothing was counted: every assertion is informational (weight 0) or refused');
  });

  it('groups scores by metric as weighted means', () => {
    const outcome = cell('Arr, matey, the grub be fine', [
      { type: 'icontains', value: 'arr', metric: 'Tone', weight: 3 },
      { type: 'icontains', value: 'yo ho', metric: 'Tone', weight: 1 },
      { type: 'is-json', metric: 'Consistency' },
      { type: 'javascript', value: 'output.length / 100', metric: 'Consistency' },
      { type: 'contains', value: 'grub' },
    ]);
    assert.equal(outcome.status, 'fail');
    assert.deepEqual(outcome.namedScores, { Tone: 0.75, Consistency: (0 + 0.28) / 2 });
    assert.equal(outcome.score, (3 + 0 + 0 + 0.28 + 1) / 7);
  });

  it('does not judge an answer that is an error or still pending', () => {
    const raws = [parsed({ type: 'contains', value: 'x' })];
    const failed = evaluateCell({ status: 'error', error: 'CUDA out of memory' }, raws, { vars: {} }, { trust: 'trusted' });
    assert.deepEqual(failed, { status: 'error', score: null, namedScores: {}, results: [], reason: 'the answer is an error: CUDA out of memory' });
    const waiting = evaluateCell({ status: 'pending' }, raws, { vars: {} }, { trust: 'trusted' });
    assert.deepEqual(waiting, { status: 'pending', score: null, namedScores: {}, results: [], reason: 'the answer has not arrived yet' });
    const none = evaluateCell({ status: 'ok', text: 'x' }, [], { vars: {} }, { trust: 'trusted' });
    assert.deepEqual([none.status, none.score, none.reason], ['no-assertions', null, 'the test has no assertions']);
  });

  describe('model-graded assertions, with verdicts fed back in', () => {
    const rubric = { type: 'llm-rubric', value: 'Is polite' };

    it('stay pending until their verdict arrives', () => {
      const outcome = cell('Thank you!', [{ type: 'contains', value: 'Thank' }, rubric, { ...rubric, weight: 0 }]);
      assert.deepEqual([outcome.status, outcome.score, outcome.reason], ['pending', null, 'waiting for 2 grader verdicts']);
      assert.deepEqual(
        outcome.results.map((result) => result.status),
        ['pass', 'pending', 'pending'],
      );
    });

    it('take the verdict: pass, score and reason', () => {
      const passing = cell('Thank you!', [rubric], { graded: graded([[0, { pass: true, score: 0.9, reason: 'It thanks the user.' }]]) });
      assert.deepEqual([passing.status, passing.score, passing.results[0].reason], ['pass', 0.9, 'It thanks the user.']);
      const failing = cell('Go away.', [rubric], { graded: graded([[0, { pass: false, score: 0.1, reason: 'It is rude.' }]]) });
      assert.deepEqual([failing.status, failing.score, failing.reason], ['fail', 0.1, 'llm-rubric: the grader failed it: It is rude. (output "Go away."; rubric "Is polite")']);
      const parsedAnswer = cell('Thanks', [rubric], { graded: graded([[0, parseVerdict('Verdict: {"pass": true, "reason": "ok"}')]]) });
      assert.deepEqual([parsedAnswer.status, parsedAnswer.score], ['pass', 1]);
    });

    it('apply the assertion threshold to an llm-rubric score', () => {
      const verdict = graded([[0, { pass: true, score: 0.6, reason: 'Mostly polite.' }]]);
      const outcome = cell('Thanks', [{ ...rubric, threshold: 0.8 }], { graded: verdict });
      assert.deepEqual([outcome.status, outcome.results[0].reason], ['fail', 'the grader\'s score 0.6 is below the threshold 0.8: Mostly polite. (output "Thanks"; rubric "Is polite")']);
      assert.equal(cell('Thanks', [{ ...rubric, threshold: 0.5 }], { graded: verdict }).status, 'pass');
    });

    it('turn the verdict and its score round for not-llm-rubric', () => {
      const verdict = graded([[0, { pass: true, score: 0.8, reason: 'It apologises.' }]]);
      const outcome = cell('Sorry!', [{ type: 'not-llm-rubric', value: 'Apologises' }], { graded: verdict });
      assert.equal(outcome.status, 'fail');
      assert.ok(Math.abs((outcome.score ?? NaN) - 0.2) < 1e-9);
      assert.equal(outcome.results[0].reason, 'the grader passed it, and "not-llm-rubric" expects the opposite: It apologises. (output "Sorry!"; rubric "Apologises")');
      const reverse = cell('Hi', [{ type: 'not-llm-rubric', value: 'Apologises' }], { graded: graded([[0, { pass: false, score: 0, reason: 'No apology.' }]]) });
      assert.deepEqual([reverse.status, reverse.score], ['pass', 1]);
    });

    it('make the cell an error, never a pass, when the grader gave no verdict (even negated)', () => {
      const answer = parseVerdict('I think it is fine.');
      for (const type of ['llm-rubric', 'not-llm-rubric']) {
        const outcome = cell('Thanks', [{ type, value: 'Is polite' }], { graded: graded([[0, answer]]) });
        assert.equal(outcome.status, 'error');
        assert.equal(outcome.score, null);
        assert.deepEqual([outcome.results[0].status, outcome.results[0].pass, outcome.results[0].graderText], ['error', false, 'I think it is fine.']);
        assert.equal(outcome.reason, `${type}: the grader did not answer with a JSON verdict {"pass", "score", "reason"}`);
      }
      const informational = cell('Thanks', [{ type: 'contains', value: 'Thanks' }, { ...rubric, weight: 0 }], { graded: graded([[1, answer]]) });
      assert.equal(informational.status, 'pass', 'an informational grading error does not decide the cell');
    });

    it('grade factuality the same way, and take no threshold', () => {
      const fact = parsed({ type: 'factuality', value: 'Paris is the capital of France', threshold: 0.9 });
      assert.deepEqual(fact.ignoredKeys, ['threshold']);
      const outcome = evaluateCell({ status: 'ok', text: 'It is Paris.' }, [fact], { vars: {} }, { trust: 'trusted', graded: graded([[0, { pass: true, score: 0.7, reason: 'Agrees.' }]]) });
      assert.deepEqual([outcome.status, outcome.score], ['pass', 0.7]);
      const disagrees = evaluateCell({ status: 'ok', text: 'It is Lyon.' }, [fact], { vars: {} }, { trust: 'trusted', graded: graded([[0, { pass: false, score: 0, reason: '' }]]) });
      assert.equal(disagrees.reason, 'factuality: the grader failed it (output "It is Lyon."; reference answer "Paris is the capital of France")', 'without a reason of the grader, what was graded against what');
    });
  });
});
