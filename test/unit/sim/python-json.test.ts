import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeGroupId, promptId } from '../../../src/sim/wire/ids';
import { formatPythonFloat, pyDumps, pyFloat } from '../../../src/sim/wire/python-json';

interface Vector {
  name: string;
  requests: Record<string, unknown>[];
  python_json_dumps: string;
  group_id: string;
  first_request_id: string;
}

/** JSON.parse reads 1.0 as 1; temperature is a Python float, as the server's Pydantic model makes it. */
function asServerItems(requests: Record<string, unknown>[]): Record<string, unknown>[] {
  return requests.map((item) => ({ ...item, temperature: typeof item.temperature === 'number' ? pyFloat(item.temperature) : item.temperature }));
}

describe('sim: Python json.dumps and group ids (protocol §1.3)', () => {
  const fixture = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'group-id-vectors.json');
  const vectors = (JSON.parse(fs.readFileSync(fixture, 'utf8')) as { cases: Vector[] }).cases;

  it('has all 13 vectors', () => {
    assert.equal(vectors.length, 13);
  });

  for (const vector of vectors) {
    it(`reproduces "${vector.name}" byte for byte`, () => {
      const items = asServerItems(vector.requests);
      assert.equal(pyDumps(items), vector.python_json_dumps);
      assert.equal(computeGroupId(items), vector.group_id);
      assert.equal(promptId(vector.group_id, 0, 'padded'), vector.first_request_id);
    });
  }

  it('writes floats as Python repr does', () => {
    const cases: [number, string][] = [
      [0, '0.0'], [-0, '-0.0'], [1, '1.0'], [0.7, '0.7'], [1e-5, '1e-05'], [0.0001, '0.0001'], [1e16, '1e+16'],
      [1e15, '1000000000000000.0'], [123.456, '123.456'], [1.5e300, '1.5e+300'], [-2.5e-7, '-2.5e-07'], [0.1 + 0.2, '0.30000000000000004'],
    ];
    for (const [value, expected] of cases) assert.equal(formatPythonFloat(value), expected, String(value));
  });

  it('keeps ints as ints and supports the compact, unescaped FastAPI form', () => {
    assert.equal(pyDumps({ a: 1, b: [true, null], c: 'é' }), '{"a": 1, "b": [true, null], "c": "\\u00e9"}');
    assert.equal(pyDumps({ a: 1, b: pyFloat(2), c: 'é\u007f' }, { compact: true, ensureAscii: false }), '{"a":1,"b":2.0,"c":"é\u007f"}');
  });

  it('pads prompt ids to 9 digits, or not on the legacy server', () => {
    assert.equal(promptId('ab', 12, 'padded'), 'ab_000000012');
    assert.equal(promptId('ab', 12, 'unpadded'), 'ab_12');
  });
});
