import * as assert from 'node:assert/strict';
import { checkTemplate, parsePrompty, plainTemplate, renderTemplate } from '../../../../src/core/templates';
import { fixture, templateError, trusted } from './helpers';

function text(template: string, vars: Record<string, unknown> = {}): string {
  const result = renderTemplate(plainTemplate(template, 'inline.txt'), vars, trusted);
  assert.equal(result.kind, 'text');
  return result.text;
}

describe('Jinja2 templates', () => {
  it('have the filters prompts use, tojson included', () => {
    const vars = { name: '  ada lovelace ', tags: ['b', 'a', 'c'], long: 'abcdefghijkl', user: { id: 7, tags: ['x'] } };
    assert.equal(text('{{ name | trim | title }}|{{ name | upper | trim }}|{{ "ABC" | lower }}', vars), 'Ada Lovelace|ADA LOVELACE|abc');
    assert.equal(text('{{ tags | join(", ") }}|{{ tags | length }}|{{ tags | first }}|{{ tags | last }}|{{ tags | sort | join }}', vars), 'b, a, c|3|b|c|abc');
    assert.equal(text('{{ missing | default("none") }}|{{ "" | default("empty", true) }}|{{ "a-b" | replace("-", "+") }}', vars), 'none|empty|a+b');
    assert.equal(text('{{ long | truncate(5) }}', vars), 'abcde...');
    assert.equal(text('{{ user | tojson }}|{{ tags | tojson(2) }}', vars), '{"id":7,"tags":["x"]}|[\n  "b",\n  "a",\n  "c"\n]');
  });

  it("iterate a mapping's keys and have dict methods, as Jinja2 does; a template rendered as nunjucks (promptfoo) keeps nunjucks' meaning", () => {
    const vars = { m: { a: 1, b: 2 }, l: ['x', 'y'] };
    const template = '[{% for x in m %}{{ x }}{% endfor %}] {% for k, v in m.items() %}{{ k }}={{ v }};{% endfor %} {{ m.keys() | join }} {{ m.values() | join }} {% for x in l %}{{ x }}{% endfor %}';
    assert.equal(text(template, vars), '[ab] a=1;b=2; ab 12 xy');
    const nunjucks = renderTemplate({ ...plainTemplate('[{% for x in m %}{{ x }}{% endfor %}] {{ l }} {{ m }}\n', 'p.txt'), renderer: 'nunjucks' }, vars, trusted);
    assert.deepEqual(nunjucks, { kind: 'text', text: '[] x,y [object Object]\n' });
    assert.match(templateError(() => text('{{ n.items() }}', { n: 3 })).message, /`items\(\)` needs a mapping; got number/);
  });

  it('have loops with loop.index, conditionals, set, comments and whitespace control', () => {
    const template = [
      '{# a comment #}{% set sep = "; " %}',
      '{%- for item in items -%}',
      '{{ loop.index }}. {{ item.name }}{% if item.price > 10 %} (dear){% elif item.price == 0 %} (free){% else %} (cheap){% endif %}',
      '{%- if not loop.last %}{{ sep }}{% endif -%}',
      '{%- endfor %}',
      '{% for x in [] %}{{ x }}{% else %}nothing else{% endfor %}',
    ].join('\n');
    const items = [
      { name: 'tea', price: 3 },
      { name: 'cake', price: 12 },
      { name: 'water', price: 0 },
    ];
    assert.equal(text(template, { items }), '1. tea (cheap); 2. cake (dear); 3. water (free)\nnothing else');
  });

  it('keep Jinja2 whitespace defaults: blocks are not trimmed, one trailing newline is dropped', () => {
    assert.equal(text('{% if true %}\n  hi\n{% endif %}\n'), '\n  hi\n');
    assert.equal(text('line\n\n'), 'line\n');
  });

  it('render numbers, booleans and null as nunjucks does, lists and objects as JSON', () => {
    assert.equal(text('{{ n }} {{ f }} {{ yes }} {{ no }} [{{ nothing }}] {{ list }} {{ obj }}', { n: 3, f: 0.5, yes: true, no: false, nothing: null, list: [1, 'a'], obj: { a: 1 } }), '3 0.5 true false [] [1,"a"] {"a":1}');
  });

  it('render a missing attribute of a defined object as empty, as Jinja2 does', () => {
    assert.equal(text('[{{ user.nmae }}]', { user: { name: 'Ada' } }), '[]');
  });

  it('make an undefined variable an error naming it, its file line and the variables that are defined', () => {
    const prompty = fixture('greet.prompty');
    const error = templateError(() => renderTemplate(prompty, { name: 'Ada', question: undefined }, trusted));
    assert.equal(error.message, 'prompts/greet.prompty:30:4: `question` is not defined; defined: city, name');
    assert.equal(error.file, 'prompts/greet.prompty');
    assert.equal(error.line, 30);
    const crlf = templateError(() => renderTemplate(fixture('crlf.prompty'), { name: 'x' }, trusted));
    assert.equal(crlf.message, 'prompts/crlf.prompty:8:4: `nmae` is not defined; defined: name');
    assert.equal(templateError(() => text('{% if flag %}x{% endif %}')).message, 'inline.txt:1:7: `flag` is not defined; no variables are defined');
  });

  it('find variables anywhere in an expression: comparisons, tests, inline if', () => {
    assert.equal(templateError(() => text('{% if a > b %}x{% endif %}', { a: 1 })).message, 'inline.txt:1:11: `b` is not defined; defined: a');
    assert.equal(templateError(() => text('{% if a == 1 and c in d %}x{% endif %}', { a: 1, c: 2 })).message, 'inline.txt:1:23: `d` is not defined; defined: a, c');
    assert.equal(templateError(() => text('{{ "x" if a else z }}', { a: false })).message, 'inline.txt:1:18: `z` is not defined; defined: a');
  });

  it('do not count loop variables, set targets, macro arguments or globals as undefined', () => {
    const template = '{% set greeting = "hi" %}{% macro shout(word, times=2) %}{{ word | upper }}{{ caller() if caller else "" }}{% endmacro %}{% for k, v in pairs %}{{ k }}{{ v }}{{ loop.index }}{% endfor %}{{ shout(greeting) }}{{ range(2) | join }}';
    assert.equal(text(template, { pairs: { a: 1 } }), 'a11HI01');
  });

  it('let `is defined` and `default` leave a variable out', () => {
    assert.equal(text('{% if tone is defined %}{{ tone }}{% else %}plain{% endif %} {{ style | default("short") }}'), 'plain short');
    assert.equal(text('{% if tone is defined %}{{ tone }}{% endif %}', { tone: 'warm' }), 'warm');
  });

  it('refuse include, import and extends before rendering, at their line', () => {
    const problems = checkTemplate(plainTemplate('a\n{% include "x.txt" %}\n{% import "m.j2" as m %}{% from "m.j2" import f %}\n{% extends "base.j2" %}', 'p.txt'));
    assert.deepEqual(
      problems.map((problem) => problem.message),
      [
        'p.txt:2:4: {% include %} is not supported: a template here cannot load other files; put what it needs in this file',
        'p.txt:3:4: {% import %} is not supported: a template here cannot load other files; put what it needs in this file',
        'p.txt:3:28: {% from ... import %} is not supported: a template here cannot load other files; put what it needs in this file',
        'p.txt:4:4: {% extends %} is not supported: a template here cannot load other files; put what it needs in this file',
      ],
    );
    assert.match(templateError(() => text('{% include "x.txt" %}')).message, /^inline\.txt:1:4: \{% include %\} is not supported/);
  });

  it('name unknown filters and tests at their line', () => {
    assert.deepEqual(
      checkTemplate(plainTemplate('{{ a | tojsn }}\n{% if a is oddd %}{% endif %}', 'p.txt')).map((problem) => problem.message),
      ['p.txt:1:8: unknown filter `tojsn`', 'p.txt:2:12: unknown test `oddd`'],
    );
  });

  it('report syntax errors at their file line, after the frontmatter', () => {
    const prompty = parsePrompty('---\nname: x\n---\nsystem:\nHi\n  {{ name | }}\n', 'p.prompty');
    assert.equal(templateError(() => renderTemplate(prompty, {}, trusted)).message, 'p.prompty:6:13: Jinja2 syntax error: expected symbol, got variable-end');
    const unclosed = parsePrompty('---\nname: x\n---\n{% if a %}\nuser:\nhi', 'p.prompty');
    assert.equal(checkTemplate(unclosed)[0].message, 'p.prompty:6: Jinja2 syntax error: expected elif, else, or endif, got end of file');
  });

  it('report render errors at their file line', () => {
    const prompty = parsePrompty('---\nname: x\n---\nuser:\n{{ greet() }}', 'p.prompty');
    const error = templateError(() => renderTemplate(prompty, { greet: 'not a function' }, trusted));
    assert.equal(error.message, 'p.prompty:5:9: Unable to call `greet`, which is not a function');
  });
});
