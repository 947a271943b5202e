import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pyJsonLoads } from '../../../src/sim/wire/python-json-loads';
import { json, post, results, useSimulator } from './helpers';

interface Vector {
  name: string;
  body: string;
  valid: boolean;
  msg?: string;
  pos?: number;
}

const fixture = path.join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'python-json-errors.json');
const vectors = (JSON.parse(fs.readFileSync(fixture, 'utf8')) as { cases: Vector[] }).cases;

describe('sim: bodies that are not JSON, decoded as Python does (protocol §11)', () => {
  describe('pyJsonLoads against CPython json.loads', () => {
    for (const vector of vectors) {
      it(vector.valid ? `reads "${vector.name}"` : `reports "${vector.name}" as ${vector.msg} at ${vector.pos}`, () => {
        const decoded = pyJsonLoads(vector.body);
        if (vector.valid) assert.equal(decoded.ok, true);
        else assert.deepEqual(decoded, { ok: false, message: vector.msg, position: vector.pos });
      });
    }

    it('reads NaN and the infinities as numbers, and keeps a "__proto__" key as data', () => {
      assert.deepEqual(pyJsonLoads('[NaN, Infinity, -Infinity, 1.5e3]'), { ok: true, value: [NaN, Infinity, -Infinity, 1500] });
      const decoded = pyJsonLoads('{"__proto__": {"polluted": true}, "a": "\\u00e9\\ud83d\\ude80", "b": NaN}');
      assert.ok(decoded.ok);
      const value = decoded.value as Record<string, unknown>;
      assert.deepEqual(Object.keys(value), ['__proto__', 'a', 'b']);
      assert.equal(value.a, 'é🚀');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });
  });

  describe('over HTTP', () => {
    const sim = useSimulator({ zeroLatency: true });

    for (const vector of vectors.filter((v) => !v.valid)) {
      it(`answers "${vector.name}" with 422 json_invalid at loc ["body", ${vector.pos}]`, async () => {
        const reply = await post(sim(), '/v1/generate', vector.body);
        assert.equal(reply.status, 422);
        assert.deepEqual(json(reply), {
          detail: [{ type: 'json_invalid', loc: ['body', vector.pos], msg: 'JSON decode error', input: {}, ctx: { error: vector.msg } }],
        });
      });
    }

    it('takes a body that starts with a UTF-8 byte order mark, as json.loads does for bytes', async () => {
      const reply = await post(sim(), '/v1/generate', '\ufeff{"prompts": ["with a BOM"], "max_tokens": 3}');
      assert.equal(reply.status, 200);
      assert.equal(results(reply).length, 1);
    });
  });
});
