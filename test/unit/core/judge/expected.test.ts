import * as assert from 'node:assert/strict';
import { checkAssertions, expectedToAssertion } from '../../../../src/core/judge';
import { judgeOne, where } from './judge-helpers';

describe('expectedToAssertion (the CSV __expected shorthand)', () => {
  it("reads promptfoo's forms", () => {
    const cases: [string, Record<string, unknown>][] = [
      ['Bonjour le monde', { type: 'equals', value: 'Bonjour le monde' }],
      ['  Paris  ', { type: 'equals', value: 'Paris' }],
      ['equals:Paris', { type: 'equals', value: 'Paris' }],
      ["fn:output.includes('Au revoir');", { type: 'javascript', value: "output.includes('Au revoir');" }],
      ['javascript: output.length < 100', { type: 'javascript', value: 'output.length < 100' }],
      ['eval:output === "x"', { type: 'javascript', value: 'output === "x"' }],
      ['file://checks/polite.js', { type: 'javascript', value: 'file://checks/polite.js' }],
      ["grade:doesn't reference any fruits besides pineapple", { type: 'llm-rubric', value: "doesn't reference any fruits besides pineapple" }],
      ['llm-rubric: Is helpful and accurate', { type: 'llm-rubric', value: 'Is helpful and accurate' }],
      ['factuality:Paris is the capital of France', { type: 'factuality', value: 'Paris is the capital of France' }],
      ['contains:Paris', { type: 'contains', value: 'Paris' }],
      ['icontains: paris ', { type: 'icontains', value: 'paris' }],
      ['contains-any:Paris,London', { type: 'contains-any', value: 'Paris,London' }],
      ['icontains-all:paris, france', { type: 'icontains-all', value: 'paris, france' }],
      ['starts-with:The answer', { type: 'starts-with', value: 'The answer' }],
      ['regex:^Hello.*world$', { type: 'regex', value: '^Hello.*world$' }],
      ['is-json', { type: 'is-json' }],
      ['contains-json', { type: 'contains-json' }],
      ['is-json:{"type": "object"}', { type: 'is-json', value: '{"type": "object"}' }],
      ['not-contains:error', { type: 'not-contains', value: 'error' }],
      ['not-is-json', { type: 'not-is-json' }],
      ['levenshtein(5):expected text', { type: 'levenshtein', value: 'expected text', threshold: 5 }],
      ['levenshtein:expected text', { type: 'levenshtein', value: 'expected text', threshold: 0.75 }],
      ['javascript(0.5):output.length / 10', { type: 'javascript', value: 'output.length / 10', threshold: 0.5 }],
      ['llm-rubric(0.8):Is polite', { type: 'llm-rubric', value: 'Is polite', threshold: 0.8 }],
      ['similar(0.8):Hello world', { type: 'similar', value: 'Hello world', threshold: 0.8 }],
      ['python:len(output) > 10', { type: 'python', value: 'len(output) > 10' }],
      ['file://checks/score.py', { type: 'python', value: 'file://checks/score.py' }],
      ['Note: contains a colon', { type: 'equals', value: 'Note: contains a colon' }],
      ['containsX:foo', { type: 'equals', value: 'containsX:foo' }],
    ];
    for (const [text, raw] of cases) assert.deepEqual(expectedToAssertion(text), raw, text);
    assert.equal(expectedToAssertion('   '), undefined, 'a blank cell has no assertion');
  });

  it('gives assertions that judge and check like written ones', () => {
    assert.equal(judgeOne(expectedToAssertion('contains-any:"Paris, France",Lyon'), 'Paris, France').pass, true);
    assert.equal(judgeOne(expectedToAssertion('not-icontains:SORRY'), 'sorry!').pass, false);
    assert.equal(judgeOne(expectedToAssertion('levenshtein:kitten'), 'sitting').pass, false, "no (N): promptfoo's CSV threshold of 0.75, an exact match");
    assert.equal(judgeOne(expectedToAssertion('levenshtein:kitten'), 'kitten').pass, true);
    assert.equal(judgeOne(expectedToAssertion('levenshtein(2):kitten'), 'sitting').pass, false);
    assert.equal(judgeOne(expectedToAssertion('42'), '42').pass, true);
    const problems = checkAssertions(['similar(0.8):Hello', 'file://checks/polite.js', 'regex:(('].map(expectedToAssertion), where);
    assert.deepEqual(
      problems.map((problem) => problem.detail.split(/[.;:] /)[0]),
      ['promptfoo\'s "similar" assertion is not supported here', '"javascript"', '"regex"'],
    );
  });
});
