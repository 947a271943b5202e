import * as assert from 'node:assert/strict';
import { loadExperimentConfig, parseProviderId } from '../../../../../src/core/experiments/config';
import { loadError } from './helpers';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

const load = (text: string) => loadExperimentConfig('p.yaml', UNCONFINED, async () => `prompts: ["{{q}}"]\n${text}`);

describe('experiment config: providers', () => {
  it('reads scalarlm ids: base and empty mean the default model, latest the server alias', () => {
    assert.deepEqual(
      ['scalarlm:base', 'scalarlm:', 'scalarlm:latest', 'scalarlm:org/model-7b', ' scalarlm:my-adaptor ', 'ScalarLM:tiny', 'scalarlm:a:b'].map(parseProviderId),
      [
        { ok: true, model: undefined },
        { ok: true, model: undefined },
        { ok: true, model: 'latest' },
        { ok: true, model: 'org/model-7b' },
        { ok: true, model: 'my-adaptor' },
        { ok: true, model: 'tiny' },
        { ok: true, model: 'a:b' },
      ],
    );
    for (const id of ['openai:gpt-4o', 'ollama:llama3', 'scalarlm', 'file://provider.js']) {
      const check = parseProviderId(id);
      assert.ok(!check.ok && check.problem.includes('only ScalarLM deployments are run') && check.problem.includes('`scalarlm:<model>`'), id);
    }
  });

  it('takes a single string, a list, objects and promptfoo\'s keyed form', async () => {
    assert.deepEqual((await load('providers: scalarlm:one\n')).providers.map((provider) => [provider.key, provider.model, provider.line, provider.column]), [['scalarlm:one', 'one', 2, 12]]);
    const config = await load(['providers:', '  - scalarlm:a', '  - {id: scalarlm:b, label: B}', '  - scalarlm:c:', '      config: {max_tokens: 8}', 'tests: []'].join('\n'));
    assert.deepEqual(config.providers.map(({ key, model, config: settings }) => [key, model, settings]), [
      ['scalarlm:a', 'a', {}],
      ['B', 'b', {}],
      ['scalarlm:c', 'c', { max_tokens: 8 }],
    ]);
    const keyed = await load('providers:\n  scalarlm:x: {label: X}\n  scalarlm:y: {}\n');
    assert.deepEqual(keyed.providers.map((provider) => provider.key), ['X', 'scalarlm:y']);
  });

  it('runs the deployment\'s default model when there are no providers', async () => {
    const config = await load('tests: []\n');
    assert.deepEqual(config.providers.map(({ key, id, model, config: settings }) => ({ key, id, model, settings })), [{ key: 'scalarlm:base', id: 'scalarlm:base', model: undefined, settings: {} }]);
  });

  it('checks each config value and names it', async () => {
    const error = await loadError('p.yaml', async () =>
      [
        'prompts: [x]',
        'providers:',
        '  - id: scalarlm:a',
        '    config: {max_tokens: 1.5, temperature: -1, top_p: 2, stop: [1], transport: greedy}',
        '  - id: scalarlm:b',
        '    config: fast',
        '  - id: 7',
        '  - label: no-id',
        '  - {id: scalarlm:c, label: ""}',
        '  - []',
      ].join('\n'),
    );
    assert.deepEqual(error.errors.map((problem) => problem.message), [
      'p.yaml:4:26: `max_tokens` must be a whole number above 0, such as 256; got the number 1.5',
      'p.yaml:4:44: `temperature` must be a number of 0 or more (0 decodes greedily); got the number -1',
      'p.yaml:4:55: `top_p` must be a number above 0 and at most 1; got the number 2',
      'p.yaml:4:64: `stop` must be a string or a list of strings; got a list',
      'p.yaml:4:80: `transport` must be `batch` (the queue, greedy) or `chat` (sampling honoured); got the string "greedy"',
      "p.yaml:6:13: a provider's `config` must be a mapping such as `{temperature: 0, max_tokens: 256}`; got the string \"fast\"",
      "p.yaml:7:9: a provider's `id` must be a string, `scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one); got the number 7",
      'p.yaml:8:5: this provider has no `id`; add one, `scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one)',
      "p.yaml:9:29: a provider's `label` must be a non-empty string; got an empty string",
      'p.yaml:10:5: a provider is `scalarlm:<model>` with a model or trained adaptor of your deployment (`scalarlm:base` for its default model, `scalarlm:latest` for the newest trained one), or {id, label, config}; got an empty list',
    ]);
  });

  it('rejects other providers with their line, and duplicate keys with both lines', async () => {
    const error = await loadError('p.yaml', async () => ['prompts: [x]', 'providers:', '  - scalarlm:a', '  - openai:gpt-4o', '  - {id: scalarlm:a}', '  - {id: scalarlm:z, label: scalarlm:a}'].join('\n'));
    assert.deepEqual(error.errors.map((problem) => [problem.line, problem.column, problem.detail.split(':')[0]]), [
      [4, 5, 'provider `openai'],
      [5, 10, 'provider `scalarlm'],
      [6, 10, 'provider the label `scalarlm'],
    ]);
    assert.equal(error.errors[1].detail, 'provider `scalarlm:a` is listed twice (lines 3 and 5); give each a different `label`');
    assert.equal((await loadError('e.yaml', async () => 'prompts: [x]\nproviders: []\n')).detail, '`providers` is empty; list at least one, such as `- scalarlm:base`');
  });
});
