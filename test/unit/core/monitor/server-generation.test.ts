// Which server generation answers, read from the metrics (and health) the simulator's two profiles really
// send, and how the rate rows are labelled for each.

import assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { metricRows } from '../../../../src/core/monitor/metric-rows';
import { readServerGeneration } from '../../../../src/core/monitor/server-generation';
import { withSimulator } from '../../helpers/simulator';

async function sampled(profile: 'current' | 'legacy') {
  return withSimulator({ profile }, async (sim) => {
    const client = new ScalarLMClient({ baseUrl: sim.url });
    try {
      await client.generate({ prompts: ['warm the counters'], max_tokens: 4 });
      return { metrics: (await client.metrics()).data, health: (await client.health()).data };
    } finally {
      await client.close();
    }
  });
}

describe('server generation', () => {
  it('reads a current server from its chat queue metrics: rates over the last 60 s', async () => {
    const { metrics, health } = await sampled('current');
    const reading = readServerGeneration(metrics, health);
    assert.equal(reading.generation, 'current');
    assert.equal(reading.rates, 'last-60s');
    assert.match(reading.description, /^Current ScalarLM .*last 60 s/);
    const labels = metricRows(metrics).map(([label]) => label);
    assert.ok(labels.includes('Tokens/s (60 s)') && labels.includes('Requests/s (60 s)') && labels.includes('FLOP/s (60 s)'), labels.join(', '));
  });

  it('reads an older server from its seven keys and missing Megatron health: cumulative rates, labelled so', async () => {
    const { metrics, health } = await sampled('legacy');
    const reading = readServerGeneration(metrics, health);
    assert.equal(reading.generation, 'older');
    assert.equal(reading.rates, 'cumulative');
    assert.equal(reading.description, 'Older ScalarLM (no chat queue metrics, no Megatron health): rates are cumulative, averaged over busy time since the server started.');
    const labels = metricRows(metrics).map(([label]) => label);
    assert.deepEqual(labels.filter((label) => label.includes('/s')), ['Tokens/s (cumulative)', 'Requests/s (cumulative)', 'FLOP/s (cumulative)']);
    assert.ok(!labels.some((label) => label.includes('60 s')), labels.join(', '));
  });

  it('names only the evidence it has when health is unknown', () => {
    const reading = readServerGeneration({ queueDepth: 0, chat: {}, extra: {} });
    assert.equal(reading.description, 'Older ScalarLM (no chat queue metrics): rates are cumulative, averaged over busy time since the server started.');
  });
});
