import * as assert from 'node:assert/strict';
import { compileTemplate, type RenderedMessage } from '../../../../src/core/templates';
import { openingOf } from '../../../../src/host/chat/opening';
import { sampleVars } from '../../../../src/host/experiments/preview-vars';
import { promptyOpening } from '../../../../src/host/experiments/prompty-opening';
import { promptyFixture, promptyText, readText } from './helpers';
import { guardedRead, UNCONFINED } from '../../../../src/core/files/file-access';

async function renderedSample(name: string): Promise<RenderedMessage[]> {
  const template = promptyFixture(name);
  const vars = await sampleVars(template, guardedRead(UNCONFINED, readText));
  assert.equal(vars.kind, 'sample');
  const result = compileTemplate(template).render(vars.kind === 'sample' ? vars.values : {}, { trust: 'trusted' });
  assert.equal(result.kind, 'messages');
  return result.kind === 'messages' ? result.messages : [];
}

describe('a .prompty as the start of a chat', () => {
  it("takes the system message, the last user message as the first turn, and max_tokens, temperature and the model hint", async () => {
    const template = promptyFixture('greet.prompty');
    const built = promptyOpening(template, await renderedSample('greet.prompty'), 'greet.prompty');
    assert.deepEqual(built, {
      opening: {
        user: 'Hi, I am Ada. Where should I eat tonight?',
        prefix: [],
        system: 'You are a guide for Paris. Reply in **markdown**.',
        title: 'Greeter',
        params: { max_tokens: 120, temperature: 0.3 },
        modelHint: 'gpt-4o',
      },
    });
  });

  it('keeps earlier exchanges as the prefix, and titles an unnamed file by its file name', () => {
    const template = promptyText('user:\nhi', 'few-shot.prompty');
    const messages: RenderedMessage[] = [
      { role: 'user', content: 'What is 2+2?' },
      { role: 'assistant', content: '4' },
      { role: 'user', content: 'And 3+3?' },
    ];
    assert.deepEqual(promptyOpening(template, messages, 'few-shot.prompty'), {
      opening: { user: 'And 3+3?', prefix: messages.slice(0, 2), title: 'few-shot.prompty' },
    });
  });

  it('refuses a conversation that does not end with the user', () => {
    const template = promptyText('user:\nhi', 'ends.prompty');
    assert.deepEqual(promptyOpening(template, [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }], 'prompts/ends.prompty'), {
      problem: 'prompts/ends.prompty: the conversation must end with a user message (text) for the model to answer.',
    });
    assert.deepEqual(promptyOpening(template, [{ role: 'system', content: 'only a system message' }], 'e.prompty'), {
      problem: 'e.prompty: the conversation must end with a user message (text) for the model to answer.',
    });
  });

  it('is the same rule as for a chat file: an empty system message falls back to the settings', () => {
    assert.deepEqual(openingOf([{ role: 'system', content: '' }, { role: 'user', content: 'q' }], 'chat.json', 'chat.json'), {
      opening: { user: 'q', prefix: [], title: 'chat.json' },
    });
  });
});
