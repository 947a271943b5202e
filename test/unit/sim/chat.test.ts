import * as assert from 'node:assert/strict';
import { renderChatTemplate, simulatedCompletion } from '../../../src/sim';
import { eventually, get, json, post, rawRequest, sseData, useSimulator } from './helpers';

const messages = (content: string): { role: string; content: string }[] => [{ role: 'user', content }];

interface Chunk {
  id: string;
  object: string;
  choices: { index: number; delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

describe('sim: chat and completions (protocol §6)', () => {
  describe('non-streaming chat through the queue', () => {
    const sim = useSimulator({ tokensPerSecond: 1000, heartbeatIntervalMs: 40, admissionLimit: 4 });

    it('answers 200 application/json, chunked, with the json.dumps body and usage', async () => {
      const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('hello'), max_tokens: 5 });
      assert.equal(exchange.status, 200);
      assert.equal(exchange.headers['content-type'], 'application/json');
      assert.equal(exchange.headers['transfer-encoding'], 'chunked');
      assert.match(exchange.body, /^ *\{"id": "chatcmpl-\d{13}", "object": "chat.completion", /);
      const body = JSON.parse(exchange.body) as { model: string; choices: { message: { content: string }; finish_reason: string }[]; usage: Record<string, number> };
      assert.equal(body.model, 'tiny-random/gemma-4-dense');
      const expected = simulatedCompletion(renderChatTemplate(messages('hello')), 5);
      assert.equal(body.choices[0].message.content, expected.text);
      assert.equal(body.usage.completion_tokens, 5);
      assert.equal(body.usage.total_tokens, body.usage.prompt_tokens + 5);
    });

    it('sends one space per heartbeat interval while waiting', async () => {
      const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('wait [[sim:slow=250]]'), max_tokens: 2 });
      const spaces = exchange.body.length - exchange.body.trimStart().length;
      const waitedMs = exchange.chunks[exchange.chunks.length - 1].at;
      assert.ok(spaces >= 3 && spaces <= Math.ceil(waitedMs / 40), `${spaces} heartbeats in ${waitedMs} ms`);
      assert.ok(exchange.chunks[0].text.startsWith(' '));
      assert.doesNotThrow(() => JSON.parse(exchange.body));
    });

    it('reports a worker error as 200 with finish_reason error and a top-level error', async () => {
      const reply = await post(sim(), '/v1/chat/completions', { messages: messages('[[sim:item-error=ValueError: bad]]') });
      assert.equal(reply.status, 200);
      const body = json<{ choices: { message: { content: string }; finish_reason: string }[]; error: unknown; usage: Record<string, number> }>(reply);
      assert.equal(body.choices[0].message.content, '');
      assert.equal(body.choices[0].finish_reason, 'error');
      assert.deepEqual(body.error, { message: 'ValueError: bad', type: 'worker_error' });
      assert.equal(body.usage.total_tokens, 0);
    });

    it('answers a tool-call-only reply with null content, and reasoning in the message', async () => {
      const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
      const tool = json<{ choices: { message: { content: unknown; tool_calls: { function: { name: string; arguments: string } }[] }; finish_reason: string }[] }>(
        await post(sim(), '/v1/chat/completions', { messages: messages('weather? [[sim:tool-call]]'), tools }),
      );
      assert.equal(tool.choices[0].message.content, null);
      assert.equal(tool.choices[0].message.tool_calls[0].function.name, 'lookup');
      assert.deepEqual(Object.keys(JSON.parse(tool.choices[0].message.tool_calls[0].function.arguments) as object), ['city']);
      assert.equal(tool.choices[0].finish_reason, 'tool_calls');
      const thinking = json<{ choices: { message: { reasoning: string } }[] }>(await post(sim(), '/v1/chat/completions', { messages: messages('think [[sim:reasoning]]') }));
      assert.ok(thinking.choices[0].message.reasoning.length > 0);
    });

    it("answers the tool's result in words, as models do, rather than calling the tool again for ever", async () => {
      const tools = [{ type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
      const conversation = [
        ...messages('weather? [[sim:tool-call]]'),
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"city": "Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"celsius": -3}' },
      ];
      for (const stream of [false, true]) {
        const reply = await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: conversation, tools, stream, max_tokens: 12 });
        assert.doesNotMatch(reply.body, /"tool_calls": ?\[\{|"finish_reason": ?"tool_calls"/, `stream ${stream}: ${reply.body.slice(0, 300)}`);
        assert.match(reply.body, /"finish_reason": ?"(stop|length)"/);
      }
    });

    it('grades a grading prompt with a JSON verdict by a rule a test can predict: every rubric word of four letters or more in the output', async () => {
      const grade = async (output: string, rubric: string) => {
        const reply = json<{ choices: { message: { content: string } }[] }>(
          await post(sim(), '/v1/chat/completions', { messages: [{ role: 'system', content: 'You grade one answer.' }, { role: 'user', content: `<Prompt>\nSay it [[sim:respond=Paris]]\n</Prompt>\n<Output>\n${output}\n</Output>\n<Rubric>\n${rubric}\n</Rubric>` }] }),
        );
        return JSON.parse(reply.choices[0].message.content) as { pass: boolean; score: number; reason: string };
      };
      assert.deepEqual(await grade('The capital of France is Paris.', 'Paris is the capital'), { pass: true, score: 1, reason: 'The output has every word the rubric asks for.' });
      assert.deepEqual(await grade('Paris is large.', 'Paris is the capital'), { pass: false, score: 0.5, reason: 'The output lacks "capital".' });
    });

    it('says 404 with the real model name', async () => {
      const reply = await post(sim(), '/v1/chat/completions', { messages: messages('x'), model: 'nope' });
      assert.equal(reply.status, 404);
      assert.deepEqual(json(reply), { detail: 'Model nope not found' });
    });

    it('rejects with 429 and Retry-After above the admission limit', async () => {
      const waiting = Array.from({ length: 5 }, (_, i) => rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages(`hold ${i} [[sim:slow=400]]`), max_tokens: 1 }));
      await eventually(async () => (json<{ chat_in_flight: number }>(await get(sim(), '/v1/generate/metrics')).chat_in_flight === 5 ? true : undefined));
      const rejected = await post(sim(), '/v1/chat/completions', { messages: messages('one more') });
      assert.equal(rejected.status, 429);
      assert.equal(rejected.headers.get('retry-after'), '1');
      assert.deepEqual(json(rejected), { detail: 'Server is over capacity; retry after the indicated interval.' });
      await Promise.all(waiting);
      const metrics = json<Record<string, number>>(await get(sim(), '/v1/generate/metrics'));
      assert.ok(metrics.chat_admitted_429_count >= 1);
      assert.ok(metrics.chat_request_duration_p50 > 0);
    });

    it('gives 422 for a body without messages', async () => {
      const reply = await post(sim(), '/v1/chat/completions', { model: 'x' });
      assert.equal(reply.status, 422);
      assert.equal(json<{ detail: { loc: unknown[] }[] }>(reply).detail[0].loc.join('.'), 'body.messages');
    });
  });

  describe('admission reads the in-memory depth counter', () => {
    const sim = useSimulator({ tokensPerSecond: 1000, admissionLimit: 4, responseTimeoutMs: 50 });

    it('computes Retry-After from the depth (§6.3)', async () => {
      // Eight prompts that never finish keep the counter at 8; max_num_seqs = 4 / 4 = 1.
      await post(sim(), '/v1/generate', { prompts: Array.from({ length: 8 }, (_, i) => `deep ${i} [[sim:never-finish]]`), max_tokens: 1 });
      const rejected = await post(sim(), '/v1/chat/completions', { messages: messages('x') });
      assert.equal(rejected.status, 429);
      assert.equal(rejected.headers.get('retry-after'), String(Math.floor(5 * ((8 - 1) / 1) * 1.5)));
    });
  });

  describe('streaming', () => {
    const sim = useSimulator({ tokensPerSecond: 500 });

    it('streams vLLM chunks: role, content, finish, the usage chunk with no choices, then [DONE]', async () => {
      const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('stream me'), stream: true, max_tokens: 6 });
      assert.equal(exchange.headers['content-type'], 'text/event-stream; charset=utf-8');
      const data = sseData(exchange.body);
      assert.equal(data[data.length - 1], '[DONE]');
      const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as Chunk);
      assert.deepEqual(chunks[0].choices[0].delta, { role: 'assistant', content: '' });
      const content = chunks.flatMap((c) => c.choices.map((choice) => choice.delta.content ?? '')).join('');
      assert.equal(content, simulatedCompletion(renderChatTemplate(messages('stream me')), 6).text);
      assert.equal(chunks[chunks.length - 2].choices[0].finish_reason, 'length');
      const usage = chunks[chunks.length - 1];
      assert.deepEqual(usage.choices, []);
      assert.equal(usage.usage?.completion_tokens, 6);
      assert.ok(exchange.chunks.length > 3, 'paced over several writes');
    });

    it('streams reasoning_content deltas first, and tool_calls deltas', async () => {
      const reasoning = sseData((await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('[[sim:reasoning]] why'), stream: true })).body);
      const deltas = reasoning.slice(1, -2).map((d) => (JSON.parse(d) as Chunk).choices[0].delta);
      assert.ok('reasoning_content' in deltas[0]);
      assert.ok(deltas.findIndex((d) => 'content' in d) > deltas.findIndex((d) => 'reasoning_content' in d));

      const tool = sseData((await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('[[sim:tool-call]]'), stream: true })).body);
      const calls = tool.slice(1, -3).map((d) => (JSON.parse(d) as Chunk).choices[0].delta.tool_calls as { function: { name?: string; arguments: string } }[]);
      assert.equal(calls[0][0].function.name, 'get_weather');
      assert.doesNotThrow(() => JSON.parse(calls.map((c) => c[0].function.arguments).join('')));
    });

    it('answers an unknown model with 200 and the invalid-JSON error event, without [DONE]', async () => {
      const exchange = await rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('x'), stream: true, model: 'nope' });
      assert.equal(exchange.status, 200);
      assert.equal(
        exchange.body,
        'data: {"error": "Failed to create chat completions: {"object":"error","message":"The model `nope` does not exist.","type":"NotFoundError","param":null,"code":404}"}\n\n',
      );
      assert.throws(() => JSON.parse(sseData(exchange.body)[0]));
    });

    it('streams /v1/completions, and labels a non-streamed completion text/event-stream', async () => {
      const streamed = sseData((await rawRequest(sim(), 'POST', '/v1/completions', { prompt: 'complete me', max_tokens: 4, stream: true })).body);
      const text = streamed.slice(0, -2).map((d) => (JSON.parse(d) as { choices: { text: string }[] }).choices[0].text).join('');
      assert.equal(text, simulatedCompletion('complete me', 4).text);
      assert.deepEqual((JSON.parse(streamed[streamed.length - 2]) as Chunk).choices, []);

      const plain = await post(sim(), '/v1/completions', { prompt: 'complete me', max_tokens: 4 });
      assert.equal(plain.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      const body = json<{ object: string; choices: { text: string }[]; usage: { completion_tokens: number } }>(plain);
      assert.equal(body.object, 'text_completion');
      assert.equal(body.choices[0].text, text);

      const unknown = await post(sim(), '/v1/completions', { prompt: 'x', model: 'nope' });
      assert.match(unknown.text, /^data: \{"error": "Failed to create completions: \{"object":"error"/);
    });

    it('sends a non-streamed completion chunked, with no Content-Length, still labelled text/event-stream (§11)', async () => {
      const exchange = await rawRequest(sim(), 'POST', '/v1/completions', { prompt: 'complete me', max_tokens: 4, stream: false });
      assert.equal(exchange.status, 200);
      assert.equal(exchange.headers['transfer-encoding'], 'chunked');
      assert.equal(exchange.headers['content-length'], undefined);
      assert.equal(exchange.headers['content-type'], 'text/event-stream; charset=utf-8');
      assert.equal((JSON.parse(exchange.body) as { choices: { text: string }[] }).choices[0].text, simulatedCompletion('complete me', 4).text);
    });

    it('counts open streams in queue_depth and tees them to the request browser', async () => {
      const open = rawRequest(sim(), 'POST', '/v1/chat/completions', { messages: messages('long stream'), stream: true, max_tokens: 40 });
      await eventually(async () => (json<{ queue_depth: number }>(await get(sim(), '/v1/generate/metrics')).queue_depth === 1 ? true : undefined));
      await open;
      const rows = json<{ rows: { request_type: string; status: string }[] }>(await get(sim(), '/v1/generate/list_requests')).rows;
      assert.ok(rows.some((r) => r.request_type === 'chat_completions_streaming' && r.status === 'completed'));
    });
  });

  describe('models and health (§7)', () => {
    const sim = useSimulator({ zeroLatency: true, exampleJobs: true });

    it('lists the base model and adaptors parented to it', async () => {
      const list = json<{ object: string; data: { id: string; parent: string | null; max_model_len: number }[] }>(await get(sim(), '/v1/models'));
      assert.equal(list.object, 'list');
      assert.equal(list.data[0].id, 'tiny-random/gemma-4-dense');
      assert.equal(list.data[0].max_model_len, 8192);
      assert.ok(list.data.length >= 3);
      for (const adaptor of list.data.slice(1)) {
        assert.match(adaptor.id, /^[0-9a-f]{64}$/);
        assert.equal(adaptor.parent, 'tiny-random/gemma-4-dense');
      }
    });

    it('answers the health routes', async () => {
      assert.deepEqual(json(await get(sim(), '/v1/health')), { api: 'up', vllm: 'up', megatron: 'up', all: 'up' });
      assert.deepEqual(json(await get(sim(), '/v1/health/keepalive')), { status: 'ok' });
      const endpoints = json<{ endpoints: string[] }>(await get(sim(), '/v1/generate/endpoints')).endpoints;
      assert.ok(endpoints.includes('Path: /generate, Methods: POST'));
      assert.ok(json<{ endpoints: string[] }>(await get(sim(), '/v1/health/endpoints')).endpoints.includes('Path: /health/keepalive, Methods: GET'));
      const logs = (await get(sim(), '/v1/health/logs/api?tail=1')).text.trim().split('\n');
      assert.deepEqual(Object.keys(JSON.parse(logs[0]) as object), ['line', 'line_number', 'byte_offset', 'next_offset']);
    });

    it('answers FastAPI 404 and 405 bodies', async () => {
      const missing = await get(sim(), '/v1/nothing');
      assert.equal(missing.status, 404);
      assert.deepEqual(json(missing), { detail: 'Not Found' });
      assert.equal((await get(sim(), '/v1/generate')).status, 405);
    });
  });
});
