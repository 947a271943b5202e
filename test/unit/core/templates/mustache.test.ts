import * as assert from 'node:assert/strict';
import Mustache from 'mustache';
import { checkTemplate, parsePrompty, plainTemplate, renderTemplate } from '../../../../src/core/templates';
import { fixture, restricted, templateError } from './helpers';

function text(template: string, vars: Record<string, unknown> = {}): string {
  const result = renderTemplate(plainTemplate(template, 'inline.txt', 'mustache'), vars, restricted);
  assert.equal(result.kind, 'text');
  return result.text;
}

describe('mustache templates', () => {
  it('never HTML-escape values, and leave mustache.js global escaping as it was', () => {
    const escape = Mustache.escape;
    assert.equal(text('{{a}} {{{a}}} {{&a}}', { a: '<b> & "q"' }), '<b> & "q" <b> & "q" <b> & "q"');
    assert.equal(Mustache.escape, escape);
    assert.equal(Mustache.render('{{a}}', { a: '<b>' }), '&lt;b&gt;');
  });

  it('render sections over lists and objects, inverted sections, dotted names and the current item', () => {
    const vars = { items: ['a', 'b'], user: { name: 'Ada', city: { name: 'Paris' } }, empty: [], on: true, off: false };
    assert.equal(text('{{#items}}[{{.}}]{{/items}}{{^empty}}none{{/empty}}{{#on}}+{{/on}}{{#off}}-{{/off}}{{^off}}!{{/off}}', vars), '[a][b]none+!');
    assert.equal(text('{{user.name}} from {{user.city.name}} {{#user}}{{name}}{{/user}} [{{user.age}}]', vars), 'Ada from Paris Ada []');
  });

  it('render a .prompty into messages, in Restricted Mode too', () => {
    assert.deepEqual(renderTemplate(fixture('mustache.prompty'), { code: 'if (a < b) {}', rules: ['Be exact.', 'Cite lines.'] }, restricted), {
      kind: 'messages',
      messages: [
        { role: 'system', content: 'You review code. Follow these rules:\n- Be exact.\n- Cite lines.' },
        { role: 'user', content: 'Review this:\nif (a < b) {}' },
      ],
    });
    assert.deepEqual(renderTemplate(fixture('mustache.prompty'), {}, restricted), {
      kind: 'messages',
      messages: [
        { role: 'system', content: 'You review code. Follow these rules:\n- Be kind.' },
        { role: 'user', content: 'Review this:' },
      ],
    });
  });

  it('make an undefined top-level variable an error naming it, its line and the variables defined', () => {
    const prompty = parsePrompty('---\ntemplate: mustache\n---\nuser:\nHello {{nmae}} from {{city}}', 'prompts/greet.prompty');
    assert.equal(templateError(() => renderTemplate(prompty, { name: 'Ada', city: 'Paris' }, restricted)).message, 'prompts/greet.prompty:5:7: `nmae` is not defined; defined: city, name');
    assert.equal(templateError(() => text('{{#itmes}}x{{/itmes}}', { items: [] })).message, 'inline.txt:1:1: `itmes` is not defined; defined: items');
  });

  it('find only own properties of the data, never functions or prototype members', () => {
    assert.match(templateError(() => text('{{constructor}}', { a: 1 })).message, /`constructor` is not defined/);
    assert.equal(text('[{{a.constructor}}][{{a.toString}}][{{a.length}}]', { a: 'abc' }), '[][][3]');
  });

  it('refuse partials at their line', () => {
    assert.deepEqual(checkTemplate(plainTemplate('Hi\n  {{> footer}}', 'p.txt', 'mustache')).map((problem) => problem.message), [
      'p.txt:2:3: partials ({{> footer}}) are not supported: a template here cannot load other files; put the text in this file',
    ]);
  });

  it('report syntax errors at their line', () => {
    assert.equal(templateError(() => text('a\n{{#open}}\nb')).message, 'inline.txt:3:2: mustache syntax error: Unclosed section "open"');
    assert.equal(templateError(() => text('a\nb {{/x}}')).message, 'inline.txt:2:3: mustache syntax error: Unopened section "x"');
  });
});
