// A raw completion streamed from the simulator: the text as it arrives, how it ended, and every way it can
// end early (stopped, cut, refused), each keeping what arrived.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { streamCompletion, type CompletionProgress } from '../../../../src/host/completions/completion-stream';
import { simulatedCompletion, type SimOptions } from '../../../../src/sim';
import { withSimulator } from '../../helpers/simulator';

const PROMPT = 'Once upon a time, the queue';

async function complete(options: Partial<SimOptions>, run: (client: ScalarLMClient, seen: CompletionProgress[]) => Promise<CompletionProgress>) {
  return withSimulator(options, async (sim) => {
    const client = new ScalarLMClient({ baseUrl: sim.url });
    const seen: CompletionProgress[] = [];
    try {
      return { final: await run(client, seen), seen };
    } finally {
      await client.close();
    }
  });
}

describe('completion stream', () => {
  it('streams the continuation token by token, then ends with the finish reason, usage and figures', async () => {
    const { final, seen } = await complete({ zeroLatency: false, tokensPerSecond: 400 }, (client, seen) =>
      streamCompletion(client, { prompt: PROMPT, max_tokens: 12, temperature: 0 }, new AbortController().signal, (p) => seen.push(p)),
    );
    assert.equal(final.state, 'done');
    assert.equal(final.text, simulatedCompletion(PROMPT, 12).text);
    assert.equal(final.finishReason, 'length');
    assert.deepEqual(final.usage, { promptTokens: Math.ceil(PROMPT.length / 4), completionTokens: 12 });
    assert.ok(final.timeToFirstTokenMs !== undefined && final.totalMs !== undefined && final.totalMs >= final.timeToFirstTokenMs);
    assert.ok(final.tokensPerSecond !== undefined && final.tokensPerSecond > 0);
    assert.equal(seen[0].state, 'waiting');
    const streaming = seen.filter((p) => p.state === 'streaming');
    assert.ok(streaming.length >= 12, `one update per token, got ${streaming.length}`);
    assert.ok(streaming.every((p, i) => i === 0 || p.text.length >= streaming[i - 1].text.length), 'the text only grows');
  });

  it('stops when asked, keeping the text so far', async () => {
    const { final } = await complete({ zeroLatency: false, tokensPerSecond: 20 }, (client) => {
      const controller = new AbortController();
      return streamCompletion(client, { prompt: PROMPT, max_tokens: 200 }, controller.signal, (p) => {
        if (p.text.split(' ').length >= 3) controller.abort();
      });
    });
    assert.equal(final.state, 'stopped');
    assert.ok(final.text.length > 0 && simulatedCompletion(PROMPT, 200).text.startsWith(final.text), final.text);
    assert.equal(final.error, undefined);
  });

  it("ends with the server's own words for a model it does not serve", async () => {
    const { final } = await complete({}, (client) =>
      streamCompletion(client, { prompt: PROMPT, model: 'no-such-model', max_tokens: 4 }, new AbortController().signal, () => undefined),
    );
    assert.equal(final.state, 'error');
    assert.match(final.error ?? '', /^Failed to create completions: .*no-such-model/);
  });

  it('says a stream cut short is incomplete, keeping what arrived', async () => {
    const { final } = await complete({ faults: [{ kind: 'sse-cut', route: '/v1/completions', arg: '3' }] }, (client) =>
      streamCompletion(client, { prompt: PROMPT, max_tokens: 10 }, new AbortController().signal, () => undefined),
    );
    assert.equal(final.state, 'incomplete');
    assert.equal(final.text, simulatedCompletion(PROMPT, 10).text.split(' ').slice(0, 3).join(' '));
    assert.match(final.error ?? '', /ended without \[DONE\]|cut before \[DONE\]/);
  });

  it('reports an unreachable deployment as an error, never throwing', async () => {
    const client = new ScalarLMClient({ baseUrl: 'http://127.0.0.1:9', timeouts: { connectMs: 500 } });
    try {
      const final = await streamCompletion(client, { prompt: PROMPT }, new AbortController().signal, () => undefined);
      assert.equal(final.state, 'error');
      assert.match(final.error ?? '', /Cannot reach/);
    } finally {
      await client.close();
    }
  });
});
