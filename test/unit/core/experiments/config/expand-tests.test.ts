import * as assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join, relative } from 'node:path';
import { DatasetError, type DatasetNote } from '../../../../../src/core/datasets';
import { countTests, expandTests, loadExperimentConfig, type TestCase } from '../../../../../src/core/experiments/config';
import { allTests, fixture, loadError, useExperimentFolder } from './helpers';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

const named = (...parts: string[]) => relative(process.cwd(), fixture(...parts));

describe('experiment config: tests', () => {
  const folder = useExperimentFolder();

  it('merges defaultTest into every test as promptfoo does, inline and file tests in order', async () => {
    const file = named('full', 'promptfooconfig.yaml');
    const csv = join(named('full'), 'cases.csv');
    const two = join(named('full'), 'more', 'two.jsonl');
    const config = await loadExperimentConfig(file, UNCONFINED);
    const defaultAssert = { type: 'not-icontains', value: "I don't know", file, line: 31, column: 7 };
    const tests = await allTests(config);
    assert.deepEqual(
      tests.map(({ index, description, vars, options, source }) => ({ index, description, vars, options, source })),
      [
        { index: 0, description: 'France', vars: { tone: 'plain', question: 'What is the capital of France?' }, options: { provider: 'scalarlm:judge' }, source: { file, line: 36 } },
        { index: 1, description: undefined, vars: { tone: 'formal', question: 'What is the capital of Japan?' }, options: { provider: 'scalarlm:other-judge' }, source: { file, line: 48 } },
        { index: 2, description: 'Italy', vars: { tone: 'plain', question: 'What is the capital\r\nof Italy?' }, options: { provider: 'scalarlm:judge' }, source: { file: csv, line: 2 } },
        { index: 3, description: undefined, vars: { tone: 'plain', question: 'What is the capital of Spain?' }, options: { provider: 'scalarlm:judge' }, source: { file: csv, line: 4 } },
        { index: 4, description: undefined, vars: { tone: 'warm', question: 'What is the capital of Peru?' }, options: { provider: 'scalarlm:judge' }, source: { file: join(named('full'), 'more', 'one.jsonl'), line: 1 } },
        { index: 5, description: undefined, vars: { tone: 'plain', question: 'What is the capital of Chile?' }, options: { provider: 'scalarlm:chile-judge' }, source: { file: two, line: 1 } },
      ],
    );
    assert.deepEqual(tests[0].assert.map((check) => check.type), ['not-icontains', 'icontains', 'llm-rubric']);
    assert.deepEqual(tests[0].assert[0], defaultAssert);
    assert.deepEqual(tests[1].assert, [defaultAssert]);
    // The CSV's __expected shorthand comes last, kept as written for the judge; an empty cell adds none.
    assert.deepEqual(tests[2].assert, [defaultAssert, { type: '__expected', value: 'icontains:rome', file: csv, line: 2 }]);
    assert.deepEqual(tests[3].assert, [defaultAssert]);
    assert.deepEqual(tests[5].assert, [defaultAssert, { type: 'contains', value: 'Santiago', file: two, line: 1, column: 1 }]);
    assert.equal(await countTests(config), 6);
  });

  it('reads JSON, YAML and TSV tests files', async () => {
    const config = await loadExperimentConfig(named('tests-files', 'promptfooconfig.yaml'), UNCONFINED);
    const tests = await allTests(config);
    assert.deepEqual(
      tests.map((test) => [test.description, test.vars, test.assert.slice(1).map((check) => [check.type, check.value, check.line])]),
      [
        [undefined, { tone: 'plain', question: 'JSON one' }, []],
        ['JSON two', { tone: 'dry', question: 'JSON two' }, [['equals', '2', 3]]],
        [undefined, { tone: 'plain', question: 'YAML one' }, []],
        ['YAML two', { tone: 'plain', question: 'YAML two' }, [['regex', '^two', 2]]],
        [undefined, { tone: 'plain', question: 'TSV one' }, [['__expected', 'starts-with:one', 2]]],
      ],
    );
  });

  it('runs a config without tests once, with defaultTest alone', async () => {
    const config = await loadExperimentConfig('p.yaml', UNCONFINED, async () => 'prompts: ["{{q}}"]\ndefaultTest: {vars: {q: hi}}\nproviders: [scalarlm:base]\n');
    assert.deepEqual(await allTests(config), [{ index: 0, vars: { q: 'hi' }, assert: [], options: {}, source: { file: 'p.yaml', line: 1 } }]);
    assert.equal(await countTests(config), 1);
  });

  it('passes ignored dataset notes on, once per file and key', async () => {
    folder.write({
      'promptfooconfig.yaml': 'prompts: ["{{q}}"]\ntests: file://cases.csv\n',
      'cases.csv': 'q,__metadata:topic\na,m\nb,m\n',
    });
    const notes: DatasetNote[] = [];
    const config = await loadExperimentConfig(join(folder.path, 'promptfooconfig.yaml'), UNCONFINED);
    let count = 0;
    for await (const _test of expandTests(config, { onNote: (note) => notes.push(note) })) count++;
    assert.equal(count, 2);
    assert.deepEqual(notes.map((note) => note.message), [`${join(folder.path, 'cases.csv')}:1: the \`__metadata:topic\` column is ignored: metadata only filters and groups results in promptfoo, which is not done here`]);
  });

  it('stops at a row whose grader is not a ScalarLM model, with a DatasetError at its line', async () => {
    folder.write({
      'promptfooconfig.yaml': 'prompts: ["{{q}}"]\ntests: [file://cases.jsonl]\n',
      'cases.jsonl': '{"q": 1}\n{"vars": {"q": 2}, "assert": [{"type": "llm-rubric", "value": "ok", "provider": "openai:gpt-4o"}]}\n',
    });
    const config = await loadExperimentConfig(join(folder.path, 'promptfooconfig.yaml'), UNCONFINED);
    const seen: number[] = [];
    await assert.rejects(
      async () => {
        for await (const test of expandTests(config)) seen.push(test.index);
      },
      (error: unknown) => error instanceof DatasetError && error.line === 2 && /grader `openai:gpt-4o` cannot be used here: only ScalarLM deployments are run/.test(error.message),
    );
    assert.deepEqual(seen, [0]);
  });

  it('checks inline tests and defaultTest: types, graders, vars', async () => {
    const error = await loadError('t.yaml', async () =>
      [
        'prompts: ["{{q}}"]',
        'defaultTest: file://default.yaml',
        'tests:',
        '  - vars: [7]',
        '  - description: 7',
        '    options: {provider: {label: judge}}',
        '  - assert:',
        '      - contains',
        '      - {type: equals, threshold: high, metric: 1}',
        '      - {value: 1}',
        '  - 42',
        '  - file://cases.py',
      ].join('\n'),
    );
    assert.deepEqual(error.errors.map((problem) => problem.message), [
      `t.yaml:2:14: \`default.yaml\` does not exist (looked for ${join(process.cwd(), 'default.yaml')}); check the path, which is relative to the experiment file`,
      't.yaml:4:11: `vars` must be a mapping of variable names to values, or the path (or paths and globs) of YAML files of them; got a list',
      't.yaml:5:18: `description` must be a string; got the number 7',
      't.yaml:6:25: the grader must be named `scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one), as a string or as `{id: scalarlm:<model>}`',
      't.yaml:8:9: assertion 1 must be a mapping with a `type`, such as `{type: contains, value: Paris}`; got the string "contains"',
      't.yaml:9:35: `threshold` of assertion 2 must be a number; got the string "high"',
      't.yaml:9:49: `metric` of assertion 2 must be a string; got the number 1',
      't.yaml:10:9: assertion 3 needs a `type` string such as `contains` or `llm-rubric`; it has none',
      't.yaml:11:5: a test is a mapping such as `{vars: {...}, assert: [...]}`, or a `file://` path; got the number 42',
      't.yaml:12:5: tests files here are .csv, .tsv, .jsonl, .ndjson, .json, .yaml, .yml; `cases.py` cannot be read',
    ]);
  });

  it('expands list vars and file:// globs into one test each, and reads file:// vars, as promptfoo does', async () => {
    folder.write({
      'promptfooconfig.yaml': ['prompts: ["{{doc}}"]', 'tests:', '  - vars: {doc: "file://docs/*.txt", langs: [en, fr], nums: [1, 2]}', '  - vars: {doc: file://missing.txt}'].join('\n'),
      'docs/a.txt': ' first\n',
      'docs/b.txt': 'second\n',
    });
    const config = await loadExperimentConfig(join(folder.path, 'promptfooconfig.yaml'), UNCONFINED);
    const tests: TestCase[] = [];
    await assert.rejects(
      async () => {
        for await (const test of expandTests(config)) tests.push(test);
      },
      (error: unknown) => error instanceof DatasetError && error.line === 4 && /the variable `doc` names `file:\/\/missing\.txt`, which does not exist/.test(error.message),
    );
    assert.deepEqual(tests.map((test) => [test.index, test.vars]), [
      [0, { doc: 'first', langs: 'en', nums: [1, 2] }],
      [1, { doc: 'first', langs: 'fr', nums: [1, 2] }],
      [2, { doc: 'second', langs: 'en', nums: [1, 2] }],
      [3, { doc: 'second', langs: 'fr', nums: [1, 2] }],
    ]);
  });

  it('keeps list vars whole with options.disableVarExpansion, and resolves vars that name vars', async () => {
    const config = await loadExperimentConfig('v.yaml', UNCONFINED, async () =>
      ['prompts: ["{{topic}}"]', 'tests:', '  - vars: {langs: [en, fr], city: Paris, topic: "About {{ city }} in {{city}}", odd: "{{ nobody }}"}', '    options: {disableVarExpansion: true}'].join('\n'),
    );
    assert.deepEqual(config.problems, []);
    assert.deepEqual((await allTests(config)).map((test) => test.vars), [{ langs: ['en', 'fr'], city: 'Paris', topic: 'About Paris in Paris', odd: '{{ nobody }}' }]);
  });

  it('streams a 100,000-row CSV tests file', async function () {
    this.timeout(60_000);
    folder.write({ 'promptfooconfig.yaml': 'prompts: ["{{q}}"]\ndefaultTest: {vars: {lang: en}}\ntests: file://big.csv\n' });
    const out = createWriteStream(join(folder.path, 'big.csv'));
    out.write('q,__expected\n');
    for (let i = 0; i < 100_000; i++) {
      if (!out.write(`"question ${i}, quoted",contains:${i}\n`)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    const config = await loadExperimentConfig(join(folder.path, 'promptfooconfig.yaml'), UNCONFINED);
    let count = 0;
    let last;
    for await (const test of expandTests(config)) {
      count++;
      last = test;
    }
    assert.equal(count, 100_000);
    assert.deepEqual(last?.vars, { lang: 'en', q: 'question 99999, quoted' });
    assert.equal(last?.source.line, 100_001);
    assert.equal(await countTests(config), 100_000);
  });
});
