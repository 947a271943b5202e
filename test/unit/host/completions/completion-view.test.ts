// How a completion reads in its panel.

import * as assert from 'node:assert/strict';
import { completionView, figuresText, PROMPT_TAIL_CHARS, requestText, sourceText, stateText } from '../../../../src/host/completions/completion-view';

describe('completion view wording', () => {
  it('says where the prompt came from', () => {
    assert.equal(sourceText({ fileName: 'notes.md', kind: 'selection', startLine: 3, endLine: 3 }), 'notes.md, line 3');
    assert.equal(sourceText({ fileName: 'notes.md', kind: 'selection', startLine: 3, endLine: 7 }), 'notes.md, lines 3-7');
    assert.equal(sourceText({ fileName: 'notes.md', kind: 'before-cursor', startLine: 1, endLine: 7 }), 'notes.md, lines 1-7 (everything before the cursor)');
  });

  it('names the model sent, or the default by its name once known', () => {
    assert.equal(requestText({ model: 'adaptor-1', maxTokens: 256, temperature: 0 }), 'Model adaptor-1 · max_tokens 256 · temperature 0');
    assert.equal(requestText({ maxTokens: 16 }), "Model the deployment's default · max_tokens 16");
    assert.equal(requestText({ defaultModel: 'tiny-random/gemma-4-dense', maxTokens: 16, temperature: 0.7 }), "Model tiny-random/gemma-4-dense (the deployment's default) · max_tokens 16 · temperature 0.7");
  });

  it('words every state, with the finish reason and the server text', () => {
    assert.equal(stateText({ state: 'waiting', text: '' }), 'Waiting for the first token…');
    assert.equal(stateText({ state: 'streaming', text: 'a' }), 'Streaming…');
    assert.equal(stateText({ state: 'done', text: 'a', finishReason: 'length' }), 'Done: max_tokens reached (length).');
    assert.equal(stateText({ state: 'done', text: 'a', finishReason: 'stop' }), 'Done: the model stopped (stop).');
    assert.equal(stateText({ state: 'done', text: 'a', finishReason: 'abort' }), 'Done (abort).');
    assert.equal(stateText({ state: 'done', text: 'a' }), 'Done.');
    assert.equal(stateText({ state: 'stopped', text: 'a' }), 'Stopped: the text so far is kept.');
    assert.equal(stateText({ state: 'error', text: '', error: 'Failed to create completions: …' }), 'Error: Failed to create completions: …');
    assert.equal(stateText({ state: 'incomplete', text: 'a', error: 'The stream ended without [DONE].' }), 'Incomplete: The stream ended without [DONE].');
  });

  it('gives the figures once known, and none before', () => {
    assert.equal(figuresText({ state: 'waiting', text: '' }), '');
    assert.equal(
      figuresText({ state: 'done', text: 'a', usage: { promptTokens: 5, completionTokens: 64 }, timeToFirstTokenMs: 120.4, tokensPerSecond: 48.26, totalMs: 1420 }),
      '5 prompt + 64 completion tokens · first token 120 ms · 48.3 tokens/s · 1.4 s',
    );
  });

  it('shows the end of a long prompt, and says it was cut', () => {
    const long = `${'x'.repeat(1000)}END`;
    const view = completionView({ fileName: 'a.txt', kind: 'selection', startLine: 1, endLine: 1 }, { maxTokens: 4 }, long, { state: 'waiting', text: '' });
    assert.equal(view.promptTail.length, PROMPT_TAIL_CHARS);
    assert.ok(view.promptTail.endsWith('END'));
    assert.equal(view.promptCut, true);
    assert.equal('figures' in view, false);
    const short = completionView({ fileName: 'a.txt', kind: 'selection', startLine: 1, endLine: 1 }, { maxTokens: 4 }, 'Hi', { state: 'done', text: ' there', totalMs: 10 });
    assert.deepEqual(short, {
      source: 'a.txt, line 1', request: "Model the deployment's default · max_tokens 4", promptTail: 'Hi', promptCut: false,
      text: ' there', state: 'done', stateText: 'Done.', figures: '0.0 s',
    });
  });
});
