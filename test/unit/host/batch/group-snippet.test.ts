// A batch group's request as code: a run sent through a proxy that keeps every request, then each group's
// snippet built from the ledger must carry the very body the runner sent, and its cURL, run for real, must
// send that body again with the token read from $SCALARLM_TOKEN.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { runBatch } from '../../../../src/core/batch/runner';
import type { BatchInput } from '../../../../src/core/batch/types';
import { generateBody } from '../../../../src/core/runs/group-request';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { snippetsFor, TOKEN_PLACEHOLDER } from '../../../../src/core/snippets';
import { groupSnippet } from '../../../../src/host/batch/group-snippet';
import { withRecordingProxy } from '../../helpers/recording-proxy';
import { withSimulator } from '../../helpers/simulator';
import { useTempDir } from '../../helpers/temp-dir';

const run = promisify(execFile);

async function* inputOf(entries: BatchInput['entry'][]): AsyncGenerator<BatchInput> {
  for (const entry of entries) yield { entry };
}

describe('results panel: a batch group as code', () => {
  const tmp = useTempDir();

  it('builds each group of a run with the body the runner sent, and its cURL sends it again', async () => {
    await withSimulator({}, async (sim) => {
      await withRecordingProxy(sim.url, async (proxy) => {
        const api = new ScalarLMClient({ baseUrl: proxy.url, headers: { 'X-Team': 'ml', 'X-Gateway-Key': 's3cret' } });
        const entries: BatchInput['entry'][] = ['one', { prompt: "it's two" }, { messages: [{ role: 'user', content: 'three é' }] }];
        const ledgerPath = join(tmp.path, 'run.ledger.jsonl');
        try {
          const summary = await runBatch({ api, ledgerPath, params: { model: 'tiny-random/gemma-4-dense', max_tokens: 6, temperature: 0.5 }, input: inputOf(entries), groupSize: 2, maxInFlight: 1 });
          assert.equal(summary.counts.ok, 3);
        } finally {
          await api.close();
        }
        const sent = proxy.received.filter((r) => r.method === 'POST' && r.path === '/v1/generate').map((r) => JSON.parse(r.body) as unknown);
        assert.equal(sent.length, 2);

        const projection = RunProjection.replay(ledgerPath, { keepItems: true });
        const headers = { 'X-Team': 'ml', 'X-Gateway-Key': TOKEN_PLACEHOLDER };
        const snippets = [0, 1].map((g) => groupSnippet(projection, g, headers));
        snippets.forEach((snippet, g) => {
          assert.ok(snippet.ok, JSON.stringify(snippet));
          if (!snippet.ok) return;
          assert.equal(snippet.request.url, `${proxy.url}/v1/generate`);
          assert.deepEqual(snippet.request.body, sent[g], `group ${g}: exactly what was sent`);
          assert.equal(snippet.request.headers['X-Gateway-Key'], TOKEN_PLACEHOLDER, 'the token as a placeholder, never its value');
        });

        const first = snippets[0];
        assert.ok(first.ok);
        if (!first.ok) return;
        await run('sh', ['-c', snippetsFor(first.request).curl], { env: { ...process.env, SCALARLM_TOKEN: 'from-the-env' } });
        const again = proxy.received[proxy.received.length - 1];
        assert.deepEqual(JSON.parse(again.body), sent[0]);
        assert.equal(again.headers['x-gateway-key'], 'from-the-env');
        assert.equal(again.headers['x-team'], 'ml');
      });
    });
  });

  it('says why a prompt has no request to copy', () => {
    const projection = new RunProjection({ keepItems: true });
    const events = [
      { t: 'run', v: 1, runId: 'r', createdAt: '2026-01-01T00:00:00Z', baseUrl: 'http://sim', params: { max_tokens: 4 }, groupSize: 1 },
      { t: 'group', g: 0, first: 0, prompts: ['cell'], expectedId: 'h', transport: 'chat' },
    ] as const;
    events.forEach((event, i) => projection.apply(event as never, i, i + 1));
    assert.deepEqual(groupSnippet(projection, 3, {}), { ok: false, problem: 'This prompt was never planned into a group, so no request holds it: resuming the run sends it.' });
    assert.match((groupSnippet(projection, 0, {}) as { problem: string }).problem, /went out as chat completions/);
  });

  it('sends only the batch fields of a group\'s parameters', () => {
    assert.deepEqual(generateBody(['p'], { max_tokens: 8 }), { prompts: ['p'], max_tokens: 8 });
    assert.deepEqual(generateBody(['p'], { model: 'm', max_tokens: 8, temperature: 0, tools: [{ type: 'function' }], tool_choice: 'auto', top_p: 0.5 } as never), {
      prompts: ['p'],
      model: 'm',
      max_tokens: 8,
      temperature: 0,
      tools: [{ type: 'function' }],
      tool_choice: 'auto',
    });
  });
});
