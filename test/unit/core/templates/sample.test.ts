import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadSample, parsePrompty, renderTemplate } from '../../../../src/core/templates';
import { fixture, fixturePath, rejection, trusted } from './helpers';
import { guardedRead, UNCONFINED } from '../../../../src/core/files/file-access';

const readUtf8 = guardedRead(UNCONFINED, (path: string) => readFile(path, 'utf8'));

describe('loadSample', () => {
  it('reads a sample file beside the .prompty and renders the prompt with it', async () => {
    const prompty = parsePrompty(await readUtf8(fixturePath('greet.prompty')), fixturePath('greet.prompty'));
    const sample = await loadSample(prompty, readUtf8);
    assert.deepEqual(sample, { name: 'Ada', question: 'Where should I eat tonight?' });
    assert.deepEqual(renderTemplate(prompty, sample ?? {}, trusted), {
      kind: 'messages',
      messages: [
        { role: 'system', content: 'You are a friendly guide for Paris.\nGreet Ada by name.' },
        { role: 'user', content: 'Where should I eat tonight?' },
      ],
    });
  });

  it('returns inline samples as they are, and nothing when there is no sample', async () => {
    assert.deepEqual(await loadSample(fixture('history.prompty'), readUtf8), {
      history: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
      ],
      question: 'What next?',
    });
    assert.equal(await loadSample(parsePrompty('hi', 'p.prompty'), readUtf8), undefined);
  });

  it('names the .prompty and the sample file when the file cannot be read', async () => {
    const prompty = parsePrompty('---\nname: x\nsample: missing.json\n---\nhi', 'prompts/p.prompty');
    const error = await rejection(() => loadSample(prompty, readUtf8));
    assert.match(error.message, /^prompts\/p\.prompty:3:9: cannot read the sample file prompts\/missing\.json: ENOENT/);
  });

  it('points at the line and column of the sample file when its JSON is invalid or not an object', async () => {
    const prompty = parsePrompty('---\nsample: broken.sample.json\n---\nhi', fixturePath('p.prompty'));
    const error = await rejection(() => loadSample(prompty, readUtf8));
    assert.equal(error.file, fixturePath('broken.sample.json'));
    assert.match(error.message, /broken\.sample\.json:4:1: invalid JSON: .*trailing comma/);

    const list = parsePrompty('---\nsample: list.json\n---\nhi', 'p.prompty');
    const notObject = await rejection(() => loadSample(list, guardedRead(UNCONFINED, async () => '\n  [1, 2]')));
    assert.equal(notObject.message, 'list.json:2:3: a sample file must hold a JSON object of input values; got an array of 2');
  });
});
