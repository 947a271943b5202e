// The simulator samples chat as vLLM does: greedy at temperature 0, sampled above it; a request with a seed
// gives the same answer each time, one without draws anew. /v1/generate stays greedy whatever it asks (§1.2).

import * as assert from 'node:assert/strict';
import { json, post, sseData, useSimulator } from './helpers';

const messages = [{ role: 'user', content: 'Tell me a story about the sea.' }];

describe('sim: sampling chat above temperature 0', () => {
  const sim = useSimulator({ tokensPerSecond: 1000, heartbeatIntervalMs: 40 });

  const queued = async (extra: Record<string, unknown>) => {
    const reply = await post(sim(), '/v1/chat/completions', { messages, max_tokens: 12, ...extra });
    return json<{ choices: { message: { content: string } }[] }>(reply).choices[0].message.content;
  };
  const streamed = async (extra: Record<string, unknown>) => {
    const reply = await post(sim(), '/v1/chat/completions', { messages, max_tokens: 12, stream: true, ...extra });
    return sseData(reply.text)
      .filter((data) => data !== '[DONE]')
      .map((data) => (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '')
      .join('');
  };

  for (const [name, ask] of [['queued', queued], ['streamed', streamed]] as const) {
    it(`${name}: greedy at 0, the same for a seed, another answer for another seed or none`, async () => {
      const greedy = await ask({});
      assert.equal(await ask({ temperature: 0 }), greedy, 'temperature 0 is greedy');
      const seeded = await ask({ temperature: 0.8, seed: 7 });
      assert.equal(await ask({ temperature: 0.8, seed: 7 }), seeded, 'a seed repeats its sample');
      assert.notEqual(seeded, greedy);
      assert.notEqual(await ask({ temperature: 0.8, seed: 8 }), seeded);
      const draws = new Set([await ask({ temperature: 0.8 }), await ask({ temperature: 0.8 }), await ask({ temperature: 0.8 })]);
      assert.equal(draws.size, 3, 'three unseeded requests, three answers');
    });
  }

  it('/v1/generate decodes greedily whatever temperature it is given', async () => {
    const answer = async (temperature: number) => {
      const reply = await post(sim(), '/v1/generate', { prompts: ['A story about the sea.'], max_tokens: 12, temperature });
      return json<{ results: { response: string | null }[] }>(reply).results[0].response;
    };
    assert.equal(await answer(0.9), await answer(0));
  });
});
