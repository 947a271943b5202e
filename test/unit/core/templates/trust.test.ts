import * as assert from 'node:assert/strict';
import { compileTemplate, parsePrompty, plainTemplate, renderTemplate, TemplateError, TemplateTrustError } from '../../../../src/core/templates';
import { restricted, trusted } from './helpers';

const flag = '__scalarlmTemplateTrustProbe';
const payload = `{{ x.constructor.constructor("globalThis.${flag} = true; return 'ran'")() }}`;
const probe = globalThis as Record<string, unknown>;

describe('the trust rule', () => {
  afterEach(() => delete probe[flag]);

  it('refuses Jinja2 in Restricted Mode with TemplateTrustError, and no template code runs', () => {
    const prompty = parsePrompty(`---\nname: reach\n---\nuser:\n${payload}`, 'prompts/reach.prompty');
    let error: unknown;
    try {
      renderTemplate(prompty, { x: 'a' }, restricted);
    } catch (caught) {
      error = caught;
    }
    assert.ok(error instanceof TemplateTrustError);
    assert.ok(error instanceof TemplateError);
    assert.equal(
      error.message,
      'prompts/reach.prompty:1: this workspace is in Restricted Mode, and Jinja2 templates run only in trusted workspaces (a Jinja2 template can run code); trust the workspace to render it, or write the template with `template: mustache`',
    );
    assert.equal(probe[flag], undefined);
    assert.throws(() => renderTemplate(plainTemplate(payload, 'inline.txt'), { x: 'a' }, restricted), TemplateTrustError);
    assert.equal(probe[flag], undefined);
  });

  it('renders text with no Jinja2 tag in Restricted Mode (nothing in it can run), and refuses any tag', () => {
    assert.deepEqual(renderTemplate(plainTemplate('Say hi, {politely} [[sim:respond=hi]]', 'inline.txt'), {}, restricted), { kind: 'text', text: 'Say hi, {politely} [[sim:respond=hi]]' });
    for (const tagged of ['Hi {{ name }}', 'Hi {% if x %}x{% endif %}', 'Hi {# note #}']) assert.throws(() => renderTemplate(plainTemplate(tagged, 'inline.txt'), { name: 'a', x: 1 }, restricted), TemplateTrustError, tagged);
  });

  it('still refuses after the same template rendered in a trusted workspace', () => {
    const compiled = compileTemplate(plainTemplate('{{ x }}', 'inline.txt'));
    assert.deepEqual(compiled.render({ x: 'a' }, trusted), { kind: 'text', text: 'a' });
    assert.throws(() => compiled.render({ x: 'a' }, restricted), TemplateTrustError);
  });

  it('renders Jinja2 as the code it is in a trusted workspace (which is why Restricted Mode refuses it)', () => {
    assert.deepEqual(renderTemplate(plainTemplate(payload, 'inline.txt'), { x: 'a' }, trusted), { kind: 'text', text: 'ran' });
    assert.equal(probe[flag], true);
  });

  it('renders mustache in Restricted Mode, where a template can reach no code', () => {
    const prompty = parsePrompty('---\ntemplate: mustache\n---\nuser:\n{{x.constructor.constructor}}{{x}}', 'p.prompty');
    assert.deepEqual(renderTemplate(prompty, { x: 'a' }, restricted), { kind: 'messages', messages: [{ role: 'user', content: 'a' }] });
  });
});
