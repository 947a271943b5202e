import * as assert from 'node:assert/strict';
import { simulatedCompletion } from '../../../src/sim';
import { sha256Hex } from '../../../src/sim/wire/ids';
import { eventually, get, json, post, results, useSimulator } from './helpers';

function multipart(file: string): { body: Buffer; contentType: string } {
  const boundary = 'simtestboundary';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="requests.json"\r\nContent-Type: application/json\r\n\r\n${file}\r\n--${boundary}--\r\n`,
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('sim: upload, download and the worker routes (protocol §8.3)', () => {
  // The example jobs' adaptors, for get_adaptors to list.
  const sim = useSimulator({ zeroLatency: true, responseTimeoutMs: 200, exampleJobs: true });

  async function upload(file: string): Promise<{ status: number; body: unknown }> {
    const { body, contentType } = multipart(file);
    const response = await fetch(`${sim().url}/v1/generate/upload`, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: response.status, body: await response.json() };
  }

  it('uploads a JSON array, names it by the hash of the file bytes, dedups, and downloads the response file', async () => {
    const file = JSON.stringify([
      { prompt: 'up 1', model: null, max_tokens: 4, request_type: 'generate' },
      { prompt: 'up 2', model: null, max_tokens: null, request_type: 'generate' },
    ]);
    const id = sha256Hex(file);
    assert.deepEqual(await upload(file), { status: 200, body: { request_id: id, error: null } });
    const enqueued = sim().stats().enqueuedPrompts;
    assert.deepEqual((await upload(file)).body, { request_id: id, error: null });
    assert.equal(sim().stats().enqueuedPrompts, enqueued, 'a known file is not queued again');

    const response = await fetch(`${sim().url}/v1/generate/download`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ request_id: id }) });
    assert.equal(response.headers.get('content-disposition'), `attachment; filename="${id}_response.json"`);
    const downloaded = (await response.json()) as { results: Record<string, { response: string | null; error?: string }>; current_index: number; total_requests: number };
    assert.equal(downloaded.current_index, 2);
    assert.equal(downloaded.results[`${id}_000000000`].response, simulatedCompletion('up 1', 4).text);
    // No max_tokens default on the upload path: vLLM's assert fails (§3).
    assert.equal(downloaded.results[`${id}_000000001`].error, 'AssertionError');
  });

  it('download answers null on timeout or for an unknown id; a missing file part is a 500', async () => {
    const reply = await post(sim(), '/v1/generate/download', { request_id: 'f'.repeat(64) });
    assert.equal(reply.status, 200);
    assert.equal(reply.text, 'null');
    assert.equal((await post(sim(), '/v1/generate/upload', {})).status, 500);
  });

  it('finish_work drops unknown ids with 200; get_work long-polls; get_adaptors lists the rest', async () => {
    const reply = await post(sim(), '/v1/generate/finish_work', { requests: [{ request_id: 'unknown_000000000', response: 'x' }] });
    assert.equal(reply.text, 'null');
    assert.equal((await post(sim(), '/v1/generate/finish_work', {})).status, 422);
    const idle = json<{ requests: unknown[] }>(await post(sim(), '/v1/generate/get_work', { batch_size: 4 }));
    assert.deepEqual(idle.requests, []);
    const adaptors = json<{ new_adaptors: string[] }>(await post(sim(), '/v1/generate/get_adaptors', { loaded_adaptor_count: 1 }));
    assert.equal(adaptors.new_adaptors.length, 2);
  });
});

describe('sim: an external worker on get_work / finish_work', () => {
  const sim = useSimulator({ slots: 1, tokensPerSecond: 1000, responseTimeoutMs: 2000 });

  it('takes the prompts the built-in worker has not started, and its results are the answer', async () => {
    // The one built-in slot is busy with the first prompt; the other two wait for a worker.
    const generate = post(sim(), '/v1/generate', { prompts: ['[[sim:slow=300]] busy', 'w1', 'w2'], max_tokens: 2 });
    const work = await eventually(async () => {
      const taken = json<{ requests: { request_id: string; prompt: string; max_tokens: number; request_type: string }[] }>(
        await post(sim(), '/v1/generate/get_work', { batch_size: 8 }),
      ).requests;
      return taken.length > 0 ? taken : undefined;
    });
    assert.deepEqual(work.map((w) => [w.prompt, w.max_tokens, w.request_type]), [['w1', 2, 'generate'], ['w2', 2, 'generate']]);
    await post(sim(), '/v1/generate/finish_work', {
      requests: [
        { request_id: work[0].request_id, response: 'external answer', token_count: 3 },
        { request_id: work[1].request_id, error: 'RuntimeError: worker failed' },
      ],
    });
    const rows = results(await generate);
    assert.deepEqual(rows.slice(1).map((r) => [r.response, r.error]), [['external answer', null], [null, 'RuntimeError: worker failed']]);

    // The stored results hold what the worker reported and nothing more: no counts it left out (§11).
    const group = work[0].request_id.split('_')[0];
    const detail = json<{ response: { results: Record<string, Record<string, unknown>> } }>(await get(sim(), `/v1/generate/request/${group}`));
    assert.deepEqual(detail.response.results[work[0].request_id], { is_acked: true, response: 'external answer', token_count: 3 });
    assert.deepEqual(detail.response.results[work[1].request_id], { is_acked: true, error: 'RuntimeError: worker failed' });
  });
});
