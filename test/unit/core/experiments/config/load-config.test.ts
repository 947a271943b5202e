import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { loadExperimentConfig } from '../../../../../src/core/experiments/config';
import { allTests, fixture, loadError } from './helpers';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

/** As a user names it from the repository root, so that messages read as they would in a terminal. */
const named = (...parts: string[]) => relative(process.cwd(), fixture(...parts));

describe('experiment config: loading', () => {
  it('reads every key of the subset', async () => {
    const file = named('full', 'promptfooconfig.yaml');
    const config = await loadExperimentConfig(file, UNCONFINED);
    assert.equal(config.file, file);
    assert.equal(config.path, fixture('full', 'promptfooconfig.yaml'));
    assert.equal(config.dir, fixture('full'));
    assert.equal(config.description, 'Capital cities, three ways');

    assert.deepEqual(
      config.prompts.map((prompt) => [prompt.kind, prompt.key, prompt.label, prompt.line, prompt.kind === 'file' ? prompt.format : prompt.raw]),
      [
        ['inline', config.prompts[0].key, 'Answer briefly: {{question}}', 4, 'Answer briefly: {{question}}'],
        ['file', 'prompts/capital.prompty', 'prompts/capital.prompty', 5, 'prompty'],
        ['file', 'chat-style', 'chat-style', 6, 'chat'],
        ['inline', 'terse', '{{question}} One word.', 8, '{{question}} One word.'],
        ['file', 'extra: prompts/extra/a.txt', 'extra: prompts/extra/a.txt', 10, 'text'],
        ['file', 'extra: prompts/extra/b.txt', 'extra: prompts/extra/b.txt', 10, 'text'],
      ],
    );
    const capital = config.prompts[1];
    assert.ok(capital.kind === 'file');
    assert.equal(capital.path, fixture('full', 'prompts', 'capital.prompty'));
    assert.equal(capital.displayPath, join(named('full'), 'prompts', 'capital.prompty'));

    assert.deepEqual(
      config.providers.map(({ key, id, label, model, config: settings, line }) => ({ key, id, label, model, settings, line })),
      [
        { key: 'scalarlm:base', id: 'scalarlm:base', label: undefined, model: undefined, settings: {}, line: 13 },
        { key: 'scalarlm:latest', id: 'scalarlm:latest', label: undefined, model: 'latest', settings: {}, line: 14 },
        {
          key: 'adaptor',
          id: 'scalarlm:capitals-adaptor',
          label: 'adaptor',
          model: 'capitals-adaptor',
          settings: { max_tokens: 64, temperature: 0.7, top_p: 0.9, stop: ['\n\n', '###'], transport: 'chat' },
          line: 15,
        },
        { key: 'default-again', id: 'scalarlm:', label: 'default-again', model: undefined, settings: { stop: ['END'] }, line: 23 },
      ],
    );

    assert.deepEqual(
      config.tests.map((test) => (test.kind === 'file' ? [test.kind, test.format, test.displayPath, test.line] : [test.kind, test.description, test.line])),
      [
        ['inline', 'France', 36],
        ['inline', undefined, 48],
        ['file', 'csv', join(named('full'), 'cases.csv'), 53],
        ['file', 'jsonl', join(named('full'), 'more', 'one.jsonl'), 54],
        ['file', 'jsonl', join(named('full'), 'more', 'two.jsonl'), 54],
      ],
    );
    assert.deepEqual(config.defaultTest.vars, { tone: 'plain' });
    assert.deepEqual(config.defaultTest.assert, [{ type: 'not-icontains', value: "I don't know", file, line: 31, column: 7 }]);
    assert.deepEqual(config.defaultTest.options, { provider: 'scalarlm:judge' });
    assert.deepEqual(config.evaluateOptions, { repeat: 2, maxConcurrency: 3 });
    assert.deepEqual(config.locations, {
      description: { line: 2, column: 1 },
      prompts: { line: 3, column: 1 },
      providers: { line: 12, column: 1 },
      defaultTest: { line: 27, column: 1 },
      tests: { line: 35, column: 1 },
      evaluateOptions: { line: 55, column: 1 },
    });
    assert.deepEqual(config.problems, []);
    assert.deepEqual(config.ignored, []);
  });

  it('keeps assertions as given, with their lines', async () => {
    const file = named('full', 'promptfooconfig.yaml');
    const config = await loadExperimentConfig(file, UNCONFINED);
    const france = config.tests[0];
    assert.ok(france.kind === 'inline');
    assert.deepEqual(france.assert, [
      { type: 'icontains', value: 'paris', weight: 2, metric: 'accuracy', file, line: 40, column: 9 },
      { type: 'llm-rubric', value: 'Names a city', threshold: 0.5, provider: 'scalarlm:grader', file, line: 44, column: 9 },
    ]);
  });

  it('reads a JSON experiment file with the same meaning', async () => {
    const file = named('json', 'experiment.json');
    const config = await loadExperimentConfig(file, UNCONFINED);
    assert.equal(config.description, 'A JSON experiment file');
    assert.deepEqual(config.providers.map((provider) => [provider.key, provider.model, provider.config]), [['scalarlm:translator', 'translator', { temperature: 0 }]]);
    assert.deepEqual(config.ignored.map((key) => key.message), [`${file}:6:3: \`outputPath\` is not supported here and is ignored`]);
    const [test] = await allTests(config);
    assert.deepEqual(test.assert, [{ type: 'icontains', value: 'bonjour', file, line: 5, column: 52 }]);
  });

  it('reports each ignored key once, with its line, and loads all the same', async () => {
    const file = named('ignored', 'promptfooconfig.yaml');
    const config = await loadExperimentConfig(file, UNCONFINED);
    assert.deepEqual(
      config.ignored.map(({ key, line, column }) => [key, line, column]),
      [
        ['outputPath', 2, 1],
        ['sharing', 3, 1],
        ['env', 4, 1],
        ['nunjucksFilters', 37, 1],
        ['extensions', 39, 1],
        ['prompts[].config', 8, 5],
        ['providers[].delay', 12, 5],
        ['providers[].config.seed', 14, 7],
        ['tests[].metadata', 21, 5],
        ['assert[].transform', 25, 9],
        ['defaultTest.metadata', 33, 3],
        ['evaluateOptions.delay', 35, 3],
      ],
    );
    assert.equal(config.ignored[1].message, `${file}:3:1: \`sharing\` is not supported here and is ignored`);
    assert.equal(config.ignored[8].message, `${file}:21:5: \`metadata\` in a test case is not supported here and is ignored`);
    assert.equal(config.ignored[7].message, `${file}:14:7: \`config.seed\` of a provider is not supported here and is ignored`);
    assert.deepEqual(config.problems, []);
    assert.equal(config.prompts.length, 1);
    assert.equal(config.providers.length, 2);
    assert.equal((await allTests(config)).length, 2);
  });

  it('lists every fatal problem at once, in line order, each at its line and column', async () => {
    const file = named('errors', 'promptfooconfig.yaml');
    const error = await loadError(file);
    assert.deepEqual(
      error.errors.map(({ line, column }) => `${line}:${column}`),
      ['5:5', '7:5', '9:5', '10:5', '13:19', '14:18', '15:5', '19:7', '25:19', '26:5', '28:11', '29:19'],
    );
    const messages = error.errors.map((problem) => problem.message);
    assert.equal(error.message, messages.join('\n'));
    assert.equal(error.file, file);
    assert.equal(error.line, 5);
    assert.equal(error.column, 5);
    assert.deepEqual(messages, [
      `${file}:5:5: two prompts have the label \`Greeting\` (lines 2 and 5); labels must be unique, so that results can be told apart and matched between runs`,
      `${file}:7:5: prompt files here are .prompty, .txt, .md, .j2 (a template), .json, .yaml, .yml (chat messages) or .jsonl (chat messages, one prompt a line); \`prompt.py\` cannot be used`,
      `${file}:9:5: provider \`openai:gpt-4o\` cannot be run here: only ScalarLM deployments are run. Name it \`scalarlm:<model>\` with a model or trained adaptor of your deployment (\`scalarlm:base\` for its default model, \`scalarlm:latest\` for the newest trained one)`,
      `${file}:10:5: write \`scalarlm:tiny-model\` with no space after the colon: YAML reads \`scalarlm: tiny-model\` as a mapping`,
      `${file}:13:19: \`max_tokens\` must be a whole number above 0, such as 256; got the number -5`,
      `${file}:14:18: \`transport\` must be \`batch\` (the queue, greedy) or \`chat\` (sampling honoured); got the string "fast"`,
      `${file}:15:5: provider \`scalarlm:a\` is listed twice (lines 11 and 15); give each a different \`label\``,
      `${file}:19:7: \`assert\` must be a list of assertions such as \`- type: contains\`; got a mapping`,
      `${file}:25:19: grader \`openai:gpt-4o-mini\` cannot be used here: only ScalarLM deployments are run. Name it \`scalarlm:<model>\` with a model or trained adaptor of your deployment (\`scalarlm:base\` for its default model, \`scalarlm:latest\` for the newest trained one)`,
      `${file}:26:5: only local tests files are read here (\`file://cases.csv\`); \`huggingface://datasets/some/set\` cannot be`,
      `${file}:28:11: \`evaluateOptions.repeat\` must be a whole number of 1 or more; got the number 0`,
      `${file}:29:19: \`evaluateOptions.maxConcurrency\` must be a whole number of 1 or more; got the string "lots"`,
    ]);
  });

  it('names files that are missing, globs that match nothing and matches that are not prompts', async () => {
    const file = named('missing', 'promptfooconfig.yaml');
    const error = await loadError(file);
    assert.deepEqual(error.errors.map((problem) => problem.message), [
      `${file}:2:5: \`prompts/absent.prompty\` does not exist (looked for ${fixture('missing', 'prompts', 'absent.prompty')}); check the path, which is relative to the experiment file`,
      `${file}:3:5: no files match \`prompts/*.prompty\` (looked in ${fixture('missing')})`,
      `${file}:4:5: prompt files here are .prompty, .txt, .md, .j2 (a template), .json, .yaml, .yml (chat messages) or .jsonl (chat messages, one prompt a line); \`prompts\` cannot be used`,
      `${file}:5:5: \`prompts/readme.rst\` (matched by \`prompts/*\`) is not a prompt file: prompt files here are .prompty, .txt, .md, .j2 (a template), .json, .yaml, .yml (chat messages) or .jsonl (chat messages, one prompt a line); narrow the glob`,
      `${file}:7:5: \`absent.csv\` does not exist (looked for ${fixture('missing', 'absent.csv')}); check the path, which is relative to the experiment file`,
    ]);
  });

  it('reads the text through the given readFile (an editor\'s unsaved buffer)', async () => {
    const path = fixture('full', 'promptfooconfig.yaml');
    const edited = (await readFile(path, 'utf8')).replace('description: Capital cities, three ways', 'description: edited');
    const asked: string[] = [];
    const config = await loadExperimentConfig(path, UNCONFINED, async (p) => {
      asked.push(p);
      return p === path ? '\uFEFF' + edited : readFile(p, 'utf8');
    });
    // .txt prompt files are read too, through the same function: promptfoo makes a prompt of each `---` part.
    assert.deepEqual(asked, [path, fixture('full', 'prompts', 'extra', 'a.txt'), fixture('full', 'prompts', 'extra', 'b.txt')]);
    assert.equal(config.description, 'edited');
  });

  it('turns an unreadable or malformed file into a ConfigError at its line', async () => {
    const unreadable = await loadError('absent/promptfooconfig.yaml');
    assert.match(unreadable.message, /^absent\/promptfooconfig\.yaml:1:1: the experiment file cannot be read \(ENOENT/);
    const broken = await loadError('broken.yaml', async () => 'prompts:\n  - "a\n  - b\ntests: [\n');
    assert.equal(broken.errors[0].severity, 'error');
    assert.match(broken.errors[0].message, /^broken\.yaml:\d+:\d+: invalid YAML: /);
    const list = await loadError('list.yaml', async () => '- prompts\n- tests\n');
    assert.equal(list.message, 'list.yaml:1:1: an experiment file is a YAML mapping with `prompts`, `providers` and `tests`');
    const noPrompts = await loadError('none.yaml', async () => 'providers: [scalarlm:base]\n');
    assert.equal(noPrompts.message, 'none.yaml:1:1: there are no `prompts`: list the templates to try, such as `prompts: [file://summarize.prompty]`');
  });

  it('follows YAML anchors, aliases and merge keys', async () => {
    const text = [
      'prompts: ["{{q}}"]',
      'providers:',
      '  - id: scalarlm:a',
      '    config: &settings {max_tokens: 32, temperature: 0}',
      '  - id: scalarlm:b',
      '    config:',
      '      <<: *settings',
      '      temperature: 0.5',
      'tests:',
      '  - vars: &base {q: one, lang: en}',
      '  - vars: {<<: *base, q: two}',
    ].join('\n');
    const config = await loadExperimentConfig('anchors.yaml', UNCONFINED, async () => text);
    assert.deepEqual(config.providers.map((provider) => provider.config), [
      { max_tokens: 32, temperature: 0 },
      { temperature: 0.5, max_tokens: 32 },
    ]);
    assert.deepEqual((await allTests(config)).map((test) => test.vars), [
      { q: 'one', lang: 'en' },
      { q: 'two', lang: 'en' },
    ]);
  });
});
