import * as assert from 'node:assert/strict';
import { get, json, post, results, useSimulator } from './helpers';

interface Row {
  request_id: string;
  mtime: number;
  size_bytes: number;
  request_count: number;
  status: string;
  completed_at: number | null;
  model: string;
  request_type: string;
  prompt_preview: string;
  has_response: boolean;
}

interface Page {
  rows: Row[];
  next_cursor: number | null;
  has_more: boolean;
}

describe('sim: request browser (protocol §5)', () => {
  const sim = useSimulator({ zeroLatency: true });
  const groups: string[] = [];

  before(async () => {
    for (let i = 0; i < 5; i++) {
      const rows = results(await post(sim(), '/v1/generate', { prompts: [`browse ${i} ${'x'.repeat(i === 4 ? 200 : 0)}`, 'second'], max_tokens: 3 }));
      groups.push(String(rows[0].request_id).split('_')[0]);
    }
  });

  it('lists request files newest first with the row shape of §5.1', async () => {
    const page = json<Page>(await get(sim(), '/v1/generate/list_requests'));
    assert.deepEqual(page.rows.map((r) => r.request_id), [...groups].reverse());
    const newest = page.rows[0];
    assert.deepEqual(Object.keys(newest), [
      'request_id', 'mtime', 'size_bytes', 'request_count', 'status', 'completed_at', 'model', 'request_type', 'prompt_preview', 'has_response',
    ]);
    assert.equal(newest.request_count, 2);
    assert.equal(newest.status, 'completed');
    assert.equal(newest.model, 'tiny-random/gemma-4-dense');
    assert.equal(newest.request_type, 'generate');
    assert.equal(newest.has_response, true);
    assert.equal(newest.prompt_preview.length, 121);
    assert.ok(newest.prompt_preview.endsWith('…'));
    assert.equal(page.has_more, false);
    assert.equal(page.next_cursor, null);
  });

  it('pages with the strictly-less mtime cursor', async () => {
    const seen: string[] = [];
    let cursor: number | null = null;
    for (;;) {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page: Page = json<Page>(await get(sim(), `/v1/generate/list_requests${query}`));
      seen.push(...page.rows.map((r) => r.request_id));
      if (!page.has_more) break;
      assert.equal(page.next_cursor, page.rows[page.rows.length - 1].mtime);
      cursor = page.next_cursor;
    }
    assert.deepEqual(seen, [...groups].reverse());
  });

  it('clamps limit to [1, 200] and rejects non-numbers with 422', async () => {
    assert.equal(json<Page>(await get(sim(), '/v1/generate/list_requests?limit=0')).rows.length, 1);
    const bad = await get(sim(), '/v1/generate/list_requests?cursor=abc');
    assert.equal(bad.status, 422);
    assert.deepEqual(json(bad), {
      detail: [{ type: 'float_parsing', loc: ['query', 'cursor'], msg: 'Input should be a valid number, unable to parse string as a number', input: 'abc' }],
    });
    assert.equal((await get(sim(), '/v1/generate/list_requests?limit=ten')).status, 422);
  });

  it('moves a resubmitted batch back to the top', async () => {
    await post(sim(), '/v1/generate', { prompts: ['browse 0 ', 'second'], max_tokens: 3 });
    const page = json<Page>(await get(sim(), '/v1/generate/list_requests?limit=1'));
    assert.equal(page.rows[0].request_id, groups[0]);
    assert.equal(page.rows[0].status, 'in_progress');
  });

  it('shows one request in detail (§5.2), 400 for a non-group id, 404 for an unknown one', async () => {
    const detail = json<Record<string, unknown>>(await get(sim(), `/v1/generate/request/${groups[1]}`));
    assert.deepEqual(Object.keys(detail), ['request_id', 'request', 'response', 'status', 'request_mtime', 'response_mtime']);
    const request = detail.request as Record<string, unknown>[];
    assert.deepEqual(Object.keys(request[0]), ['prompt', 'model', 'max_tokens', 'temperature', 'tools', 'tool_choice', 'request_type']);
    const response = detail.response as { results: Record<string, Record<string, unknown>>; total_requests: number; work_queue_id: null };
    assert.equal(response.total_requests, 2);
    assert.equal(response.work_queue_id, null);
    const first = response.results[`${groups[1]}_000000000`];
    assert.equal(first.is_acked, true);
    assert.equal(first.completion_tokens, 3);
    assert.equal((detail.status as { status: string }).status, 'completed');

    // A batch item has no finish_reason: the generate worker reports none (§11).
    assert.deepEqual(Object.keys(first), ['is_acked', 'response', 'token_count', 'prompt_tokens', 'completion_tokens']);

    const perPrompt = await get(sim(), `/v1/generate/request/${groups[1]}_000000001`);
    assert.equal(perPrompt.status, 400);
    assert.deepEqual(json(perPrompt), { detail: 'request_id must be a 64-char hex string' });
    const unknown = 'f'.repeat(64);
    const missing = await get(sim(), `/v1/generate/request/${unknown}`);
    assert.equal(missing.status, 404);
    assert.deepEqual(json(missing), { detail: `request ${unknown} not found` });
  });
});
