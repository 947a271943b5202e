// The Prometheus metrics document's text: the exposition under comment lines, or why there is none.

import * as assert from 'node:assert/strict';
import { ScalarLMClient } from '../../../../src/core/api/client';
import { prometheusDocumentText } from '../../../../src/host/queue/prometheus-text';
import { withSimulator } from '../../helpers/simulator';

const AT = new Date('2026-03-01T10:20:30.456Z');
const BASE = 'http://127.0.0.1:8000';

async function readFrom(profile: 'current' | 'legacy') {
  return withSimulator({ profile }, async (sim) => {
    const client = new ScalarLMClient({ baseUrl: sim.url });
    try {
      return (await client.prometheusMetrics()).data;
    } finally {
      await client.close();
    }
  });
}

describe('Prometheus metrics document', () => {
  it("shows a current server's exposition under where and when it was read, still valid exposition", async () => {
    const text = prometheusDocumentText(await readFrom('current'), BASE, AT);
    const lines = text.split('\n');
    assert.equal(lines[0], '# GET http://127.0.0.1:8000/v1/metrics at 2026-03-01T10:20:30Z (ScalarLM: Refresh Prometheus Metrics reads it again).');
    assert.equal(lines[1], '#');
    assert.ok(lines.includes('# TYPE scalarlm_queue_depth gauge'), text);
    assert.match(text, /^scalarlm_queue_depth\{model="unknown"\} 0\.0$/m);
    assert.ok(text.endsWith('\n'));
    // Every line is a comment, a sample or empty: nothing a Prometheus parser would reject.
    for (const line of lines) assert.match(line, /^(#.*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? \S+|)$/, line);
  });

  it('says an older server has no such route, and where its queue metrics are', async () => {
    const reading = await readFrom('legacy');
    assert.deepEqual(reading, { state: 'route-missing' });
    const text = prometheusDocumentText(reading, BASE, AT);
    assert.match(text, /^# This server has no \/v1\/metrics \(HTTP 404\)/m);
    assert.match(text, /ScalarLM: Open Queue Metrics/);
    assert.ok(text.split('\n').every((line) => line === '' || line.startsWith('#')));
  });

  it('puts a failure and an unconfigured deployment in comments', () => {
    const failed = prometheusDocumentText({ state: 'failed', message: 'Cannot reach http://127.0.0.1:8000 (connection refused).\nIs it running?' }, BASE, AT);
    assert.match(failed, /^# Could not read it:\n# Cannot reach http:\/\/127\.0\.0\.1:8000 \(connection refused\)\.\n# Is it running\?\n$/m);
    const unconfigured = prometheusDocumentText({ state: 'unconfigured', reason: 'scalarlm.baseUrl is empty.' }, undefined, AT);
    assert.equal(unconfigured, '# Not configured: scalarlm.baseUrl is empty.\n# ScalarLM: Refresh Prometheus Metrics reads it again once a deployment is set.\n');
  });

  it('keeps the server text exactly, adding only a final line break when it lacks one', () => {
    assert.ok(prometheusDocumentText({ state: 'found', text: 'Prometheus metrics not available' }, BASE, AT).endsWith('#\nPrometheus metrics not available\n'));
  });
});
