import * as assert from 'node:assert/strict';
import { scanJson } from '../../../../src/core/prompts/json-scanner';

function problemAt(text: string): { offset: number; problem: string } {
  const scan = scanJson(text, 2);
  assert.ok(!scan.ok, `expected ${JSON.stringify(text)} to be refused`);
  return { offset: scan.offset, problem: scan.problem };
}

describe('scanJson', () => {
  it('accepts what JSON.parse accepts', () => {
    const valid = ['0', '-0.5e+10', '"a\\u00e9\\n\\"\\\\\\/"', 'true', 'null', ' [ ] ', '{}', '{"a":[1,{"b":[false]}],"c":"d"}', '[-1E3, 2.5]'];
    for (const text of valid) {
      JSON.parse(text);
      assert.ok(scanJson(text, 2).ok, text);
    }
  });

  it('records where each element and member starts and ends', () => {
    const text = '[ "a",\n  {"b": 1} ]';
    const scan = scanJson(text, 2);
    assert.ok(scan.ok);
    const [first, second] = scan.root.elements ?? [];
    assert.equal(text.slice(first.start, first.end), '"a"');
    assert.equal(text.slice(second.start, second.end), '{"b": 1}');
    assert.deepEqual(second.members?.map((member) => [member.key, member.keyStart]), [['b', 10]]);
  });

  it('does not record children below the depth asked for', () => {
    const scan = scanJson('[[[1]]]', 1);
    assert.ok(scan.ok);
    assert.equal(scan.root.elements?.length, 1);
    assert.equal(scan.root.elements?.[0].elements, undefined);
  });

  it('refuses what JSON.parse refuses, at the offending character, saying what was expected', () => {
    const cases: [string, number, RegExp][] = [
      ['[1,]', 3, /after ','; got '\]' \(JSON allows no trailing comma\)/],
      ['{"a":1,}', 7, /expected a property name in double quotes; got '}' \(JSON allows no trailing comma\)/],
      ["{'a':1}", 1, /got ''' \(JSON strings use double quotes\)/],
      ['[1 2]', 3, /expected ',' or '\]' after an array element; got '2'/],
      ['{"a" 1}', 5, /expected ':' after the property name/],
      ['"abc', 0, /unterminated string/],
      ['"a\nb"', 2, /a line break inside a string must be written \\n/],
      ['"a\tb"', 2, /control character U\+0009 inside a string/],
      ['"\\x"', 1, /invalid escape '\\x'/],
      ['"\\u12"', 1, /invalid \\u escape/],
      ['01', 0, /cannot start with 0/],
      ['1.', 2, /a digit after the decimal point; got the end of the input/],
      ['-', 1, /expected a digit/],
      ['True', 0, /JSON literals are lowercase/],
      ['NaN', 0, /NaN is not JSON/],
      ['', 0, /got the end of the input/],
      ['{} {}', 3, /after the JSON value; expected the end of the input/],
      ['[', 1, /got the end of the input/],
    ];
    for (const [text, offset, problem] of cases) {
      assert.throws(() => JSON.parse(text));
      const found = problemAt(text);
      assert.equal(found.offset, offset, `offset for ${JSON.stringify(text)}: ${found.problem}`);
      assert.match(found.problem, problem);
    }
  });

  it('refuses nesting deep enough to threaten the call stack', () => {
    assert.match(problemAt('['.repeat(600) + ']'.repeat(600)).problem, /nested deeper than 512 levels/);
  });
});
