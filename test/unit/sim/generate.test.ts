import * as assert from 'node:assert/strict';
import { simulatedCompletion } from '../../../src/sim';
import { eventually, get, json, post, results, useSimulator } from './helpers';

const VECTOR_ONE_GROUP = 'bbcd21c9bd9f38eaac5d0ab93a65201eedae734a70632f8393052c8b55503835';
const MAX_TOKENS_NULL_GROUP = '67d90725a08363025e785f651a28f6e4eeca7ea3076f512b282bebb53d0c59b7';

describe('sim: POST /v1/generate (protocol §1)', () => {
  describe('with a fast model', () => {
    // The example jobs' adaptors, for the requests that name one.
    const sim = useSimulator({ zeroLatency: true, exampleJobs: true });

    it('answers with the group id a client can compute, and the deterministic text', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: ['What is 1 + 1?'] });
      assert.equal(reply.status, 200);
      assert.deepEqual(results(reply), [
        { request_id: `${VECTOR_ONE_GROUP}_000000000`, response: simulatedCompletion('What is 1 + 1?', 16).text, error: null },
      ]);
    });

    it('resolves an explicit null max_tokens to 128 before hashing', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: ['d'], max_tokens: null });
      assert.equal(results(reply)[0].request_id, `${MAX_TOKENS_NULL_GROUP}_000000000`);
      assert.equal(results(reply)[0].response, simulatedCompletion('d', 128).text);
    });

    it('returns one entry per prompt in prompt order', async () => {
      const prompts = Array.from({ length: 12 }, (_, i) => `prompt ${i}`);
      const rows = results(await post(sim(), '/v1/generate', { prompts, max_tokens: 8 }));
      assert.deepEqual(rows.map((r) => r.response), prompts.map((p) => simulatedCompletion(p, 8).text));
      assert.ok(rows.every((r, i) => String(r.request_id).endsWith(`_${String(i).padStart(9, '0')}`)));
    });

    it('answers prompts: [] at once with an empty list', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: [] });
      assert.deepEqual(json(reply), { results: [] });
    });

    it('renders {messages} entries through the chat template, and accepts {prompt}', async () => {
      const rows = results(await post(sim(), '/v1/generate', { prompts: [{ prompt: 'raw' }, { messages: [{ role: 'user', content: 'hi' }] }] }));
      assert.equal(rows[0].response, simulatedCompletion('raw', 16).text);
      assert.equal(rows[1].response, simulatedCompletion('<bos><start_of_turn>user\nhi<end_of_turn>\n<start_of_turn>model\n', 16).text);
    });

    it('reports per-item errors inside HTTP 200, including the empty error of older servers', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: ['fine', 'bad [[sim:item-error]]', 'custom [[sim:item-error=boom]]', 'empty [[sim:item-error=]]'] });
      assert.equal(reply.status, 200);
      const rows = results(reply);
      assert.equal(rows[0].error, null);
      assert.deepEqual(rows.slice(1).map((r) => [r.response, r.error]), [
        [null, "ValueError: ValueError('Invalid request type: embed')"],
        [null, 'boom'],
        [null, ''],
      ]);
    });

    it('says Model None not found whatever unknown model was asked for', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: ['x'], model: 'gpt-4' });
      assert.equal(reply.status, 404);
      assert.deepEqual(json(reply), { detail: 'Model None not found' });
    });

    it('accepts the base model, an adaptor and latest', async () => {
      for (const model of ['tiny-random/gemma-4-dense', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'latest']) {
        assert.equal((await post(sim(), '/v1/generate', { prompts: ['x'], model })).status, 200, model);
      }
    });

    it('wraps a render error into a 500 with the renderer text', async () => {
      const reply = await post(sim(), '/v1/generate', { prompts: [{ text: 'legacy', images: [] }] });
      assert.equal(reply.status, 500);
      assert.deepEqual(json(reply), {
        detail: 'Error generating responses: 400: render_chat_template requires exactly one of `messages` or `prompt` to be set; got messages=absent, prompt=absent',
      });
      const both = await post(sim(), '/v1/generate', { prompts: [{ prompt: 'a', messages: [{ role: 'user', content: 'b' }] }] });
      assert.match(json<{ detail: string }>(both).detail, /got messages=present, prompt=present$/);
    });

    it('gives FastAPI 422 shapes for bad bodies', async () => {
      const missing = await post(sim(), '/v1/generate', { model: null });
      assert.equal(missing.status, 422);
      assert.deepEqual(json(missing), { detail: [{ type: 'missing', loc: ['body', 'prompts'], msg: 'Field required', input: { model: null } }] });

      const badEntry = json<{ detail: { type: string; loc: unknown[] }[] }>(await post(sim(), '/v1/generate', { prompts: ['ok', null] }));
      assert.deepEqual(badEntry.detail.map((d) => [d.type, d.loc]), [
        ['string_type', ['body', 'prompts', 1, 'str']],
        ['dict_type', ['body', 'prompts', 1, 'dict[str,any]']],
      ]);

      const notJson = await post(sim(), '/v1/generate', '{"prompts": [');
      assert.equal(notJson.status, 422);
      assert.equal(json<{ detail: { type: string }[] }>(notJson).detail[0].type, 'json_invalid');

      const badTokens = json<{ detail: { type: string }[] }>(await post(sim(), '/v1/generate', { prompts: ['x'], max_tokens: 'many' }));
      assert.equal(badTokens.detail[0].type, 'int_parsing');
    });

    it('counts each submission of a group, and a resubmitted finished batch flips its status back (§10.2)', async () => {
      const body = { prompts: ['resubmit me'], max_tokens: 4 };
      const first = results(await post(sim(), '/v1/generate', body));
      const group = String(first[0].request_id).split('_')[0];
      const before = sim().stats();
      const second = results(await post(sim(), '/v1/generate', body));
      assert.deepEqual(second, first);
      const after = sim().stats();
      assert.equal(after.generateSubmissions[group], 2);
      assert.equal(after.enqueuedPrompts, before.enqueuedPrompts, 'the cached batch is not generated again');
      const detail = json<{ status: { status: string } }>(await get(sim(), `/v1/generate/request/${group}`));
      assert.equal(detail.status.status, 'in_progress');
    });

    it('clear_queue answers null', async () => {
      const reply = await post(sim(), '/v1/generate/clear_queue', {});
      assert.equal(reply.text, 'null');
    });
  });

  describe('with a slow, loaded model', () => {
    const sim = useSimulator({ tokensPerSecond: 2000, slots: 1, responseTimeoutMs: 150 });

    it('blocks up to the response timeout and returns pendings as null/null', async () => {
      const started = Date.now();
      const reply = await post(sim(), '/v1/generate', { prompts: ['quick', 'never [[sim:never-finish]]'], max_tokens: 4 });
      const elapsed = Date.now() - started;
      assert.equal(reply.status, 200);
      assert.ok(elapsed >= 140, `answered after ${elapsed} ms`);
      const rows = results(reply);
      assert.equal(rows[0].response, simulatedCompletion('quick', 4).text);
      assert.deepEqual([rows[1].response, rows[1].error], [null, null]);
    });

    it('get_results long-polls and answers whole groups, whatever ids were asked', async () => {
      const a = results(await post(sim(), '/v1/generate', { prompts: ['a1 [[sim:slow=300]]', 'a2'], max_tokens: 2 }));
      assert.equal(a[0].response, null, 'still pending when generate gave up');
      const b = results(await post(sim(), '/v1/generate', { prompts: ['b1', 'b2', 'b3'], max_tokens: 2 }));
      const answered = await eventually(async () => {
        const rows = results(await post(sim(), '/v1/generate/get_results', { request_ids: [a[1].request_id, b[0].request_id] }));
        return rows.every((r) => r.response !== null) ? rows : undefined;
      });
      assert.equal(answered.length, 5);
      const ids = new Set([...a, ...b].map((r) => r.request_id));
      assert.deepEqual(new Set(answered.map((r) => r.request_id)), ids);
    });

    it('get_results: unknown ids are a plain-text 500, [] is empty, a missing field is 422', async () => {
      for (const id of ['nope', `${'0'.repeat(64)}_000000000`]) {
        const reply = await post(sim(), '/v1/generate/get_results', { request_ids: [id] });
        assert.equal(reply.status, 500);
        assert.equal(reply.text, 'Internal Server Error');
        assert.match(reply.headers.get('content-type') ?? '', /^text\/plain/);
      }
      assert.deepEqual(json(await post(sim(), '/v1/generate/get_results', { request_ids: [] })), { results: [] });
      assert.equal((await post(sim(), '/v1/generate/get_results', {})).status, 422);
    });

    it('keeps cleared prompts pending forever', async () => {
      const blocker = post(sim(), '/v1/generate', { prompts: ['c0 [[sim:slow=200]]', 'c1', 'c2'], max_tokens: 2 });
      await eventually(async () => (json<{ queue_depth: number }>(await get(sim(), '/v1/generate/metrics')).queue_depth > 0 ? true : undefined));
      await post(sim(), '/v1/generate/clear_queue', {});
      const rows = results(await blocker);
      assert.deepEqual(rows.slice(1).map((r) => r.response), [null, null]);
      assert.equal(json<{ queue_depth: number }>(await get(sim(), '/v1/generate/metrics')).queue_depth, 0);
    });
  });
});
