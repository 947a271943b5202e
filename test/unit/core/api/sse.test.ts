import * as assert from 'node:assert/strict';
import {
  type ErrorContext,
  MalformedResponseError,
  ServerReportedError,
  StreamIncompleteError,
  UnreachableError,
} from '../../../../src/core/api/errors';
import { readEventStream } from '../../../../src/core/api/sse';
import type { StreamEvent } from '../../../../src/core/api/types';
import { chatChunk, REALISTIC_EVENTS, REALISTIC_STREAM, USAGE } from './wire-samples';

const context: ErrorContext = { method: 'POST', path: '/v1/chat/completions', baseUrl: 'http://test', traceId: '0'.repeat(32) };
const encoder = new TextEncoder();

async function* pieces(bytes: Uint8Array, cuts: readonly number[]): AsyncGenerator<Uint8Array> {
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    yield bytes.subarray(start, cut);
    start = cut;
  }
}

async function read(source: AsyncIterable<Uint8Array>): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of readEventStream(source, context)) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

function readText(text: string, cuts: readonly number[] = []): Promise<{ events: StreamEvent[]; error?: unknown }> {
  return read(pieces(encoder.encode(text), cuts));
}

describe('readEventStream (protocol §6.1)', () => {
  it('reads a realistic chat stream: role, reasoning, content, tool-call deltas, finish reason, the usage chunk with choices []', async () => {
    const { events, error } = await readText(REALISTIC_STREAM);
    assert.equal(error, undefined);
    assert.deepEqual(events, REALISTIC_EVENTS);
  });

  it('gives the same events when the bytes are split at any boundary, including inside multi-byte UTF-8', async () => {
    const bytes = encoder.encode(REALISTIC_STREAM);
    assert.ok(bytes.length > REALISTIC_STREAM.length, 'the sample must contain multi-byte characters');
    for (let cut = 1; cut < bytes.length; cut++) {
      const { events, error } = await read(pieces(bytes, [cut]));
      assert.equal(error, undefined, `split at byte ${cut}`);
      assert.deepEqual(events, REALISTIC_EVENTS, `split at byte ${cut}`);
    }
  });

  it('gives the same events when every byte arrives on its own', async () => {
    const bytes = encoder.encode(REALISTIC_STREAM);
    const { events, error } = await read(pieces(bytes, Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)));
    assert.equal(error, undefined);
    assert.deepEqual(events, REALISTIC_EVENTS);
  });

  it('reads CRLF line endings and skips comment lines, split anywhere', async () => {
    const crlf = REALISTIC_STREAM.replace(/\n/g, '\r\n').replace(/\r\n\r\n/g, '\r\n\r\n: ping\r\n\r\n');
    const bytes = encoder.encode(`: keep-alive\r\n\r\n${crlf}`);
    for (let cut = 1; cut < bytes.length; cut += 7) {
      const { events, error } = await read(pieces(bytes, [cut]));
      assert.equal(error, undefined, `split at byte ${cut}`);
      assert.deepEqual(events, REALISTIC_EVENTS, `split at byte ${cut}`);
    }
  });

  it('reads reasoning under its newer name, without duplicating it when both names are sent', async () => {
    const text =
      chatChunk({ reasoning: 'step 1' }) + chatChunk({ reasoning: 'step 2', reasoning_content: 'step 2' }) + 'data: [DONE]\n\n';
    const { events } = await readText(text);
    assert.deepEqual(events, [
      { type: 'reasoning', choice: 0, text: 'step 1' },
      { type: 'reasoning', choice: 0, text: 'step 2' },
    ]);
  });

  it('reads text_completion chunks of /v1/completions', async () => {
    const chunk = (text: string, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'cmpl-1', object: 'text_completion', created: 1, model: 'm', choices: [{ index: 0, text, logprobs: null, finish_reason: finish }] })}\n\n`;
    const { events, error } = await readText(chunk('Hello', null) + chunk(' world', 'length') + `data: ${JSON.stringify({ id: 'cmpl-1', object: 'text_completion', created: 1, model: 'm', choices: [], usage: USAGE })}\n\ndata: [DONE]\n\n`);
    assert.equal(error, undefined);
    assert.deepEqual(events, [
      { type: 'content', choice: 0, text: 'Hello' },
      { type: 'content', choice: 0, text: ' world' },
      { type: 'finish', choice: 0, reason: 'length' },
      { type: 'usage', usage: USAGE },
    ]);
  });

  it('ends with a ServerReportedError on a vLLM error object mid-stream (newer shape), keeping the content so far', async () => {
    const error = { message: 'The engine died', type: 'InternalServerError', param: null, code: 500 };
    const text = chatChunk({ content: 'Partial ' }) + chatChunk({ content: 'answer' }) + `data: ${JSON.stringify({ error })}\n\ndata: [DONE]\n\n`;
    const result = await readText(text);
    assert.deepEqual(result.events, [
      { type: 'content', choice: 0, text: 'Partial ' },
      { type: 'content', choice: 0, text: 'answer' },
    ]);
    assert.ok(result.error instanceof ServerReportedError);
    assert.equal(result.error.serverText, 'The engine died');
    assert.equal(result.error.partialContent, 'Partial answer');
    assert.match(result.error.message, /The engine died/);
  });

  it('ends with a ServerReportedError on a vLLM error object of the older shape', async () => {
    const text = chatChunk({ content: 'x' }) + `data: ${JSON.stringify({ object: 'error', message: 'Old engine failure', type: 'BadRequestError', code: 400 })}\n\n`;
    const { error } = await readText(text);
    assert.ok(error instanceof ServerReportedError);
    assert.equal(error.serverText, 'Old engine failure');
    assert.equal(error.partialContent, 'x');
  });

  it("ends with a ServerReportedError carrying the server's text for ScalarLM's invalid-JSON error event", async () => {
    const vllmBody = '{"object":"error","message":"This model\'s maximum context length is 2048 tokens. However, you requested 4096 tokens.","type":"BadRequestError","param":null,"code":400}';
    const data = `{"error": "Failed to create chat completions: ${vllmBody}"}`;
    assert.throws(() => JSON.parse(data), 'the sample must be invalid JSON, as the server sends it');
    for (let cut = 1; cut < data.length + 8; cut += 5) {
      const { events, error } = await readText(`data: ${data}\n\n`, [cut]);
      assert.deepEqual(events, []);
      assert.ok(error instanceof ServerReportedError, `split at ${cut}`);
      assert.equal(error.serverText, `Failed to create chat completions: ${vllmBody}`);
      assert.equal(error.raw, data);
      assert.match(error.message, /Failed to create chat completions: This model's maximum context length is 2048 tokens/);
    }
  });

  it('ends with a ServerReportedError for the error event when it happens to be valid JSON', async () => {
    const { error } = await readText('data: {"error": "Failed to create chat completions: upstream 503"}\n\n');
    assert.ok(error instanceof ServerReportedError);
    assert.equal(error.serverText, 'Failed to create chat completions: upstream 503');
  });

  it('reports a stream that ends without [DONE] as incomplete, keeping the partial content', async () => {
    const { events, error } = await readText(chatChunk({ content: 'Half an ' }) + chatChunk({ content: 'answ' }));
    assert.equal(events.length, 2);
    assert.ok(error instanceof StreamIncompleteError);
    assert.equal(error.partialContent, 'Half an answ');
    assert.equal(error.mayHaveBeenProcessed, true);
  });

  it('reports a connection lost mid-stream as incomplete, keeping the partial content and the cause', async () => {
    const lost = new UnreachableError('reset', context, 'ECONNRESET', true);
    async function* cut(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(chatChunk({ content: 'Before the cut' }));
      throw lost;
    }
    const { error } = await read(cut());
    assert.ok(error instanceof StreamIncompleteError);
    assert.equal(error.partialContent, 'Before the cut');
    assert.equal(error.cause, lost);
  });

  it('stops reading at [DONE], even if the connection stays open', async () => {
    async function* neverEnds(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(chatChunk({ content: 'done' }) + 'data: [DONE]\n\n');
      await new Promise(() => undefined);
    }
    const { events, error } = await read(neverEnds());
    assert.equal(error, undefined);
    assert.equal(events.length, 1);
  });

  it('reports an event that is not JSON as a malformed response', async () => {
    const { error } = await readText('data: <html>oops</html>\n\n');
    assert.ok(error instanceof MalformedResponseError);
    assert.equal(error.excerpt, '<html>oops</html>');
  });

  it('closes its source when the reader leaves early', async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Uint8Array> {
      try {
        yield encoder.encode(chatChunk({ content: 'one' }) + chatChunk({ content: 'two' }));
        yield encoder.encode('data: [DONE]\n\n');
      } finally {
        closed = true;
      }
    }
    for await (const event of readEventStream(source(), context)) {
      assert.deepEqual(event, { type: 'content', choice: 0, text: 'one' });
      break;
    }
    assert.equal(closed, true);
  });

  it('answers overlapping next() calls in order', async () => {
    const stream = readEventStream(pieces(encoder.encode(REALISTIC_STREAM), [100, 400]), context);
    const steps = await Promise.all(REALISTIC_EVENTS.map(() => stream.next()).concat(stream.next()));
    assert.deepEqual(steps, [...REALISTIC_EVENTS.map((value) => ({ done: false, value })), { done: true, value: undefined }]);
  });
});
