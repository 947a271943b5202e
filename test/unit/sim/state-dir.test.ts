import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { simulatedCompletion, startSimulator, type SimHandle } from '../../../src/sim';
import { eventually, get, json, post, results } from './helpers';

describe('sim: --state-dir keeps the queue and results across a restart', () => {
  let dir: string;
  let sim: SimHandle | undefined;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-state-'));
  });

  afterEach(async () => {
    await sim?.close();
    sim = undefined;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes the server files and resumes queued work after a restart mid-run', async () => {
    const options = { port: 0, stateDir: dir, slots: 1, tokensPerSecond: 200, responseTimeoutMs: 50 };
    sim = await startSimulator(options);
    const prompts = Array.from({ length: 6 }, (_, i) => `persist ${i}`);
    const pending = results(await post(sim, '/v1/generate', { prompts, max_tokens: 4 }));
    const group = String(pending[0].request_id).split('_')[0];
    assert.ok(pending.some((r) => r.response === null), 'the run is unfinished when the simulator stops');
    assert.ok(fs.existsSync(path.join(dir, `${group}.json`)));
    assert.equal(JSON.parse(fs.readFileSync(path.join(dir, `${group}_status.json`), 'utf8')).status, 'in_progress');
    await sim.close();

    sim = await startSimulator(options);
    const restarted = sim;
    const done = await eventually(async () => {
      const rows = results(await post(restarted, '/v1/generate/get_results', { request_ids: [pending[0].request_id] }));
      return rows.every((r) => r.response !== null) ? rows : undefined;
    }, 10_000, 'the resumed group');
    assert.deepEqual(done.map((r) => r.response), prompts.map((p) => simulatedCompletion(p, 4).text));
    const status = JSON.parse(fs.readFileSync(path.join(dir, `${group}_status.json`), 'utf8')) as { status: string; completed_at: number };
    assert.equal(status.status, 'completed');
    assert.ok(fs.existsSync(path.join(dir, `${group}_response.json`)));
  });

  it('after a restart, resets the in-memory metrics as the server does but times resumed prompts\' queue wait from when they were queued', async () => {
    // The server keeps enqueue_time in the SQLite row and observes the wait when a row is taken, so a prompt
    // resumed after a restart waited since it was queued, not since the restart.
    const options = { port: 0, stateDir: dir, slots: 1, tokensPerSecond: 1000, responseTimeoutMs: 50 };
    sim = await startSimulator(options);
    const first = sim;
    // The second prompt takes a second: the group cannot finish between the first prompt's end and the close,
    // even on a loaded machine where the poll below sees that end late.
    const prompts = ['first [[sim:slow=300]]', 'second [[sim:slow=1000]]', ...Array.from({ length: 4 }, (_, i) => `then ${i}`)];
    await post(first, '/v1/generate', { prompts, max_tokens: 2 });
    const queuedAt = Date.now();
    // The first prompt done, 300 ms after it was queued; the group is not, so its row is resumed whole.
    await eventually(async () => (json<{ requests: number }>(await get(first, '/v1/generate/metrics')).requests >= 1 ? true : undefined), 10_000, 'the first prompt done');
    const waited = (Date.now() - queuedAt) / 1000;
    await sim.close();

    sim = await startSimulator(options);
    const restarted = sim;
    const fresh = json<Record<string, number>>(await get(restarted, '/v1/generate/metrics'));
    assert.deepEqual([fresh.queue_depth, fresh.requests, fresh.tokens, fresh.total_time], [6, 0, 0, 0], 'the queue is on disk, the totals in memory');
    const text = await eventually(async () => {
      const reply = (await get(restarted, '/v1/metrics')).text;
      return /^scalarlm_queue_wait_time_seconds_count\{model="unknown"\} 6\.0$/m.test(reply) ? reply : undefined;
    }, 10_000, 'the six resumed prompts taken');
    const sample = (name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    assert.equal(sample('scalarlm_queue_wait_time_seconds_bucket\\{model="unknown",le="0\\.1"\\}'), 0, `no resumed prompt waited under 0.1 s:\n${text}`);
    assert.ok(sample('scalarlm_queue_wait_time_seconds_sum\\{model="unknown"\\}') >= 6 * waited, `each waited at least ${waited} s:\n${text}`);
  });

  it('answers get_results and the request browser for finished groups of an earlier run', async () => {
    sim = await startSimulator({ port: 0, stateDir: dir, zeroLatency: true });
    const first = results(await post(sim, '/v1/generate', { prompts: ['kept'], max_tokens: 3 }));
    await sim.close();

    sim = await startSimulator({ port: 0, stateDir: dir, zeroLatency: true });
    assert.deepEqual(results(await post(sim, '/v1/generate/get_results', { request_ids: [first[0].request_id] })), first);
    const rows = json<{ rows: { request_id: string; status: string }[] }>(await get(sim, '/v1/generate/list_requests')).rows;
    assert.deepEqual(rows.map((r) => [r.request_id, r.status]), [[String(first[0].request_id).split('_')[0], 'completed']]);
  });
});
