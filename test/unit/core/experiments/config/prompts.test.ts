import * as assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadExperimentConfig } from '../../../../../src/core/experiments/config';
import { loadError, useExperimentFolder } from './helpers';
import { UNCONFINED } from '../../../../../src/core/files/file-access';

describe('experiment config: prompts', () => {
  const folder = useExperimentFolder();

  it('expands globs in file:// paths, sorted, relative to the experiment file', async () => {
    folder.write({
      'exp/promptfooconfig.yaml': 'prompts:\n  - file://prompts/*.prompty\n  - file://../shared/**/*.txt\ntests: []\n',
      'exp/prompts/b.prompty': 'b',
      'exp/prompts/a.prompty': 'a',
      'exp/prompts/C.prompty': 'C',
      'exp/prompts/notes.md': 'not matched',
      'shared/x/two.txt': '2',
      'shared/one.txt': '1',
    });
    const config = await loadExperimentConfig(join(folder.path, 'exp', 'promptfooconfig.yaml'), UNCONFINED);
    assert.deepEqual(
      config.prompts.map((prompt) => [prompt.key, prompt.label, prompt.kind === 'file' && prompt.path, prompt.line]),
      [
        ['prompts/C.prompty', 'prompts/C.prompty', join(folder.path, 'exp', 'prompts', 'C.prompty'), 2],
        ['prompts/a.prompty', 'prompts/a.prompty', join(folder.path, 'exp', 'prompts', 'a.prompty'), 2],
        ['prompts/b.prompty', 'prompts/b.prompty', join(folder.path, 'exp', 'prompts', 'b.prompty'), 2],
        ['../shared/one.txt', '../shared/one.txt', join(folder.path, 'shared', 'one.txt'), 3],
        ['../shared/x/two.txt', '../shared/x/two.txt', join(folder.path, 'shared', 'x', 'two.txt'), 3],
      ],
    );
  });

  it('gives keys that stay the same across loads and folders, and labels for people', async () => {
    const text = [
      'prompts:',
      '  - "Summarize:\\n\\n   {{text}}   in three sentences, keeping every figure and name, and nothing else at all"',
      '  - file://p.txt',
      '  - {label: Named, raw: "{{text}}"}',
      '  - {id: by-id, raw: "{{text}}!"}',
      '  - {id: file://p.json, label: Chat}',
    ].join('\n');
    const files = { 'p.txt': 'x', 'p.json': '[]' };
    folder.write({ 'one/promptfooconfig.yaml': text, 'two/promptfooconfig.yaml': text, ...Object.fromEntries(Object.entries(files).flatMap(([name, content]) => [[`one/${name}`, content], [`two/${name}`, content]])) });
    const one = await loadExperimentConfig(join(folder.path, 'one', 'promptfooconfig.yaml'), UNCONFINED);
    const two = await loadExperimentConfig(join(folder.path, 'two', 'promptfooconfig.yaml'), UNCONFINED);
    assert.deepEqual(one.prompts.map((prompt) => prompt.key), two.prompts.map((prompt) => prompt.key));
    assert.deepEqual(
      one.prompts.map((prompt) => [prompt.key.replace(/^inline:[0-9a-f]{16}$/, 'inline:<hash>'), prompt.label, prompt.id]),
      [
        ['inline:<hash>', 'Summarize: {{text}} in three sentences, keeping every figur…', undefined],
        ['p.txt', 'p.txt', undefined],
        ['Named', 'Named', undefined],
        ['by-id', '{{text}}!', 'by-id'],
        ['Chat', 'Chat', 'file://p.json'],
      ],
    );
    assert.equal(one.prompts[0].label.length, 60);
  });

  it('rejects duplicate labels, files and texts, naming both lines', async () => {
    folder.write({
      'promptfooconfig.yaml': [
        'prompts:',
        '  - {label: A, raw: one}',
        '  - {label: A, raw: two}',
        '  - file://p.txt',
        '  - file://./p.txt',
        '  - same text',
        '  - same text',
      ].join('\n'),
      'p.txt': 'x',
    });
    const error = await loadError(join(folder.path, 'promptfooconfig.yaml'));
    assert.deepEqual(error.errors.map((problem) => problem.detail), [
      'two prompts have the label `A` (lines 2 and 3); labels must be unique, so that results can be told apart and matched between runs',
      'the prompt `p.txt` is listed twice (lines 4 and 5); list it once, or give each a different `label`',
      'the same prompt is listed twice (lines 6 and 7); remove one, or give each a different `label`',
    ]);
  });

  it('labels each match of a labelled glob as promptfoo does', async () => {
    folder.write({ 'promptfooconfig.yaml': 'prompts:\n  - {label: v, id: "file://v/*.md"}\n', 'v/1.md': '1', 'v/2.md': '2' });
    const config = await loadExperimentConfig(join(folder.path, 'promptfooconfig.yaml'), UNCONFINED);
    assert.deepEqual(config.prompts.map((prompt) => [prompt.key, prompt.kind === 'file' && prompt.format]), [
      ['v: v/1.md', 'text'],
      ['v: v/2.md', 'text'],
    ]);
  });

  it('warns that a bare file name is sent as text, and rejects unusable prompts', async () => {
    const config = await loadExperimentConfig('p.yaml', UNCONFINED, async () => 'prompts:\n  - prompts/summarize.prompty\n');
    assert.deepEqual(config.problems.map((problem) => [problem.severity, problem.message]), [
      ['warning', 'p.yaml:2:5: `prompts/summarize.prompty` is sent as the prompt text itself; to read the file, write `file://prompts/summarize.prompty`'],
    ]);
    const error = await loadError('bad.yaml', async () => ['prompts:', '  - ""', '  - file://', '  - 42', '  - {label: x}', '  - {raw: [1]}', 'tests: []'].join('\n'));
    assert.deepEqual(error.errors.map((problem) => problem.message), [
      'bad.yaml:2:5: this prompt is empty; write the template, or `file://` and a path',
      'bad.yaml:3:5: `file://` needs a path, such as `file://prompts/summarize.prompty`',
      'bad.yaml:4:5: a prompt is a template string, a `file://` path or {id, label, raw}; got the number 42',
      'bad.yaml:5:5: this prompt has no `raw` (the template) or `id` (such as `file://prompt.prompty`)',
      "bad.yaml:6:11: a prompt's `raw` must be a string; got a list",
    ]);
    assert.equal((await loadError('map.yaml', async () => 'prompts: {a.txt: A}\n')).detail, '`prompts` must be a list of templates or `file://` paths; got a mapping');
    assert.equal((await loadError('empty.yaml', async () => 'prompts: []\n')).detail, '`prompts` is empty; list at least one template or `file://` path');
  });
});
