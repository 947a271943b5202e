import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import {
  computeGroupId,
  parseRequestId,
  PythonFloat,
  pythonJsonDumps,
  queuedItemsFor,
  type QueuedItem,
  requestIdFor,
} from '../../../../src/core/api/group-id';
import type { GenerateRequest } from '../../../../src/core/api/types';
import vectors from '../../../fixtures/group-id-vectors.json';

type VectorItem = (typeof vectors.cases)[number]['requests'][number];

/** The fixture's items as the client builds them: temperature is a Python float on the server. */
function asQueuedItems(requests: readonly VectorItem[]): QueuedItem[] {
  return requests.map((item) => ({ ...item, temperature: new PythonFloat(item.temperature) }) as QueuedItem);
}

describe('group ids (protocol §1.3)', () => {
  it('uses all 13 vectors computed with Python', () => {
    assert.equal(vectors.cases.length, 13);
  });

  for (const vector of vectors.cases) {
    describe(vector.name, () => {
      it("writes Python's json.dumps byte for byte", () => {
        assert.equal(pythonJsonDumps(asQueuedItems(vector.requests)), vector.python_json_dumps);
      });

      it('hashes to the group id and names the first prompt', () => {
        const group = computeGroupId(asQueuedItems(vector.requests));
        assert.equal(group, vector.group_id);
        assert.equal(requestIdFor(group, 0), vector.first_request_id);
      });

      const first = vector.requests[0];
      const uniform = vector.requests.every((item) => JSON.stringify({ ...item, prompt: '' }) === JSON.stringify({ ...first, prompt: '' }));
      if (uniform) {
        it('is predicted from the request the client sends', () => {
          const request: GenerateRequest = {
            // Mixed shapes; an empty {prompt} would be rejected by the server, so an empty prompt stays a bare string.
            prompts: vector.requests.map((item, i) => (i % 2 === 0 || item.prompt === '' ? item.prompt : { prompt: item.prompt })),
            max_tokens: first.max_tokens,
            temperature: first.temperature,
          };
          if (first.tools !== null) request.tools = first.tools as unknown[];
          if (first.tool_choice !== null) request.tool_choice = first.tool_choice as GenerateRequest['tool_choice'];
          const items = queuedItemsFor(request, first.model);
          assert.ok(items);
          assert.equal(computeGroupId(items), vector.group_id);
        });
      }
    });
  }

  it('predicts a batch with non-ASCII text, emoji, a float temperature and tools whose numbers came through JSON', () => {
    // Expected values from Python 3.11: json.dumps(items) and hashlib.sha256 of it.
    const request: GenerateRequest = {
      prompts: ['Résumé ✓'],
      max_tokens: 64,
      temperature: 0.25,
      tools: [
        {
          type: 'function',
          function: {
            name: 'pick',
            description: 'Wähle 🎲',
            parameters: {
              type: 'object',
              properties: { n: { type: 'integer', minimum: 1, maximum: 1e21, multipleOf: 1e-7 }, ratio: { type: 'number', default: 0.5 } },
              required: ['n'],
              additionalProperties: false,
            },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'pick' } },
    };
    const items = queuedItemsFor(request, 'm');
    assert.ok(items);
    assert.equal(
      pythonJsonDumps(items),
      '[{"prompt": "R\\u00e9sum\\u00e9 \\u2713", "model": "m", "max_tokens": 64, "temperature": 0.25, "tools": [{"type": "function", "function": {"name": "pick", "description": "W\\u00e4hle \\ud83c\\udfb2", "parameters": {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "maximum": 1e+21, "multipleOf": 1e-07}, "ratio": {"type": "number", "default": 0.5}}, "required": ["n"], "additionalProperties": false}}}], "tool_choice": {"type": "function", "function": {"name": "pick"}}, "request_type": "generate"}]',
    );
    assert.equal(computeGroupId(items), '6214c739468d736870360180ee925d3057931ea8b9a90d5e4e2b2494476cc485');
  });

  it('writes nested messages, empty containers, booleans and big integers as Python does', () => {
    const nested = {
      messages: [
        { role: 'system', content: 'Tu es "utile"\n' },
        { role: 'user', content: [{ type: 'text', text: '日本語 😀' }], name: null },
      ],
      empty: [],
      obj: {},
      flags: [true, false, null],
      n: [0, -1, 2.5, 1e20],
      dropped: undefined,
    };
    assert.equal(
      pythonJsonDumps(nested),
      '{"messages": [{"role": "system", "content": "Tu es \\"utile\\"\\n"}, {"role": "user", "content": [{"type": "text", "text": "\\u65e5\\u672c\\u8a9e \\ud83d\\ude00"}], "name": null}], "empty": [], "obj": {}, "flags": [true, false, null], "n": [0, -1, 2.5, 100000000000000000000]}',
    );
  });

  it('hashes a list whose items differ in more than their prompts as the whole list dumped at once', () => {
    const base = queuedItemsFor({ prompts: ['a "quoted" é', 'b'], model: 'm', max_tokens: 8, temperature: 0.5 }, 'm') ?? [];
    const other = queuedItemsFor({ prompts: ['c'], model: 'n', max_tokens: 9, tools: [{ type: 'function', function: { name: 'f' } }] }, 'n') ?? [];
    const items = [...base, ...other, ...base];
    assert.equal(computeGroupId(items), createHash('sha256').update(pythonJsonDumps(items), 'utf8').digest('hex'));
    assert.equal(computeGroupId([]), createHash('sha256').update('[]').digest('hex'));
  });

  it("writes floats as Python's repr", () => {
    // [value, repr(value)] pairs printed by Python 3.11.
    const cases: [number, string][] = [
      [0, '0.0'],
      [-0, '-0.0'],
      [1, '1.0'],
      [0.1, '0.1'],
      [1 / 3, '0.3333333333333333'],
      [123.456, '123.456'],
      [1e15, '1000000000000000.0'],
      [1e16, '1e+16'],
      [12345678901234567, '1.2345678901234568e+16'],
      [0.0001, '0.0001'],
      [0.00001, '1e-05'],
      [1.5e-10, '1.5e-10'],
      [-2.5, '-2.5'],
      [5e-324, '5e-324'],
      [1.7976931348623157e308, '1.7976931348623157e+308'],
      [100, '100.0'],
      [1e22, '1e+22'],
      [123456789.123, '123456789.123'],
    ];
    for (const [value, repr] of cases) assert.equal(pythonJsonDumps(new PythonFloat(value)), repr, String(value));
  });

  it('cannot predict a batch with a {messages} entry (rendered by the chat template) or a shape the server rejects', () => {
    const messages = { messages: [{ role: 'user', content: 'hi' }] };
    assert.equal(queuedItemsFor({ prompts: ['a', messages] }, 'm'), undefined);
    assert.equal(queuedItemsFor({ prompts: [{ prompt: '' }] }, 'm'), undefined);
    assert.equal(queuedItemsFor({ prompts: [{ prompt: 'a', ...messages }] as GenerateRequest['prompts'] }, 'm'), undefined);
  });

  it('fills in the server defaults: max_tokens 16, temperature 0.0, tools and tool_choice null; ignores other keys of an entry', () => {
    const items = queuedItemsFor({ prompts: [{ prompt: 'x', max_tokens: 5 } as { prompt: string }] }, 'm');
    assert.equal(
      pythonJsonDumps(items),
      '[{"prompt": "x", "model": "m", "max_tokens": 16, "temperature": 0.0, "tools": null, "tool_choice": null, "request_type": "generate"}]',
    );
  });

  it('reads padded, unpadded and integer request ids', () => {
    const group = 'ab'.repeat(32);
    assert.equal(requestIdFor(group, 2), `${group}_000000002`);
    assert.deepEqual(parseRequestId(`${group}_000000002`), { group, index: 2 });
    assert.deepEqual(parseRequestId(`${group}_11`), { group, index: 11 });
    assert.deepEqual(parseRequestId(42), { group: undefined, index: 42 });
    assert.equal(parseRequestId(group), undefined);
    assert.equal(parseRequestId(`${group}_x1`), undefined);
    assert.equal(parseRequestId(-1), undefined);
  });
});
