// Whether a batch the server lists is this group of {messages} prompts: item by item, never by a likeness.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { holdsBatch } from '../../../../src/core/batch/listed-groups';
import { runBatch } from '../../../../src/core/batch/runner';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const item = (prompt: string, extra: Record<string, unknown> = {}) => ({ prompt, model: 'm', max_tokens: 32, temperature: 0, tools: null, tool_choice: null, request_type: 'generate', ...extra });
const turn = (text: string) => `<start_of_turn>user\n${text}<end_of_turn>\n<start_of_turn>model\n`;
const target = (...texts: string[]) => ({ prompts: texts.map((content) => ({ messages: [{ role: 'user', content }] })), params: { model: 'm', max_tokens: 32 } });

describe('a listed batch matched to a group of chat prompts', () => {
  it('matches the stored request whose rendered prompts hold each item’s messages with one template', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada')), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), true);
  });

  it('refuses other parameters, another count, or prompts in another order', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada'), { max_tokens: 16 }), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Ada'), { temperature: 0.5 }), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Ada'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch([item(turn('Hi Grace')), item(turn('Hi Ada'))], target('Hi Ada', 'Hi Grace')), false);
    assert.equal(holdsBatch({ error: 'too large to display' }, target('Hi Ada')), false);
  });

  it('refuses a batch whose prompts say more than the messages (the text around them differs item to item)', () => {
    assert.equal(holdsBatch([item(turn('Hi Ada, how are you')), item(turn('Hi Grace'))], target('Hi Ada', 'Hi Grace')), false);
  });
});

describe('two identical groups of chat prompts in one run', () => {
  const tmp = useTempDir();

  it('are sent once: the second waits for the first, then fetches it', async () => {
    await withSimulator({}, async (sim) => {
      const api = new ScalarLMClient({ baseUrl: sim.url });
      const entry = { messages: [{ role: 'user', content: 'The same question twice.' }] };
      const input = (async function* () {
        yield* [{ entry }, { entry }, { entry }];
      })();
      const summary = await runBatch({ api, ledgerPath: join(tmp.path, 'run.ledger.jsonl'), params: { model: 'tiny-random/gemma-4-dense', max_tokens: 8 }, input, groupSize: 1, maxInFlight: 3 });
      assert.equal(summary.counts.ok, 3);
      assert.equal(sim.stats().requests['POST /v1/generate'], 1);
      await api.close();
    });
  });
});
