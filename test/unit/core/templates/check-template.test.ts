import * as assert from 'node:assert/strict';
import { checkTemplate, compileTemplate, declaredVariables, parsePrompty, plainTemplate, referencedVariables } from '../../../../src/core/templates';
import { fixture, templateError } from './helpers';

describe('checkTemplate', () => {
  it('lists every problem of a file in line order, without rendering', () => {
    assert.deepEqual(
      checkTemplate(fixture('problems.prompty')).map((problem) => `${problem.severity} ${problem.message}`),
      [
        'error prompts/problems.prompty:2:7: `name` must be a string',
        'error prompts/problems.prompty:5:17: `max_tokens` must be a positive integer; got a number (0)',
        'error prompts/problems.prompty:6:12: `top_p` must be a number from 0 to 1; got a number (3)',
        'note prompts/problems.prompty:7:1: ignored key `outputs`: outputs are not checked here',
        'error prompts/problems.prompty:9:11: template engine `handlebars` is not supported; use jinja2 or mustache',
        "error prompts/problems.prompty:11:1: unknown role marker 'sytem:'; use system:, user: or assistant:",
        'error prompts/problems.prompty:12:17: unknown filter `tojsn`',
        'error prompts/problems.prompty:13:4: {% include %} is not supported: a template here cannot load other files; put what it needs in this file',
      ],
    );
  });

  it('warns about a variable used but not declared, when the file declares its inputs', () => {
    assert.deepEqual(
      checkTemplate(fixture('greet.prompty')).filter((problem) => problem.severity === 'warning').map((problem) => problem.message),
      ['prompts/greet.prompty:30:4: `question` is used but not declared under inputs'],
    );
    assert.deepEqual(checkTemplate(parsePrompty('hello {{ anything }}', 'p.prompty')), []);
  });

  it('is what compileTemplate throws the first error of', () => {
    assert.equal(templateError(() => compileTemplate(fixture('problems.prompty'))).message, 'prompts/problems.prompty:2:7: `name` must be a string');
  });
});

describe('declaredVariables and referencedVariables', () => {
  it('list the inputs a .prompty declares', () => {
    assert.deepEqual(declaredVariables(fixture('greet.prompty')), [
      { name: 'name', type: 'string', description: 'Who is asking', hasDefault: false, line: 17 },
      { name: 'city', type: 'string', default: 'Paris', hasDefault: true, line: 20 },
    ]);
    assert.deepEqual(declaredVariables(plainTemplate('{{ a }}', 'a.txt')), []);
  });

  it('list the variables a template uses, at their first use (the first that needs a value, if any does)', () => {
    assert.deepEqual(referencedVariables(fixture('greet.prompty')), [
      { name: 'city', line: 26, column: 33, optional: false },
      { name: 'name', line: 27, column: 10, optional: false },
      { name: 'question', line: 30, column: 4, optional: false },
    ]);
    const template = plainTemplate('{{ a | default(1) }}\n{% for i in items %}{{ i }}{{ a }}{% endfor %}\n{% if b is defined %}{{ b }}{% endif %}', 'a.txt', 'jinja2', 10);
    assert.deepEqual(referencedVariables(template), [
      { name: 'items', line: 11, column: 13, optional: false },
      { name: 'a', line: 11, column: 31, optional: false },
      { name: 'b', line: 12, column: 25, optional: true },
    ]);
    assert.deepEqual(referencedVariables(plainTemplate('{{a}}\n{{#list}}{{inner}}{{/list}}{{^c}}{{d}}{{/c}}', 'm.txt', 'mustache')), [
      { name: 'a', line: 1, column: 1, optional: false },
      { name: 'list', line: 2, column: 1, optional: false },
      { name: 'c', line: 2, column: 28, optional: false },
      { name: 'd', line: 2, column: 34, optional: false },
    ]);
  });
});
