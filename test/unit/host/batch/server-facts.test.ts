// What the results panel says the deployment knows of an item: token counts and timing from the request
// detail of its group (protocol §5.2), asked of the simulator over real sockets; why there is nothing to say
// on older servers, for ids not given yet, and when asking fails.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import type { RequestLookup } from '../../../../src/core/api/types';
import { factsOf, ServerFacts } from '../../../../src/host/batch/server-facts';
import { withSimulator } from '../../helpers/simulator';

async function withClient<T>(url: string, body: (client: ScalarLMClient) => Promise<T>): Promise<T> {
  const client = new ScalarLMClient({ baseUrl: url });
  try {
    return await body(client);
  } finally {
    await client.close();
  }
}

describe('results panel: what the server knows of an item', () => {
  it('gives the tokens the worker reported and the group timing, asking once per completed group', async () => {
    await withSimulator({}, async (sim) => {
      await withClient(sim.url, async (client) => {
        const started = Date.now();
        const { data } = await client.generate({ prompts: ['first prompt here', 'second'], max_tokens: 6 });
        const [first, second] = data.results.map((r) => String(r.request_id));
        let asked = 0;
        const facts = new ServerFacts(async (group) => {
          asked++;
          return (await client.lookupRequest(group)).data;
        });
        const one = await facts.of(first);
        assert.equal(one.state, 'found');
        if (one.state !== 'found') return;
        assert.equal(one.groupStatus, 'completed');
        assert.equal(one.groupSize, 2);
        assert.ok(one.promptTokens! > 0 && one.completionTokens! > 0, JSON.stringify(one));
        assert.equal(one.totalTokens, one.promptTokens! + one.completionTokens!);
        assert.equal(one.finishReason, undefined, 'batch items carry no finish_reason (protocol §11)');
        assert.ok(one.submittedAt! >= started - 1000 && one.completedAt! >= one.submittedAt! - 1000, JSON.stringify(one));
        const two = await facts.of(second);
        assert.equal(two.state === 'found' && two.completionTokens !== undefined, true);
        assert.equal(asked, 1, 'one lookup for the two items of a completed group');
      });
    });
  });

  it('asks again about a group the server has not completed yet', async () => {
    await withSimulator({ zeroLatency: false, tokensPerSecond: 5, responseTimeoutMs: 50 }, async (sim) => {
      await withClient(sim.url, async (client) => {
        const { data } = await client.generate({ prompts: ['slow to answer'], max_tokens: 40 });
        const id = String(data.results[0].request_id);
        assert.equal(data.results[0].response, null, 'still pending');
        let asked = 0;
        const facts = new ServerFacts(async (group) => {
          asked++;
          return (await client.lookupRequest(group)).data;
        });
        const pending = await facts.of(id);
        assert.equal(pending.state === 'found' && pending.groupStatus, 'in_progress');
        assert.equal(pending.state === 'found' && pending.completionTokens, undefined);
        await facts.of(id);
        assert.equal(asked, 2);
      });
    });
  });

  it('says why there is nothing to ask: no id yet, integer ids, no route on an older server, no deployment', async () => {
    const never = new ServerFacts(async () => {
      throw new Error('must not be asked');
    });
    assert.match(noteOf(await never.of(null)), /no request id/);
    assert.match(noteOf(await never.of(17)), /numbers its requests \(an older ScalarLM\)/);
    assert.match(noteOf(await new ServerFacts({ unavailable: 'Not asked: no deployment.' }).of('abc_000000000')), /^Not asked: no deployment\.$/);
    await withSimulator({ profile: 'legacy' }, async (sim) => {
      await withClient(sim.url, async (client) => {
        const { data } = await client.generate({ prompts: ['old server'], max_tokens: 4 });
        const facts = new ServerFacts(async (group) => (await client.lookupRequest(group)).data);
        assert.match(noteOf(await facts.of(String(data.results[0].request_id))), /no request detail route \(an older ScalarLM\)/);
      });
    });
  });

  it('says when asking failed, and asks again next time', async () => {
    let calls = 0;
    const facts = new ServerFacts(async () => {
      if (++calls === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:9');
      return { state: 'not-found' } satisfies RequestLookup;
    });
    assert.match(noteOf(await facts.of('abc_000000000')), /^Could not ask the deployment about this request: connect ECONNREFUSED/);
    assert.match(noteOf(await facts.of('abc_000000000')), /no longer has this request/);
  });

  it('reads around placeholders of files too large or unreadable to show', () => {
    const facts = factsOf(
      { state: 'found', detail: { request_id: 'g', request: [], response: { error: 'too large to display', size_bytes: 6e6 }, status: { error: 'unreadable', detail: 'x' }, request_mtime: 1700000000.5, response_mtime: null } },
      'g_000000000',
    );
    assert.deepEqual(facts, { state: 'found', submittedAt: 1700000000500 });
  });
});

function noteOf(facts: Awaited<ReturnType<ServerFacts['of']>>): string {
  assert.equal(facts.state, 'none');
  return facts.state === 'none' ? facts.note : '';
}
