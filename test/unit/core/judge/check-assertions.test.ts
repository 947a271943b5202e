import * as assert from 'node:assert/strict';
import { AssertionProblem, checkAssertions, parseAssertions, providerId, supportedTypes } from '../../../../src/core/judge';
import { parsed, problemOf } from './judge-helpers';

const known = `Supported types: ${supportedTypes.join(', ')}; any of them can be negated with "not-".`;

describe('checkAssertions', () => {
  it('names an unknown type, suggests the closest and lists the known ones', () => {
    assert.equal(problemOf({ type: 'contians', value: 'x' }), `promptfooconfig.yaml:12: unknown assertion type "contians"; did you mean "contains"? ${known}`);
    assert.equal(problemOf({ type: 'not-icontain', value: 'x' }), `promptfooconfig.yaml:12: unknown assertion type "not-icontain"; did you mean "not-icontains"? ${known}`);
    assert.equal(problemOf({ type: 'is_json' }), `promptfooconfig.yaml:12: unknown assertion type "is_json"; did you mean "is-json"? ${known}`);
    assert.equal(problemOf({ type: 'sentiment', value: 'x' }), `promptfooconfig.yaml:12: unknown assertion type "sentiment". ${known}`);
    assert.equal(problemOf({ type: 'not-not-contains', value: 'x' }), `promptfooconfig.yaml:12: unknown assertion type "not-not-contains"; did you mean "not-contains"? ${known}`);
  });

  it("says a promptfoo type is known but not run here", () => {
    assert.equal(problemOf({ type: 'similar', value: 'x' }), `promptfooconfig.yaml:12: promptfoo's "similar" assertion is not supported here. ${known}`);
    assert.equal(problemOf({ type: 'not-python', value: 'x' }), `promptfooconfig.yaml:12: promptfoo's "not-python" assertion is not supported here. ${known}`);
  });

  it('asks for an object with a type', () => {
    assert.equal(problemOf('contains Paris'), 'promptfooconfig.yaml:12: an assertion must be an object such as {type: contains, value: "Paris"}; got a string');
    assert.equal(problemOf(null), 'promptfooconfig.yaml:12: an assertion must be an object such as {type: contains, value: "Paris"}; got null');
    assert.equal(problemOf({ value: 'Paris' }), `promptfooconfig.yaml:12: the assertion has no "type"; write one of: ${supportedTypes.join(', ')} (with "not-" in front to negate)`);
    assert.match(problemOf({ type: 7 }), /the assertion has no "type"/);
  });

  it('says what value a type needs when it is missing or unusable', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'contains' }, '"contains" needs a "value": the text the output must contain (a string or a number)'],
      [{ type: 'not-icontains', value: null }, '"not-icontains" needs a "value": the text the output must contain (a string or a number)'],
      [{ type: 'contains', value: '' }, '"contains": "value" must be a non-empty string or a number; got an empty string'],
      [{ type: 'contains', value: ['a'] }, '"contains": "value" must be a non-empty string or a number; got an array of 1'],
      [{ type: 'equals' }, '"equals" needs a "value": the exact expected output (a string; an object or a list is compared as JSON)'],
      [{ type: 'contains-any' }, '"contains-any" needs a "value": a list of strings, or one string of comma-separated items'],
      [{ type: 'contains-all', value: [] }, '"contains-all": "value" must name at least one item'],
      [{ type: 'contains-all', value: ' , ' }, '"contains-all": "value" must name at least one item'],
      [{ type: 'icontains-any', value: ['a', { b: 1 }] }, '"icontains-any": "value" item 2 must be a non-empty string or a number; got an object with keys "b"'],
      [{ type: 'icontains-all', value: 5 }, '"icontains-all": "value" must be a list, or a string of comma-separated items; got a number (5)'],
      [{ type: 'contains-any', value: '"open, quote' }, '"contains-any": "value" cannot be read as a comma-separated list: the quoted item that starts at column 1 has no closing quote'],
      [{ type: 'contains-any', value: '"a" b, c' }, '"contains-any": "value" cannot be read as a comma-separated list: expected a comma after the quoted item "a" (column 5)'],
      [{ type: 'starts-with', value: 3 }, '"starts-with": "value" must be a non-empty string; got a number (3)'],
      [{ type: 'regex' }, '"regex" needs a "value": a regular expression (JavaScript syntax, without slashes or flags)'],
      [{ type: 'levenshtein', value: 5 }, '"levenshtein": "value" must be a string; got a number (5)'],
      [{ type: 'javascript' }, '"javascript" needs a "value": an expression over output and context, such as output.includes(\'Paris\')'],
      [{ type: 'javascript', value: 'file://checks/polite.js' }, '"javascript": code from a file (file://checks/polite.js) is not supported; write the expression or function body inline'],
      [{ type: 'llm-rubric' }, '"llm-rubric" needs a "value": the rubric the grader applies (a non-empty string), or options.rubricPrompt with the criteria'],
      [{ type: 'factuality', value: '  ' }, '"factuality" needs a "value": the reference answer the output must agree with (a non-empty string)'],
    ];
    for (const [raw, detail] of cases) assert.equal(problemOf(raw), `promptfooconfig.yaml:12: ${detail}`, JSON.stringify(raw));
  });

  it('reports a bad regular expression with its error', () => {
    assert.equal(problemOf({ type: 'regex', value: '((' }), 'promptfooconfig.yaml:12: "regex": "value" is not a valid regular expression: Invalid regular expression: /((/: Unterminated group');
    assert.match(problemOf({ type: 'not-regex', value: '[a-' }), /"not-regex": "value" is not a valid regular expression: .*Unterminated character class/);
  });

  it('reports a bad JSON Schema with ajv\'s error', () => {
    assert.equal(
      problemOf({ type: 'is-json', value: { type: 'object', required: 'name' } }),
      'promptfooconfig.yaml:12: "is-json": "value" is not a valid JSON Schema: schema is invalid: data/required must be array',
    );
    assert.match(problemOf({ type: 'contains-json', value: { type: 'strung' } }), /"contains-json": "value" is not a valid JSON Schema: schema is invalid: data\/type must be equal to one of the allowed values/);
    assert.match(problemOf({ type: 'is-json', value: { $ref: '#/definitions/missing' } }), /"is-json": "value" is not a valid JSON Schema: can't resolve reference #\/definitions\/missing/);
    assert.match(problemOf({ type: 'is-json', value: '{type: object}' }), /"is-json": "value" is not a JSON Schema: the text is not JSON \(.*\); write the schema as an object in the file, or as JSON text$/);
    assert.equal(problemOf({ type: 'is-json', value: 3 }), 'promptfooconfig.yaml:12: "is-json": "value" must be a JSON Schema: an object (or true/false); got a number (3)');
    // The same $id can be read again (a file is re-read on every edit).
    const withId = { type: 'is-json', value: { $id: 'https://example.com/answer', type: 'object' } };
    assert.equal(parsed(withId).kind, 'deterministic');
    assert.equal(parsed(withId).kind, 'deterministic');
  });

  it('wants threshold and weight as numbers, weight not negative, metric a name', () => {
    assert.equal(problemOf({ type: 'contains', value: 'a', threshold: '0.5' }), 'promptfooconfig.yaml:12: "contains": "threshold" must be a number; got a string');
    assert.equal(problemOf({ type: 'javascript', value: '1', threshold: null }), 'promptfooconfig.yaml:12: "javascript": "threshold" must be a number; got null');
    assert.equal(problemOf({ type: 'contains', value: 'a', weight: 'heavy' }), 'promptfooconfig.yaml:12: "contains": "weight" must be a number; got a string');
    assert.equal(problemOf({ type: 'contains', value: 'a', weight: Infinity }), 'promptfooconfig.yaml:12: "contains": "weight" must be a number; got a number (Infinity)');
    assert.equal(problemOf({ type: 'contains', value: 'a', weight: -1 }), 'promptfooconfig.yaml:12: "contains": "weight" must be 0 or more (0 makes the assertion informational); got -1');
    assert.equal(
      problemOf({ type: 'levenshtein', value: 'a', threshold: -2 }),
      'promptfooconfig.yaml:12: "levenshtein": "threshold" is the largest edit distance that passes, so it must be 0 or more; got -2',
    );
    assert.equal(problemOf({ type: 'contains', value: 'a', metric: 3 }), 'promptfooconfig.yaml:12: "contains": "metric" must be a non-empty name for grouping scores; got a number (3)');
  });

  it('wants a grader provider to be a scalarlm: id', () => {
    assert.equal(
      problemOf({ type: 'llm-rubric', value: 'x', provider: 'openai:gpt-4o' }),
      'promptfooconfig.yaml:12: "llm-rubric": the grader "provider" must be a ScalarLM model id such as "scalarlm:my-model" (only ScalarLM deployments are run); got "openai:gpt-4o"',
    );
    assert.match(problemOf({ type: 'factuality', value: 'x', provider: { config: {} } }), /got an object with keys "config"$/);
    assert.equal(providerId('scalarlm:judge'), 'scalarlm:judge');
    assert.equal(providerId({ id: 'scalarlm:' }), 'scalarlm:');
    assert.equal(providerId(undefined), undefined);
  });

  it('lists keys that have no effect here, for the caller to report as ignored', () => {
    assert.deepEqual(parsed({ type: 'contains', value: 'a', transform: 'output.trim()', threshold: 0.5, provider: 'scalarlm:x' }).ignoredKeys, ['transform', 'provider', 'threshold']);
    assert.deepEqual(parsed({ type: 'llm-rubric', value: 'a', provider: 'scalarlm:x', rubricPrompt: 'p', threshold: 0.5 }).ignoredKeys, []);
    assert.deepEqual(parsed({ type: 'factuality', value: 'a', rubricPrompt: 'p' }).ignoredKeys, ['rubricPrompt']);
    assert.deepEqual(parsed({ type: 'levenshtein', value: 'a', threshold: 2, metric: 'm', weight: 0 }).ignoredKeys, []);
  });

  it('checks a whole list, each problem at its own line', () => {
    const raws = [{ type: 'contains', value: 'a' }, { type: 'regex', value: '(' }, { type: 'bogus' }];
    const problems = checkAssertions(raws, (index) => ({ file: 'cases.yaml', line: 10 + index * 3 }));
    assert.deepEqual(
      problems.map((problem) => [problem.file, problem.line]),
      [
        ['cases.yaml', 13],
        ['cases.yaml', 16],
      ],
    );
    assert.ok(problems.every((problem) => problem instanceof AssertionProblem));
    assert.match(problems[0].message, /^cases\.yaml:13: "regex": "value" is not a valid regular expression/);
    const { assertions } = parseAssertions(raws, { file: 'x.yaml', line: 1 });
    assert.deepEqual(
      assertions.map((assertion) => assertion.type),
      ['contains'],
    );
    assert.deepEqual(checkAssertions([{ type: 'not-contains', value: 'a', weight: 0, metric: 'm' }], { file: 'x.yaml', line: 1 }), []);
  });
});
