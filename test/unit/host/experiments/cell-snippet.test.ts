// An experiment cell's request as code: a sampled provider's cell went out as its own chat completion; the
// snippet built from the ledger carries the very body the runner sent, and a batch cell's is its group's.

import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { experimentFromConfig } from '../../../../src/core/experiments/experiment-spec';
import { planExperiment, runExperiment } from '../../../../src/core/experiments/run-experiment';
import { RunProjection } from '../../../../src/core/runs/run-projection';
import { RunStore } from '../../../../src/core/runs/run-store';
import { cellSnippet } from '../../../../src/host/experiments/cell-snippet';
import { withRecordingProxy } from '../../helpers/recording-proxy';
import { withSimulator } from '../../helpers/simulator';
import { fileWriter, useTempDir } from '../../helpers/temp-dir';
import { UNCONFINED } from '../../../../src/core/files/file-access';

describe('experiment panel: a cell as code', () => {
  const tmp = useTempDir();
  const write = fileWriter(tmp);

  it("copies a chat cell's own completion and a batch cell's group, each exactly as sent", async () => {
    await withSimulator({}, async (sim) => {
      await withRecordingProxy(sim.url, async (proxy) => {
        const path = write(
          'e.yaml',
          'prompts:\n  - "Tell me about {{ topic }}"\nproviders:\n  - id: scalarlm:base\n    config: {max_tokens: 9}\n  - id: scalarlm:base\n    label: sampled\n    config: {max_tokens: 7, temperature: 0.8, top_p: 0.9}\ntests:\n  - vars: {topic: tea}\n',
        );
        const api = new ScalarLMClient({ baseUrl: proxy.url });
        const store = new RunStore(join(tmp.path, 'runs'));
        try {
          const planned = await planExperiment(api, await experimentFromConfig(path, { access: UNCONFINED }), { kind: 'config', path }, { trust: 'trusted', maxTokens: 16 });
          await runExperiment(api, store, planned, {});
        } finally {
          await api.close();
        }
        const [run] = store.list();
        const projection = RunProjection.replay(run.ledgerPath, { keepItems: true });
        const chatSent = proxy.received.filter((r) => r.method === 'POST' && r.path === '/v1/chat/completions').map((r) => JSON.parse(r.body) as unknown);
        const batchSent = proxy.received.filter((r) => r.method === 'POST' && r.path === '/v1/generate').map((r) => JSON.parse(r.body) as unknown);
        assert.equal(chatSent.length, 1);
        assert.equal(batchSent.length, 1);
        const [batchCell, chatCell] = [0, 1].map((column) => projection.items.find((item) => item.cell?.[0] === column));
        const chat = cellSnippet(projection, chatCell!, {});
        assert.ok(chat.ok, JSON.stringify(chat));
        if (!chat.ok) return;
        assert.equal(chat.request.url, `${proxy.url}/v1/chat/completions`);
        assert.equal(chat.request.kind, 'chat');
        assert.deepEqual(chat.request.body, chatSent[0], 'the chat completion as sent');
        const batch = cellSnippet(projection, batchCell!, {});
        assert.ok(batch.ok && batch.request.kind === 'generate');
        if (batch.ok) assert.deepEqual(batch.request.body, batchSent[0], "the batch cell's group as sent");
      });
    });
  });
});
