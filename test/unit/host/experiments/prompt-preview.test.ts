import * as assert from 'node:assert/strict';
import { parsePrompty, plainTemplate } from '../../../../src/core/templates';
import { fenced } from '../../../../src/host/experiments/markdown-blocks';
import { promptPreview, type PreviewVars } from '../../../../src/host/experiments/prompt-preview';
import { rowVars, sampleVars } from '../../../../src/host/experiments/preview-vars';
import { displayPath, fixturePath, promptyFixture, promptyText, readText } from './helpers';
import { guardedRead, UNCONFINED } from '../../../../src/core/files/file-access';

const probe = globalThis as Record<string, unknown>;
const flag = '__scalarlmPreviewProbe';

describe('prompt preview', () => {
  afterEach(() => delete probe[flag]);

  it('shows the header and each message under its role, content fenced, for the sample', async () => {
    const template = promptyFixture('greet.prompty');
    const preview = promptPreview({ template, vars: await sampleVars(template, guardedRead(UNCONFINED, readText)), trust: 'trusted', displayPath });
    assert.equal(preview.problem, undefined);
    assert.equal(preview.refusal, undefined);
    assert.equal(
      preview.text,
      [
        '# Preview: greet.prompty',
        '',
        '- Name: Greeter',
        '- Engine: Jinja2',
        '- Variables: the sample in greet.sample.json',
        '  - name: "Ada"',
        '  - question: "Where should I eat tonight?"',
        '  - city: "Paris" (default)',
        '- Parameters: max_tokens 120, temperature 0.3',
        '- Model (from the frontmatter): gpt-4o',
        '',
        '### system',
        '',
        '```text',
        'You are a guide for Paris. Reply in **markdown**.',
        '```',
        '',
        '### user',
        '',
        '```text',
        'Hi, I am Ada. Where should I eat tonight?',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('renders a chosen dataset row instead, and names it', async () => {
    const template = promptyFixture('greet.prompty');
    const preview = promptPreview({ template, vars: await rowVars(fixturePath('cases.csv'), 1, UNCONFINED), trust: 'trusted', displayPath });
    assert.match(preview.text, /^- Variables: row 2 of cases\.csv \(line 3\)\n {2}- name: "Linus"\n {2}- question: "Is the museum open\\non Mondays\?"\n {2}- city: "Paris" \(default\)$/m);
    assert.match(preview.text, /```text\nHi, I am Linus\. Is the museum open\non Mondays\?\n```/);
  });

  it('keeps markdown in a prompt literal: a fence longer than any inside it', () => {
    const template = promptyText('---\nname: fences\n---\nuser:\n```js\nconsole.log(1)\n```\n{{ x }}');
    const preview = promptPreview({ template, vars: { kind: 'sample', values: { x: '````' } }, trust: 'trusted', displayPath });
    assert.ok(preview.text.endsWith('### user\n\n`````text\n```js\nconsole.log(1)\n```\n````\n`````\n'), preview.text);
    assert.equal(fenced(''), '```text\n```');
  });

  it('shows a plain template as one text, with no sample', () => {
    const template = plainTemplate('User: {{ q | upper }}\nAssistant:', fixturePath('notes.txt'));
    const preview = promptPreview({ template, vars: { kind: 'none' }, trust: 'trusted', displayPath });
    assert.match(preview.text, /^- Engine: Jinja2 \(a plain template: one text, role markers are text\)$/m);
    assert.match(preview.text, /^- Variables: none given; use a test row$/m);
    assert.match(preview.text, /## Not rendered\n\n```text\nnotes\.txt:1:10: `q` is not defined; no variables are defined\n```/);
    const rendered = promptPreview({ template, vars: { kind: 'row', values: { q: 'hi' }, file: fixturePath('cases.csv'), index: 0, line: 2 }, trust: 'trusted', displayPath });
    assert.match(rendered.text, /### text\n\n```text\nUser: HI\nAssistant:\n```\n$/);
  });

  it('says what stopped the render, located, for the editor to show on the file', () => {
    const template = promptyText('---\ninputs:\n  name: {type: string}\n---\nuser:\nHello {{ name }},\nyou asked {{ question }}', 'gap.prompty');
    const preview = promptPreview({ template, vars: { kind: 'sample', values: { name: 'Ada' } }, trust: 'trusted', displayPath });
    assert.deepEqual(preview.problem, { file: fixturePath('gap.prompty'), line: 7, column: 14, detail: '`question` is not defined; defined: name' });
    assert.match(preview.text, /## Not rendered\n\n```text\ngap\.prompty:7:14: `question` is not defined; defined: name\n```\n$/);

    const syntax = promptPreview({ template: promptyText('user:\n{% if x %}open', 'syntax.prompty'), vars: { kind: 'none' }, trust: 'trusted', displayPath });
    assert.equal(syntax.problem?.file, fixturePath('syntax.prompty'));
    assert.equal(syntax.problem?.line, 2);
    assert.match(syntax.text, /## Not rendered\n\n```text\nsyntax\.prompty:2/);
  });

  it('puts a sample file that cannot be read on that file', async () => {
    const template = promptyText('---\nsample: broken.sample.json\n---\n{{ a }}', 'uses-broken.prompty');
    const vars = await sampleVars(template, guardedRead(UNCONFINED, async () => '{"a": 1,,}'));
    assert.equal(vars.kind, 'unreadable');
    const preview = promptPreview({ template, vars, trust: 'trusted', displayPath });
    assert.equal(preview.problem?.file, fixturePath('broken.sample.json'));
    assert.equal(preview.problem?.line, 1);
    assert.match(preview.text, /^- Variables: could not be read \(below\)$/m);
    assert.match(preview.text, /broken\.sample\.json:1:\d+: invalid JSON/);
    const missing = await sampleVars(promptyText('---\nsample: nowhere.json\n---\n{{ a }}', 'p.prompty'), guardedRead(UNCONFINED, readText));
    assert.ok(missing.kind === 'unreadable');
  });

  it('refuses Jinja2 in Restricted Mode (no template code runs) and still renders mustache', () => {
    const reach = promptyText(`---\nname: reach\n---\nuser:\n{{ name.constructor.constructor("globalThis.${flag} = 1")() }}`, 'reach.prompty');
    const vars: PreviewVars = { kind: 'sample', values: { name: 'x' } };
    const refused = promptPreview({ template: reach, vars, trust: 'restricted', displayPath });
    assert.ok(refused.refusal, 'a TemplateTrustError');
    assert.equal(probe[flag], undefined);
    assert.match(refused.text, /## Not rendered: this workspace is in Restricted Mode\n\nreach\.prompty:1: this workspace is in Restricted Mode/);
    assert.match(refused.text, /Manage Workspace Trust/);

    const mustache = parsePrompty('---\ntemplate: mustache\n---\nuser:\n{{name.constructor}}Hi {{name}}', fixturePath('m.prompty'));
    const rendered = promptPreview({ template: mustache, vars, trust: 'restricted', displayPath });
    assert.equal(rendered.refusal, undefined);
    assert.match(rendered.text, /^- Engine: mustache$/m);
    assert.match(rendered.text, /### user\n\n```text\nHi x\n```/);
  });
});
