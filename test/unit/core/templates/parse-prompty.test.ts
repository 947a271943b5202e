import * as assert from 'node:assert/strict';
import { checkTemplate, parsePrompty } from '../../../../src/core/templates';
import { fixture } from './helpers';

function messages(prompty: ReturnType<typeof parsePrompty>): string[] {
  return prompty.problems.map((problem) => `${problem.severity} ${problem.message}`);
}

describe('parsePrompty', () => {
  it('reads name, description, model, inputs, sample and the body with the line it starts on', () => {
    const prompty = fixture('greet.prompty');
    assert.equal(prompty.name, 'Greeter');
    assert.equal(prompty.description, 'Greets a user by name and answers a question');
    assert.equal(prompty.engine, 'jinja2');
    assert.deepEqual(prompty.model, { parameters: { max_tokens: 200, temperature: 0.2, stop: ['\nuser:'] }, fileParameters: [], modelHint: 'gpt-4o' });
    assert.deepEqual(prompty.inputs, [
      { name: 'name', type: 'string', description: 'Who is asking', hasDefault: false, line: 17, column: 3 },
      { name: 'city', type: 'string', default: 'Paris', hasDefault: true, line: 20, column: 3 },
    ]);
    assert.equal(prompty.sample?.kind, 'file');
    assert.equal(prompty.bodyStartLine, 25);
    assert.ok(prompty.body.startsWith('system:\nYou are a friendly guide'));
    assert.deepEqual(prompty.frontmatter.authors, ['Prompt Lab']);
  });

  it('notes the provider settings it ignores, each at its line and column', () => {
    assert.deepEqual(messages(fixture('greet.prompty')), [
      'note prompts/greet.prompty:9:5: ignored provider setting `model.configuration.type`: prompts run on the ScalarLM deployment',
      'note prompts/greet.prompty:11:5: ignored provider setting `model.configuration.api_version`: prompts run on the ScalarLM deployment',
    ]);
  });

  it('keeps unknown keys and lists them as notes, never as errors', () => {
    const prompty = parsePrompty('---\nname: x\nowner: team-a\nevaluators:\n  - relevance\n---\nhi', 'p.prompty');
    assert.deepEqual(prompty.frontmatter, { name: 'x', owner: 'team-a', evaluators: ['relevance'] });
    assert.deepEqual(messages(prompty), ['note p.prompty:3:1: ignored key `owner`', 'note p.prompty:4:1: ignored key `evaluators`']);
  });

  it('keeps a key named __proto__ as a key', () => {
    const prompty = parsePrompty('---\n__proto__: {polluted: true}\nmodel:\n  parameters:\n    __proto__: {polluted: true}\n---\nhi', 'p.prompty');
    assert.deepEqual(Object.keys(prompty.frontmatter), ['__proto__', 'model']);
    assert.equal(Object.getPrototypeOf(prompty.frontmatter), Object.prototype);
    assert.equal(Object.getPrototypeOf(prompty.model.parameters), Object.prototype);
    assert.deepEqual(Object.keys(prompty.model.parameters), ['__proto__']);
  });

  it('checks the types of max_tokens, temperature, top_p and stop, and keeps other parameters as written', () => {
    const text = [
      '---',
      'model:',
      '  parameters:',
      '    max_tokens: 1.5',
      '    temperature: hot',
      '    top_p: 3',
      '    stop: [1, 2]',
      '    seed: 7',
      '    response_format: {type: json_object}',
      '---',
      'hi',
    ].join('\n');
    const prompty = parsePrompty(text, 'p.prompty');
    assert.deepEqual(prompty.model.parameters, { seed: 7, response_format: { type: 'json_object' } });
    assert.deepEqual(messages(prompty), [
      'error p.prompty:4:17: `max_tokens` must be a positive integer; got a number (1.5)',
      'error p.prompty:5:18: `temperature` must be a number of at least 0; got a string',
      'error p.prompty:6:12: `top_p` must be a number from 0 to 1; got a number (3)',
      'error p.prompty:7:11: `stop` must be a string or a list of strings; got an array of 2',
    ]);
    const valid = parsePrompty('---\nmodel:\n  parameters: {max_tokens: 5, temperature: 0, top_p: 1, stop: END}\n---\nhi', 'p.prompty');
    assert.deepEqual(valid.model.parameters, { max_tokens: 5, temperature: 0, top_p: 1, stop: 'END' });
    assert.deepEqual(valid.problems, []);
  });

  it('reads the model name hint from model, name or azure_deployment, or a model given as a string', () => {
    const hint = (configuration: string) => parsePrompty(`---\nmodel:\n  configuration: ${configuration}\n---\nhi`, 'p.prompty').model.modelHint;
    assert.equal(hint('{type: openai, name: gpt-4}'), 'gpt-4');
    assert.equal(hint('{azure_deployment: dep}'), 'dep');
    assert.equal(hint('{model: llama, name: other}'), 'llama');
    assert.equal(hint('{type: openai}'), undefined);
    assert.equal(parsePrompty('---\nmodel: tiny-llama\n---\nhi', 'p.prompty').model.modelHint, 'tiny-llama');
  });

  it('reads inputs in the long form and in the short form {name: default}', () => {
    const prompty = parsePrompty('---\ninputs:\n  topic: cats\n  count: 3\n  empty:\n  detail: {type: string, required: true}\n---\nhi', 'p.prompty');
    assert.deepEqual(
      prompty.inputs.map(({ name, type, default: value, hasDefault }) => ({ name, type, value, hasDefault })),
      [
        { name: 'topic', type: undefined, value: 'cats', hasDefault: true },
        { name: 'count', type: undefined, value: 3, hasDefault: true },
        { name: 'empty', type: undefined, value: undefined, hasDefault: false },
        { name: 'detail', type: 'string', value: undefined, hasDefault: false },
      ],
    );
    // `required` changes nothing: every variable a template uses needs a value.
    assert.deepEqual(messages(prompty), []);
  });

  it('reads the sample as an object, a path beside the file, or ${file:...}', () => {
    const inline = parsePrompty('---\nsample:\n  name: Ada\n---\nhi', 'prompts/p.prompty').sample;
    assert.deepEqual(inline, { kind: 'inline', values: { name: 'Ada' }, line: 3, column: 3 });
    const path = parsePrompty('---\nsample: data/s.json\n---\nhi', 'prompts/p.prompty').sample;
    assert.deepEqual(path, { kind: 'file', path: 'prompts/data/s.json', written: 'data/s.json', line: 2, column: 9 });
    const reference = parsePrompty('---\nsample: ${file:s.json}\n---\nhi', 'prompts/p.prompty').sample;
    assert.equal(reference?.kind === 'file' && reference.path, 'prompts/s.json');
    assert.deepEqual(messages(parsePrompty('---\nsample: [1]\n---\nhi', 'p.prompty')), [
      'error p.prompty:2:9: `sample` must be a mapping of input values or the path of a JSON file; got an array of 1',
    ]);
  });

  it('takes the template engine as a name or as Prompty object form, and refuses other engines', () => {
    const engine = (template: string) => parsePrompty(`---\ntemplate: ${template}\n---\nhi`, 'p.prompty');
    assert.equal(engine('mustache').engine, 'mustache');
    assert.equal(engine('Jinja2').engine, 'jinja2');
    assert.equal(engine('{format: mustache, parser: prompty}').engine, 'mustache');
    assert.equal(engine('{type: mustache}').engine, 'mustache');
    assert.deepEqual(messages(engine('handlebars')), ['error p.prompty:2:11: template engine `handlebars` is not supported; use jinja2 or mustache']);
    assert.deepEqual(messages(engine('{format: jinja2, parser: none}')), [
      'note p.prompty:2:36: ignored `template.parser: none`: the body is always split at its role markers',
    ]);
  });

  it('reports YAML errors with the file line and column', () => {
    const prompty = parsePrompty('---\nname: a\nname: b\nmodel: [1,\n---\nhi', 'p.prompty');
    assert.deepEqual(
      prompty.problems.map((problem) => `${problem.line}:${problem.column} ${problem.detail}`),
      [
        '3:1 invalid YAML: Map keys must be unique',
        '4:11 invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
        '4:8 `model` must be a mapping with parameters and configuration; got an array of 1',
      ],
    );
    assert.deepEqual(messages(parsePrompty('---\n- a\n---\nhi', 'p.prompty')), [
      'error p.prompty:2:1: the frontmatter must be a mapping of keys such as name, model and inputs; got an array of 1',
    ]);
  });

  it('says when the frontmatter is never closed', () => {
    const prompty = parsePrompty('---\nname: x\nsystem:\nhi', 'p.prompty');
    assert.deepEqual(messages(prompty).slice(0, 1), ['error p.prompty:1:1: the frontmatter opened here has no closing `---` line; end it with a line of ---']);
  });

  it('reads a file without frontmatter as all body', () => {
    const prompty = parsePrompty('\nuser:\nhi', 'p.prompty');
    assert.equal(prompty.bodyStartLine, 1);
    assert.equal(prompty.body, '\nuser:\nhi');
    assert.deepEqual(prompty.problems, []);
  });

  it('counts lines the same in files with CRLF line breaks and a byte order mark', () => {
    const crlf = fixture('crlf.prompty');
    assert.equal(crlf.name, 'Windows file');
    assert.equal(crlf.bodyStartLine, 4);
    assert.ok(!crlf.body.includes('\r'));
    assert.deepEqual(
      checkTemplate(crlf).map((problem) => problem.message),
      [],
    );
    const bom = fixture('bom.prompty');
    assert.equal(bom.name, 'With BOM');
    assert.equal(bom.bodyStartLine, 4);
  });
});
