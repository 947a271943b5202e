// The client's socket pool against a server that closes idle keep-alive sockets, as uvicorn does (protocol §11).

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { POOLED_SOCKET_IDLE_MS } from '../../../../src/core/api/http';
import { DEFAULT_OPTIONS } from '../../../../src/sim';
import { submissionCounts, withSimulator } from '../../helpers/simulator';
import { waitFor } from '../../helpers/wait-for';

const SERVER_IDLE_MS = 300;

/** The scenario itself, not a wait for a condition: nothing is sent for longer than the server keeps an idle socket. */
function idleSpell(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, SERVER_IDLE_MS * 1.5));
}

describe('ScalarLMClient socket pool (protocol §11)', () => {
  it("keeps a pooled socket idle for less than uvicorn's 5 s by default", () => {
    assert.ok(POOLED_SOCKET_IDLE_MS < DEFAULT_OPTIONS.idleSocketTimeoutMs);
  });

  it('closes an idle socket before the server does, so a POST after an idle spell goes out once and succeeds', async () => {
    await withSimulator({ idleSocketTimeoutMs: SERVER_IDLE_MS }, async (sim) => {
      const client = new ScalarLMClient({ baseUrl: sim.url, pooledSocketIdleMs: SERVER_IDLE_MS / 2 });
      try {
        await client.generate({ prompts: ['before the idle spell'], max_tokens: 2 });
        await idleSpell();
        const { data } = await client.generate({ prompts: ['after the idle spell'], max_tokens: 2 });
        assert.equal(data.results.length, 1);
        assert.equal(typeof data.results[0].response, 'string');
        assert.deepEqual(submissionCounts(sim), [1, 1]);
        assert.equal(sim.stats().requests['POST /v1/generate'], 2, 'each batch was sent once, on the first try');
        assert.equal(sim.stats().idleSocketTimeouts, 0, 'the client closed its idle socket before the server had to');
      } finally {
        await client.close();
      }
    });
  });

  it('(the race it avoids) a pool that keeps sockets longer leaves the server to close them', async () => {
    await withSimulator({ idleSocketTimeoutMs: SERVER_IDLE_MS }, async (sim) => {
      const client = new ScalarLMClient({ baseUrl: sim.url, pooledSocketIdleMs: SERVER_IDLE_MS * 10 });
      try {
        await client.generate({ prompts: ['held too long'], max_tokens: 2 });
        await waitFor(() => sim.stats().idleSocketTimeouts === 1, { timeoutMs: SERVER_IDLE_MS * 10, what: 'the server to close the idle socket' });
      } finally {
        await client.close();
      }
    });
  });

  it('refuses a pool idle time that is not a positive number', () => {
    assert.throws(() => new ScalarLMClient({ baseUrl: 'http://127.0.0.1:8000', pooledSocketIdleMs: 0 }), /pooledSocketIdleMs must be a positive number of milliseconds, got 0/);
  });
});
