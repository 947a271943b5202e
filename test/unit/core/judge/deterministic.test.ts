import * as assert from 'node:assert/strict';
import { judgeOne } from './judge-helpers';

type Case = [raw: Record<string, unknown>, output: string, pass: boolean, reason?: string | RegExp];

function check(cases: Case[]): void {
  for (const [raw, output, pass, reason] of cases) {
    const result = judgeOne(raw, output);
    const label = `${JSON.stringify(raw)} on ${JSON.stringify(output)}`;
    assert.equal(result.pass, pass, `${label}: ${result.reason}`);
    assert.equal(result.status, pass ? 'pass' : 'fail', label);
    assert.equal(result.score, pass ? 1 : 0, label);
    assert.equal(result.type, raw.type, label);
    if (reason instanceof RegExp) assert.match(result.reason, reason, label);
    else if (reason !== undefined) assert.equal(result.reason, reason, label);
    else if (pass) assert.equal(result.reason, 'Assertion passed', label);
  }
}

describe('deterministic assertions', () => {
  it('equals compares text exactly, and an object or list value as JSON', () => {
    check([
      [{ type: 'equals', value: 'Paris' }, 'Paris', true],
      [{ type: 'equals', value: 'Paris' }, 'Paris.', false, 'Expected output "Paris." to equal "Paris"'],
      [{ type: 'equals', value: 'Paris' }, ' Paris', false],
      [{ type: 'equals', value: 4 }, '4', true],
      [{ type: 'equals', value: true }, 'true', true],
      [{ type: 'equals', value: { city: 'Paris', n: [1, 2] } }, '{"n": [1, 2], "city": "Paris"}', true],
      [{ type: 'equals', value: { city: 'Paris' } }, '{"city": "Lyon"}', false, 'Expected output "{\\"city\\": \\"Lyon\\"}" to equal the JSON "{\\"city\\":\\"Paris\\"}"'],
      [{ type: 'equals', value: ['a', 'b'] }, '["a","b"]', true],
      [{ type: 'equals', value: { city: 'Paris' } }, 'city: Paris', false],
      [{ type: 'not-equals', value: 'Paris' }, 'Lyon', true],
      [{ type: 'not-equals', value: 'Paris' }, 'Paris', false, 'Expected output "Paris" to not equal "Paris"'],
      [{ type: 'not-equals', value: { a: 1 } }, 'not json', true],
    ]);
  });

  it('contains and icontains look for a string or a number', () => {
    check([
      [{ type: 'contains', value: 'Paris' }, 'The capital is Paris.', true],
      [{ type: 'contains', value: 'paris' }, 'The capital is Paris.', false, 'Expected output "The capital is Paris." to contain "paris"'],
      [{ type: 'contains', value: 42 }, 'It is 42.', true],
      [{ type: 'icontains', value: 'paris' }, 'PARIS!', true],
      [{ type: 'icontains', value: 'lyon' }, 'PARIS!', false, 'Expected output "PARIS!" to contain "lyon" (ignoring case)'],
      [{ type: 'not-contains', value: 'sorry' }, 'Here you go.', true],
      [{ type: 'not-contains', value: 'sorry' }, 'I am sorry.', false, 'Expected output "I am sorry." to not contain "sorry"'],
      [{ type: 'not-icontains', value: 'SORRY' }, 'sorry', false],
    ]);
  });

  it('contains-any and contains-all take a list or comma-separated items, quoted when they hold commas', () => {
    check([
      [{ type: 'contains-any', value: ['Paris', 'Lyon'] }, 'Lyon is nice', true],
      [{ type: 'contains-any', value: 'Paris, Lyon' }, 'Lyon is nice', true],
      [{ type: 'contains-any', value: 'Paris,Lyon' }, 'Nice is nice', false, 'Expected output "Nice is nice" to contain one of ["Paris", "Lyon"]: none of them is there'],
      [{ type: 'contains-all', value: 'Paris, France' }, 'Paris, France', true],
      [{ type: 'contains-all', value: ['Paris', 'France', 'Europe'] }, 'Paris, France', false, 'Expected output "Paris, France" to contain all of ["Paris", "France", "Europe"]: missing ["Europe"]'],
      [{ type: 'contains-all', value: '"Paris, France", Europe' }, 'Paris, France is in Europe', true],
      [{ type: 'contains-all', value: '"Paris, France", Europe' }, 'France, Paris is in Europe', false, /missing \["Paris, France"\]/],
      [{ type: 'contains-all', value: '"say ""hi""", "back\\\\slash"' }, 'say "hi" or back\\slash', true],
      [{ type: 'contains-all', value: [1, 2] }, '1 and 2', true],
      [{ type: 'icontains-any', value: 'PARIS, LYON' }, 'paris', true],
      [{ type: 'icontains-any', value: ['x', 'y'] }, 'paris', false, 'Expected output "paris" to contain one of ["x", "y"] (ignoring case): none of them is there'],
      [{ type: 'icontains-all', value: 'PARIS, france' }, 'Paris, France', true],
      [{ type: 'icontains-all', value: 'PARIS, spain' }, 'Paris, France', false, /missing \["spain"\]/],
      [{ type: 'not-contains-any', value: 'sorry, apologize' }, 'Here it is', true],
      [{ type: 'not-contains-any', value: 'sorry, apologize' }, 'I apologize', false, 'Expected output "I apologize" to not contain one of ["sorry", "apologize"]: found "apologize"'],
      [{ type: 'not-contains-all', value: 'a, b' }, 'a only', true],
      [{ type: 'not-contains-all', value: 'a, b' }, 'a and b', false],
      [{ type: 'not-icontains-all', value: 'A, B' }, 'a and b', false],
      [{ type: 'not-icontains-any', value: 'X' }, 'a and b', true],
    ]);
  });

  it('starts-with and regex', () => {
    check([
      [{ type: 'starts-with', value: 'Yes' }, 'Yes, indeed', true],
      [{ type: 'starts-with', value: 'Yes' }, ' Yes', false, 'Expected output " Yes" to start with "Yes"'],
      [{ type: 'not-starts-with', value: 'As an AI' }, 'Sure', true],
      [{ type: 'regex', value: '^\\d{3}-\\d{4}$' }, '555-1234', true],
      [{ type: 'regex', value: '^\\d{3}-\\d{4}$' }, 'call 555-1234', false, 'Expected output "call 555-1234" to match the regular expression "^\\\\d{3}-\\\\d{4}$"'],
      [{ type: 'not-regex', value: 'error' }, 'fine', true],
      [{ type: 'not-regex', value: 'error' }, 'an error', false],
    ]);
  });

  it('is-json, optionally against a JSON Schema given as an object or as JSON text', () => {
    const schema = { type: 'object', required: ['city'], properties: { city: { type: 'string' }, mail: { type: 'string', format: 'email' } } };
    check([
      [{ type: 'is-json' }, '{"a": 1}', true],
      [{ type: 'is-json' }, '[1, 2]', true],
      [{ type: 'is-json' }, 'Sure! {"a": 1}', false, /^Expected output "Sure! \{\\"a\\": 1\}" to be valid JSON: it is not JSON \(/],
      [{ type: 'is-json', value: schema }, '{"city": "Paris"}', true],
      [{ type: 'is-json', value: JSON.stringify(schema) }, '{"city": "Paris"}', true],
      [{ type: 'is-json', value: schema }, '{"town": "Paris"}', false, `Expected output "{\\"town\\": \\"Paris\\"}" to be JSON matching the schema: it does not match: JSON must have required property 'city'`],
      [{ type: 'is-json', value: schema }, '{"city": "Paris", "mail": "nope"}', false, /JSON\/mail must match format "email"/],
      [{ type: 'is-json', value: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'number' }] } }, '[1]', true],
      [{ type: 'is-json', value: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', prefixItems: [{ type: 'number' }] } }, '["a"]', false],
      [{ type: 'not-is-json' }, 'plain words', true],
      [{ type: 'not-is-json' }, '{}', false, 'Expected output "{}" to not be valid JSON'],
      [{ type: 'not-is-json', value: schema }, '{"town": "Paris"}', true],
      [{ type: 'not-is-json', value: schema }, '{"city": "Paris"}', false, 'Expected output "{\\"city\\": \\"Paris\\"}" to not be JSON matching the schema'],
    ]);
  });

  it('contains-json finds an object or a list inside prose or a fence', () => {
    const schema = { type: 'object', required: ['answer'] };
    check([
      [{ type: 'contains-json' }, 'Here it is: {"a": {"b": "}"}} and more', true],
      [{ type: 'contains-json' }, '```json\n[1, 2, 3]\n```', true],
      [{ type: 'contains-json' }, 'no json {here} [or, here]', false, 'Expected output "no json {here} [or, here]" to contain valid JSON: no JSON object or array was found'],
      [{ type: 'contains-json', value: schema }, 'first {"x": 1} then {"answer": 42}', true],
      [{ type: 'contains-json', value: schema }, 'only {"x": 1}', false, `Expected output "only {\\"x\\": 1}" to contain JSON matching the schema: the JSON found does not match: JSON must have required property 'answer'`],
      [{ type: 'contains-json', value: schema }, '{"x": 1} {"y": 2}', false, /none of the 2 JSON values found does not match/],
      [{ type: 'not-contains-json' }, 'just words', true],
      [{ type: 'not-contains-json' }, 'see {"a": 1}', false],
      [{ type: 'not-contains-json', value: schema }, 'see {"a": 1}', true],
    ]);
  });

  it('levenshtein passes within the threshold distance, 5 by default', () => {
    check([
      [{ type: 'levenshtein', value: 'Hello world' }, 'Hello world', true],
      [{ type: 'levenshtein', value: 'Hello world' }, 'Hallo wereld!', true],
      [{ type: 'levenshtein', value: 'Hello world' }, 'Goodbye world', false, 'Expected output "Goodbye world" to be within Levenshtein distance 5 of "Hello world": the distance is 7'],
      [{ type: 'levenshtein', value: 'Hello world', threshold: 7 }, 'Goodbye world', true],
      [{ type: 'levenshtein', value: 'abc', threshold: 0 }, 'abd', false, /distance 0 of "abc": the distance is 1/],
      [{ type: 'not-levenshtein', value: 'abc', threshold: 1 }, 'xyz', true],
      [{ type: 'not-levenshtein', value: 'abc', threshold: 1 }, 'abd', false, 'Expected output "abd" to not be within Levenshtein distance 1 of "abc": the distance is 1'],
    ]);
  });

  it('cuts long values short in reasons, saying how long an output cut short was', () => {
    const long = 'x'.repeat(500);
    const { reason } = judgeOne({ type: 'contains', value: long }, 'short');
    assert.ok(reason.length < 200, reason);
    assert.match(reason, /^Expected output "short" to contain "x{120}…"$/);
    const seen = judgeOne({ type: 'contains', value: 'Paris' }, `${'Lyon '.repeat(100)}`).reason;
    assert.match(seen, /^Expected output "(Lyon ){24}…" \(500 characters\) to contain "Paris"$/);
  });

  it('says where a long output parts from the expected text, which the cut quotes may not show', () => {
    const expected = `${'a'.repeat(200)}b`;
    assert.match(judgeOne({ type: 'equals', value: expected }, `${'a'.repeat(200)}c`).reason, /: they differ from character 201$/);
    assert.match(judgeOne({ type: 'equals', value: expected }, 'a'.repeat(150)).reason, /: the output ends after character 150, where the expected text goes on$/);
    assert.match(judgeOne({ type: 'equals', value: 'short' }, `short${'!'.repeat(200)}`).reason, /: the output goes on past the end of the expected text, from character 6$/);
    assert.equal(judgeOne({ type: 'equals', value: 'Paris' }, 'Lyon').reason, 'Expected output "Lyon" to equal "Paris"', 'short texts are shown whole');
  });
});
