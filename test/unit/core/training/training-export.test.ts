// Training data's pure parts: a prompt's input (text as is, chat messages as the deployment rendered them, else
// the documented role-marker rendering), a results run's examples, and the writer's refusal of an empty set
// and of an existing file unless asked to overwrite it.

import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fallbackChatRendering, inputOf, resultsRunExamples, TrainingExportError, writeTrainingData } from '../../../../src/core/training/training-export';
import type { RunItem } from '../../../../src/core/runs/run-projection';
import { useTempDir } from '../../helpers/temp-dir';

const item = (index: number, prompt: RunItem['prompt'], status: RunItem['status'], response: string | null): RunItem => ({ index, group: 0, prompt, status, requestId: null, response, error: null });

describe('training data', () => {
  const tmp = useTempDir();

  it('renders chat messages as Prompty role markers when the deployment did not, text parts only', () => {
    assert.equal(
      fallbackChatRendering([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }, { type: 'image_url', image_url: { url: 'x' } }] },
      ]),
      'system:\nBe brief.\n\nuser:\nHi',
    );
  });

  it('takes a text prompt as it is, and a chat prompt as the deployment rendered it when it did', () => {
    assert.deepEqual(inputOf('plain', undefined), { input: 'plain', rendering: 'text' });
    assert.deepEqual(inputOf({ prompt: 'wrapped' }, 'ignored'), { input: 'wrapped', rendering: 'text' });
    const chat = { messages: [{ role: 'user', content: 'Hi' }] };
    assert.deepEqual(inputOf(chat, '<start_of_turn>user\nHi'), { input: '<start_of_turn>user\nHi', rendering: 'server' });
    assert.deepEqual(inputOf(chat, undefined), { input: 'user:\nHi', rendering: 'fallback' });
  });

  it("gives a results run's answered prompts, leaving out errors, pending items and empty answers", () => {
    const { examples, skipped, fallback } = resultsRunExamples([item(0, 'a', 'ok', 'A'), item(1, 'b', 'error', null), item(2, 'c', 'pending', null), item(3, 'd', 'ok', ''), item(4, { messages: [{ role: 'user', content: 'e' }] }, 'ok', 'E')], new Map());
    assert.deepEqual(examples, [{ input: 'a', output: 'A' }, { input: 'user:\ne', output: 'E' }]);
    assert.equal(skipped, 3);
    assert.equal(fallback, 1);
  });

  it('refuses to write an empty dataset, naming the file', async () => {
    const path = join(tmp.path, 'none.jsonl');
    await assert.rejects(writeTrainingData([], path), (error: unknown) => error instanceof TrainingExportError && error.message === `${path}: no examples to write: nothing in the run qualifies`);
  });

  it('keeps an existing file unless told to overwrite it, and says so', async () => {
    const path = join(tmp.path, 'data.jsonl');
    writeFileSync(path, 'mine\n');
    assert.equal(await writeTrainingData([{ input: 'a', output: 'A' }], path, { overwrite: false }), false);
    assert.equal(readFileSync(path, 'utf8'), 'mine\n');
    assert.equal(await writeTrainingData([{ input: 'a', output: 'A' }], path, { overwrite: true }), true);
    assert.equal(readFileSync(path, 'utf8'), '{"input":"a","output":"A"}\n');
  });
});
