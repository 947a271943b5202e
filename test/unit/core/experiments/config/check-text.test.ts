import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkExperimentConfigText, experimentSections, isExperimentConfig } from '../../../../../src/core/experiments/config';
import { fixture } from './helpers';

describe('experiment config: checking text as it is typed', () => {
  it('gives errors, warnings and ignored keys as diagnostics, in line order, without opening files', () => {
    const text = ['sharing: true', 'prompts:', '  - file://does-not-exist.prompty', '  - summary.txt', 'providers: [openai:gpt-4o]', 'tests: file://absent.csv'].join('\n');
    assert.deepEqual(checkExperimentConfigText(text, 'e.yaml').map((problem) => [problem.severity, problem.line, problem.column, problem.message]), [
      ['info', 1, 1, 'e.yaml:1:1: `sharing` is not supported here and is ignored'],
      ['warning', 4, 5, 'e.yaml:4:5: `summary.txt` is sent as the prompt text itself; to read the file, write `file://summary.txt`'],
      ['error', 5, 13, 'e.yaml:5:13: provider `openai:gpt-4o` cannot be run here: only ScalarLM deployments are run. Name it `scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one)'],
    ]);
  });

  it('finds duplicate labels of files it can name without the disk', () => {
    const problems = checkExperimentConfigText('prompts:\n  - file://a.txt\n  - file://./a.txt\n  - file://*.txt\n', 'd.yaml');
    assert.deepEqual(problems.map((problem) => problem.message), ['d.yaml:3:5: the prompt `a.txt` is listed twice (lines 2 and 3); list it once, or give each a different `label`']);
  });

  it('names assertions that cannot run at their line: an unknown type, a bad regex, a bad schema (defaultTest too)', () => {
    const text = [
      'prompts: [hi]',
      'providers: [scalarlm:base]',
      'defaultTest:',
      '  assert:',
      '    - type: contians',
      '      value: x',
      'tests:',
      '  - vars: {a: 1}',
      '    assert:',
      '      - type: regex',
      '        value: "(unclosed"',
      '      - type: is-json',
      '        value: {type: nonsense}',
    ].join('\n');
    const problems = checkExperimentConfigText(text, 'a.yaml').map((problem) => [problem.severity, problem.line, problem.message]);
    assert.equal(problems.length, 3, JSON.stringify(problems));
    assert.deepEqual(problems[0].slice(0, 2), ['error', 5]);
    assert.match(String(problems[0][2]), /unknown assertion type "contians"; did you mean "contains"\?/);
    assert.deepEqual(problems[1].slice(0, 2), ['error', 10]);
    assert.match(String(problems[1][2]), /a\.yaml:10:9: "regex": "value" is not a valid regular expression/);
    assert.deepEqual(problems[2].slice(0, 2), ['error', 12]);
    assert.match(String(problems[2][2]), /schema/i);
  });

  it('places YAML syntax errors at their line and column', () => {
    const [problem] = checkExperimentConfigText('prompts:\n  - a\n tests: [\n', 's.yaml');
    assert.equal(problem.severity, 'error');
    assert.equal(problem.line, 3);
    assert.match(problem.message, /^s\.yaml:3:\d+: invalid YAML: /);
  });

  it('reports nothing for a clean file', () => {
    assert.deepEqual(checkExperimentConfigText(readFileSync(fixture('full', 'promptfooconfig.yaml'), 'utf8'), 'full.yaml'), []);
  });

  it('tells experiment files from other YAML, with the lines of their sections', () => {
    assert.deepEqual(experimentSections(readFileSync(fixture('full', 'promptfooconfig.yaml'), 'utf8')), {
      prompts: { line: 3, column: 1 },
      tests: { line: 35, column: 1 },
      providers: { line: 12, column: 1 },
    });
    assert.deepEqual(experimentSections('prompts: [a]\ntests: []\n'), { prompts: { line: 1, column: 1 }, tests: { line: 2, column: 1 } });
    assert.ok(isExperimentConfig('{"prompts": ["a"], "providers": ["scalarlm:base"]}'));
    assert.ok(!isExperimentConfig('prompts: [a]\n'));
    assert.ok(!isExperimentConfig('name: ci\non: [push]\njobs: {}\n'));
    assert.ok(!isExperimentConfig('- prompts\n- tests\n'));
    // Half-typed text still counts, so CodeLens stay while the user edits.
    assert.ok(isExperimentConfig('prompts:\n  - a\n  - \ntests:\n  - vars: {a: 1\n'));
  });
});
