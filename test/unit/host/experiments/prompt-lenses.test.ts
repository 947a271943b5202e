import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { experimentLenses, promptyLenses } from '../../../../src/host/experiments/prompt-lenses';
import { fixturePath } from './helpers';

describe('CodeLens placement', () => {
  it('puts the prompt actions on the first line after a .prompty frontmatter', () => {
    const text = readFileSync(fixturePath('greet.prompty'), 'utf8');
    const lenses = promptyLenses(text, text.split('\n').length);
    assert.deepEqual(
      lenses.map((lens) => [lens.line, lens.title, lens.command]),
      [
        [17, 'Run with Sample', 'scalarlm.runPromptWithSample'],
        [17, 'Run over Dataset…', 'scalarlm.runPromptOverDataset'],
        [17, 'Preview', 'scalarlm.previewPrompt'],
        [17, 'Chat', 'scalarlm.chatWithPrompt'],
        [17, 'Compare Models…', 'scalarlm.compareModels'],
      ],
    );
    assert.equal(text.split('\n')[17], 'system:');
  });

  it('uses the first line of a .prompty without frontmatter, and the last line of one with an empty body', () => {
    assert.deepEqual(new Set(promptyLenses('user:\nhello', 2).map((lens) => lens.line)), new Set([0]));
    assert.deepEqual(new Set(promptyLenses('---\nname: empty\n---\n', 4).map((lens) => lens.line)), new Set([3]));
    assert.deepEqual(new Set(promptyLenses('---\nname: empty\n---', 3).map((lens) => lens.line)), new Set([2]));
  });

  it("puts the experiment actions on an experiment file's prompts: line, and none on other YAML", () => {
    const text = readFileSync(fixturePath('experiment', 'promptfooconfig.yaml'), 'utf8');
    assert.deepEqual(
      experimentLenses(text).map((lens) => [lens.line, lens.title, lens.command]),
      [
        [1, 'Run Experiment', 'scalarlm.runExperiment'],
        [1, 'Preview Cells', 'scalarlm.previewCells'],
      ],
    );
    assert.deepEqual(experimentLenses('name: ci\non: [push]\njobs: {}\n'), []);
    assert.deepEqual(experimentLenses('prompts: [a]\n'), [], 'prompts alone is not an experiment');
    assert.deepEqual(experimentLenses('# a comment\ntests: []\nprompts:\n  - hi\n').map((lens) => lens.line), [2, 2]);
  });
});
