import * as assert from 'node:assert/strict';
import { fieldTexts, modelOptions } from '../../../../src/webview/chat/controls-state';
import { controls } from './fixtures';

const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('chat webview: controls', () => {
  it('lists the default model first, named, then the base model and its adaptors', () => {
    const options = modelOptions(controls({ models: [''], defaultModel: 'gemma', choices: [{ id: 'gemma' }, { id: ADAPTOR, parent: 'gemma', label: 'adaptor 9f86d081' }] }), 0);
    assert.deepEqual(
      options.map(({ value, label }) => [value, label]),
      [
        ['', 'Default: gemma'],
        ['gemma', 'gemma'],
        [ADAPTOR, 'adaptor 9f86d081 (on gemma)'],
      ],
    );
    assert.equal(options[2].title, `${ADAPTOR}, adaptor of gemma`);
  });

  it('keeps a chosen model the deployment does not list, and says so once the list is known', () => {
    assert.deepEqual(modelOptions(controls({ models: ['gone'], choices: [{ id: 'gemma' }] }), 0).at(-1), { value: 'gone', label: 'gone (not listed by the deployment)', title: 'gone' });
    assert.deepEqual(modelOptions(controls({ models: ['gone'] }), 0).map((o) => o.label), ["Deployment's default", 'gone'], 'the list is not known yet');
  });

  it('shows each field of a single chat as text: no temperature is an empty field', () => {
    assert.deepEqual(fieldTexts(controls({ models: [''], columns: [{ maxTokens: 64, system: 'Be brief.' }], transport: 'queue' })), {
      columns: [{ label: 'Model', temperature: '', maxTokens: '64', system: 'Be brief.', systemSummary: 'System prompt' }],
      stream: false,
    });
    assert.equal(fieldTexts(controls({ models: [''], columns: [{ temperature: 0, maxTokens: 8, system: '' }] })).columns[0].temperature, '0');
  });

  it("shows a comparison's fields column by column, each named by its model's number, with one stream checkbox", () => {
    const texts = fieldTexts(
      controls({
        models: ['llama', 'llama'],
        columns: [
          { temperature: 0, maxTokens: 64, system: '' },
          { temperature: 0.9, maxTokens: 128, system: 'Answer as a pirate.' },
        ],
      }),
    );
    assert.deepEqual(texts, {
      columns: [
        { label: 'Model 1', temperature: '0', maxTokens: '64', system: '', systemSummary: 'System prompt (none)' },
        { label: 'Model 2', temperature: '0.9', maxTokens: '128', system: 'Answer as a pirate.', systemSummary: 'System prompt' },
      ],
      stream: true,
    });
  });
});
