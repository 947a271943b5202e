// Prompty 2's file format beside v1's, and what is refused at its line: model.api other than chat, parameters
// a cell cannot keep, `${file:…}` values that cannot be read or hold the wrong type.

import * as assert from 'node:assert/strict';
import { loadParameters, loadSample, parsePrompty } from '../../../../src/core/templates';
import { rejection } from './helpers';
import { guardedRead, UNCONFINED } from '../../../../src/core/files/file-access';

function problems(text: string): string[] {
  return parsePrompty(text, 'p.prompty').problems.map((problem) => `${problem.severity} ${problem.message}`);
}

const files = (contents: Record<string, string>) => guardedRead(UNCONFINED, async (path: string) => {
  if (path in contents) return contents[path];
  throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
});

describe('Prompty 2 and v1 file formats', () => {
  it('reads inputs as a list of {name, kind, default}, and as inputSchema.properties', () => {
    const list = parsePrompty('---\ninputs:\n  - name: q\n    kind: string\n    default: hi\n    required: true\n  - name: n\n    kind: number\n---\n{{ q }}{{ n }}', 'p.prompty');
    assert.deepEqual(list.inputs, [
      { name: 'q', type: 'string', default: 'hi', hasDefault: true, line: 3, column: 11 },
      { name: 'n', type: 'number', hasDefault: false, line: 7, column: 11 },
    ]);
    assert.deepEqual(list.problems, []);
    const schema = parsePrompty('---\ninputSchema:\n  properties:\n    - name: q\n      default: hi\n---\n{{ q }}', 'p.prompty');
    assert.deepEqual(schema.inputs.map(({ name, default: value }) => ({ name, value })), [{ name: 'q', value: 'hi' }]);
  });

  it('says at its line what is wrong with an input list or an inputSchema', () => {
    assert.deepEqual(problems('---\ninputs:\n  - kind: string\n  - plain\n---\nhi'), [
      'error p.prompty:3:5: `inputs[0]` needs a `name`: the variable the template uses',
      'error p.prompty:4:5: `inputs[1]` must be a mapping such as {name: question, kind: string}',
    ]);
    assert.deepEqual(problems('---\ninputSchema: ${file:schema.json}\n---\nhi'), [
      'error p.prompty:2:14: `inputSchema: ${file:schema.json}` is not read here: write its properties in the frontmatter (inputs: [{name, kind, default}])',
    ]);
    assert.deepEqual(problems('---\ninputSchema: [q]\n---\nhi'), ['error p.prompty:2:14: `inputSchema` must be a mapping with `properties`, a list of {name, kind, default}; got an array of 1']);
  });

  it('refuses a thread input at its line, saying how to write the conversation instead', () => {
    assert.deepEqual(problems('---\ninputs:\n  - name: history\n    kind: thread\n---\n{{ history }}'), [
      'error p.prompty:4:11: a `thread` input is not supported: write its messages with a loop, `{% for m in history %}`, a line `{{ m.role }}:` and a line `{{ m.content }}` in it',
    ]);
  });

  it('reads template: {format: {kind}, parser: {kind}}', () => {
    const prompty = parsePrompty('---\ntemplate:\n  format:\n    kind: mustache\n  parser:\n    kind: prompty\n---\n{{ q }}', 'p.prompty');
    assert.equal(prompty.engine, 'mustache');
    assert.deepEqual(prompty.problems, []);
  });

  it('reads model.id, model.apiType and model.options under their OpenAI names', () => {
    const prompty = parsePrompty('---\nmodel:\n  id: llama\n  apiType: chat\n  options:\n    maxOutputTokens: 9\n    topP: 0.5\n    stopSequences: [END]\n    topK: 3\n    additionalProperties: {seed: 4}\n---\nhi', 'p.prompty');
    assert.equal(prompty.model.modelHint, 'llama');
    assert.deepEqual(prompty.model.parameters, { max_tokens: 9, top_p: 0.5, stop: ['END'], seed: 4 });
    assert.deepEqual(
      prompty.problems.map((p) => p.message),
      ['p.prompty:9:5: ignored key `model.options.topK`: its OpenAI name is not known here (write it under model.options.additionalProperties)'],
    );
  });

  it('refuses model.api completion and embedding at their line, with the reason', () => {
    assert.deepEqual(problems('---\nmodel:\n  api: completion\n---\nhi'), [
      'error p.prompty:3:8: `model.api: completion` is not supported: a .prompty is sent as chat messages here, and a chat of its text is not the completion Prompty would request',
    ]);
    assert.match(problems('---\nmodel:\n  api: embedding\n---\nhi')[0], /^error p\.prompty:3:8: `model\.api: embedding` is not supported: .*no embedding route/);
  });

  it('checks the types of the other OpenAI parameters, and refuses n above 1 and stream', () => {
    assert.deepEqual(problems('---\nmodel:\n  parameters:\n    seed: 1.5\n    n: 2\n    stream: true\n    tools: get_weather\n    presence_penalty: 3\n---\nhi'), [
      'error p.prompty:4:11: `seed` must be an integer; got a number (1.5)',
      'error p.prompty:5:8: `n` must be 1 (a cell keeps one answer: ask for more with --repeat or evaluateOptions.repeat); got a number (2)',
      'error p.prompty:6:5: `model.parameters.stream` is not supported: answers are read whole here; remove `stream`',
      'error p.prompty:7:12: `tools` must be a list of tool definitions; got a string',
      'error p.prompty:8:23: `presence_penalty` must be a number from -2 to 2; got a number (3)',
    ]);
  });

  it('refuses ${env:…} in parameters and sample values at its line, rather than sending the literal text', () => {
    assert.deepEqual(problems('---\nmodel:\n  parameters:\n    user: ${env:USER}\nsample:\n  key: ${env:KEY}\n---\nhi'), [
      'error p.prompty:4:11: `${env:USER}` is not read here (Prompty would read the environment variable): write the value itself',
      'error p.prompty:6:3: `${env:KEY}` is not read here (Prompty would read the environment variable): write the value itself',
    ]);
  });

  it('reads ${file:…} parameters relative to the .prompty, and checks what the file holds', async () => {
    const prompty = parsePrompty('---\nmodel:\n  parameters:\n    tools: ${file:tools.json}\n    response_format:\n      type: json_schema\n      json_schema: ${file:schema.yaml}\n---\nhi', 'prompts/p.prompty');
    assert.deepEqual(prompty.problems, []);
    const read = files({ 'prompts/tools.json': '[{"type": "function", "function": {"name": "f"}}]', 'prompts/schema.yaml': 'name: s\nschema: {type: object}\n' });
    assert.deepEqual(await loadParameters(prompty, read), {
      tools: [{ type: 'function', function: { name: 'f' } }],
      response_format: { type: 'json_schema', json_schema: { name: 's', schema: { type: 'object' } } },
    });
    const wrong = await rejection(() => loadParameters(prompty, files({ 'prompts/tools.json': '{"a": 1}', 'prompts/schema.yaml': 'x: 1' })));
    assert.equal(wrong.message, 'prompts/p.prompty:4:12: `tools` must be a list of tool definitions; its file holds an object with keys "a"');
    const missing = await rejection(() => loadParameters(prompty, files({})));
    assert.equal(missing.message, 'prompts/p.prompty:4:12: cannot read `${file:tools.json}` (prompts/tools.json): it does not exist');
  });

  it('reads ${file:…} inside sample values, relative to the .prompty', async () => {
    const prompty = parsePrompty('---\nsample:\n  doc: ${file:doc.txt}\n  meta:\n    notes: ${file:notes.json}\n---\n{{ doc }}', 'prompts/p.prompty');
    assert.deepEqual(await loadSample(prompty, files({ 'prompts/doc.txt': 'A text.\n', 'prompts/notes.json': '[1, 2]' })), { doc: 'A text.\n', meta: { notes: [1, 2] } });
    const missing = await rejection(() => loadSample(prompty, files({})));
    assert.equal(missing.message, 'prompts/p.prompty:3:3: cannot read `${file:doc.txt}` (prompts/doc.txt): it does not exist');
  });
});
