import * as assert from 'node:assert/strict';
import { checkExperimentConfigText } from '../../../../src/core/experiments/config';
import { checkTemplate } from '../../../../src/core/templates';
import { diagnosticData, onePerPlace, type DiagnosticData } from '../../../../src/host/experiments/diagnostic-data';
import { sampleGaps } from '../../../../src/host/experiments/sample-gaps';
import { promptyFixture, promptyText } from './helpers';

/** The diagnostics of a text, as the editor would get them. */
function diagnosticsOf(text: string, problems: Parameters<typeof diagnosticData>[0][]): DiagnosticData[] {
  const lines = text.split('\n');
  return problems.map((problem) => diagnosticData(problem, (line) => lines[line], lines.length));
}

/** What a person reads in the Problems panel: severity, 1-based line:column, the underlined text, the message. */
function shown(text: string, items: DiagnosticData[]): string[] {
  const lines = text.split('\n');
  return items.map((item) => `${item.severity} ${item.line + 1}:${item.startColumn + 1} [${lines[item.line].slice(item.startColumn, item.endColumn)}] ${item.message}`);
}

describe('diagnostics from template and experiment problems', () => {
  it("puts a .prompty's problems at their line, under the word at fault, with the detail alone", () => {
    const text = ['---', 'name: 42', 'outputs: {a: 1}', 'template: handlebars', '---', 'sytem:', 'Hello {{ name | tojsn }}', '{% include "x.prompty" %}'].join('\n');
    const items = diagnosticsOf(text, checkTemplate(promptyText(text)));
    assert.deepEqual(shown(text, items), [
      'error 2:7 [42] `name` must be a string',
      'information 3:1 [outputs] ignored key `outputs`: outputs are not checked here',
      'error 4:11 [handlebars] template engine `handlebars` is not supported; use jinja2 or mustache',
      "error 6:1 [sytem] unknown role marker 'sytem:'; use system:, user: or assistant:",
      'error 7:17 [tojsn] unknown filter `tojsn`',
      'error 8:4 [include] {% include %} is not supported: a template here cannot load other files; put what it needs in this file',
    ]);
  });

  it("gives an experiment file's errors, warnings and ignored keys their severities", () => {
    const text = ['sharing: true', 'prompts:', '  - summary.txt', 'providers: [openai:gpt-4o]', 'tests: []'].join('\n');
    const items = diagnosticsOf(text, checkExperimentConfigText(text, 'e.yaml'));
    assert.deepEqual(
      items.map((item) => [item.severity, item.line, item.startColumn, item.endColumn]),
      [
        ['information', 0, 0, 7],
        ['warning', 2, 4, 15],
        ['error', 3, 12, 25],
      ],
    );
    assert.match(items[2].message, /^provider `openai:gpt-4o` cannot be run here/);
  });

  it('covers the whole line without a column, and stays inside the document', () => {
    const text = 'one\ntwo';
    assert.deepEqual(diagnosticsOf(text, [{ line: 2, detail: 'd', severity: 'error' }]), [{ line: 1, startColumn: 0, endColumn: 3, severity: 'error', message: 'd' }]);
    assert.deepEqual(diagnosticsOf(text, [{ line: 9, column: 2, detail: 'past the end', severity: 'warning' }]), [
      { line: 1, startColumn: 0, endColumn: 3, severity: 'warning', message: 'past the end' },
    ]);
    // The text of a file that is not open is not known: an empty range at the place.
    assert.deepEqual(diagnosticData({ line: 4, column: 7, detail: 'x', severity: 'error' }, () => undefined, Number.MAX_SAFE_INTEGER), {
      line: 3,
      startColumn: 6,
      endColumn: 6,
      severity: 'error',
      message: 'x',
    });
  });

  it('keeps one problem per place, the first found, as severe as the most severe there (a check and a render)', () => {
    const a: DiagnosticData = { line: 1, startColumn: 2, endColumn: 5, severity: 'warning', message: 'first' };
    assert.deepEqual(onePerPlace([a, { ...a }, { ...a, line: 2 }, { ...a, message: 'other' }, { ...a, severity: 'error', message: 'render' }]), [{ ...a, severity: 'error' }, { ...a, line: 2 }]);
    assert.deepEqual(onePerPlace([a, { ...a, startColumn: 7 }]), [a, { ...a, startColumn: 7 }], 'another word of the line is another place');
  });

  it('gives a misspelt variable one problem, not one per check that meets it', () => {
    const text = '---\ninputs:\n  name: {type: string}\nsample: {name: Ada}\n---\nuser:\nHello {{ nmae }}';
    const template = promptyText(text, 'typo.prompty');
    const items = diagnosticsOf(text, [...checkTemplate(template), ...sampleGaps(template, { name: 'Ada' }, 'the sample')]);
    assert.equal(items.length, 2, 'the undeclared variable and the sample\'s missing value, both at the typo');
    assert.deepEqual(shown(text, onePerPlace(items)), ['warning 7:10 [nmae] `nmae` is used but not declared under inputs']);
  });
});

describe('variables the sample leaves undefined', () => {
  it('are warned about at their first use, unless an input defaults them or the use is optional', () => {
    const template = promptyText('---\ninputs:\n  city: {default: Paris}\nsample: {name: Ada}\n---\nuser:\n{{ name }} in {{ city }} asks {{ question }}\n{% if extra is defined %}{{ extra }}{% endif %}', 'gaps.prompty');
    assert.deepEqual(sampleGaps(template, { name: 'Ada' }, 'the sample'), [
      {
        line: 7,
        column: 34,
        severity: 'warning',
        detail: '`question` has no value in the sample and no default: rendering the sample (Preview, Run with Sample, Chat) stops here',
      },
    ]);
    assert.deepEqual(sampleGaps(template, { name: 'Ada', question: 'Why?' }, 'the sample'), []);
  });

  it('name the sample file', () => {
    const template = promptyFixture('greet.prompty');
    assert.deepEqual(sampleGaps(template, { name: 'Ada' }, 'greet.sample.json').map((gap) => gap.detail.split(':')[0]), [
      '`question` has no value in greet.sample.json and no default',
    ]);
  });
});
