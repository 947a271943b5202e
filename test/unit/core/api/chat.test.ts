import * as assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import {
  AbortedError,
  HttpStatusError,
  MalformedResponseError,
  ServerReportedError,
  StreamIncompleteError,
  TimeoutError,
  UnreachableError,
} from '../../../../src/core/api/errors';
import type { EventStream, StreamEvent } from '../../../../src/core/api/types';
import { Harness, sendJson, sendText } from './test-server';
import { chatChunk, chatCompletionBody, REALISTIC_EVENTS, REALISTIC_STREAM } from './wire-samples';

const MESSAGES = [{ role: 'user', content: 'Hello' }];

/** Writes the heartbeat spaces one by one, `gapMs` apart, then calls `then`. */
function heartbeats(res: ServerResponse, count: number, gapMs: number, then: () => void): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  let sent = 0;
  const beat = setInterval(() => {
    if (sent === count) {
      clearInterval(beat);
      then();
      return;
    }
    res.write(' ');
    sent++;
  }, gapMs);
  res.on('close', () => clearInterval(beat));
}

/** Sends the text in pieces of `size` bytes, one per event-loop turn, then ends (or leaves it open). */
function sendInPieces(res: ServerResponse, text: string, size: number, end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  const bytes = Buffer.from(text);
  let offset = 0;
  const next = () => {
    if (res.destroyed) return;
    if (offset >= bytes.length) {
      if (end) res.end();
      return;
    }
    res.write(bytes.subarray(offset, offset + size));
    offset += size;
    setImmediate(next);
  };
  next();
}

async function collect(stream: EventStream): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('ScalarLMClient chat and completions', () => {
  const harness = new Harness();
  afterEach(() => harness.closeAll());

  describe('non-streaming chat: heartbeat whitespace, then JSON (protocol §6.2)', () => {
    it('reports each heartbeat and parses the JSON after them', async () => {
      const { client, server } = await harness.start((_, res) => heartbeats(res, 3, 15, () => res.end(chatCompletionBody('Hi there'))));
      const beats: [number, number][] = [];
      const { data } = await client.chat({ messages: MESSAGES, max_tokens: 8 }, { onHeartbeat: (count, ms) => beats.push([count, ms]) });
      assert.equal(data.choices[0].message.content, 'Hi there');
      assert.deepEqual(data.usage, { prompt_tokens: 12, completion_tokens: 19, total_tokens: 31 });
      assert.deepEqual(beats.map(([count]) => count), [1, 2, 3]);
      assert.ok(beats[0][1] <= beats[1][1] && beats[1][1] <= beats[2][1]);
      assert.deepEqual(JSON.parse(server.last.body), { messages: MESSAGES, max_tokens: 8, stream: false });
    });

    it('turns a worker error (200, finish_reason "error", top-level error) into a ServerReportedError', async () => {
      const workerText = "ValueError: ValueError('Invalid request type: embed')";
      const { client } = await harness.start((_, res) => heartbeats(res, 1, 5, () => res.end(chatCompletionBody('', workerText))));
      await assert.rejects(client.chat({ messages: MESSAGES }), (error: unknown) => {
        assert.ok(error instanceof ServerReportedError);
        assert.equal(error.serverText, workerText);
        assert.match(error.message, /Invalid request type: embed/);
        return true;
      });
    });

    it('stops at the overall deadline when heartbeats never end', async () => {
      const { client } = await harness.start((_, res) => heartbeats(res, Number.POSITIVE_INFINITY, 10, () => undefined), {
        timeouts: { chatIdleMs: 200, chatOverallMs: 250 },
      });
      let beats = 0;
      await assert.rejects(client.chat({ messages: MESSAGES }, { onHeartbeat: (count) => (beats = count) }), (error: unknown) => {
        assert.ok(error instanceof TimeoutError);
        assert.equal(error.phase, 'overall');
        assert.equal(error.timeoutMs, 250);
        return true;
      });
      assert.ok(beats > 3, `heartbeats seen: ${beats}`);
    });

    it('stops at the idle limit when a gap is longer than that', async () => {
      const { client } = await harness.start((_, res) => heartbeats(res, 2, 10, () => undefined), { timeouts: { chatIdleMs: 150 } });
      await assert.rejects(client.chat({ messages: MESSAGES }), (error: unknown) => {
        assert.ok(error instanceof TimeoutError);
        assert.equal(error.phase, 'idle');
        assert.match(error.message, /in the middle of the response/);
        return true;
      });
    });

    it('reports a body that ends after heartbeats without a result', async () => {
      const { client } = await harness.start((_, res) => heartbeats(res, 2, 5, () => res.end()));
      await assert.rejects(client.chat({ messages: MESSAGES }), (error: unknown) => {
        assert.ok(error instanceof MalformedResponseError);
        assert.match(error.message, /ended after 2 heartbeat\(s\) without a result/);
        return true;
      });
    });

    it("reads an older server's SSE-framed error with status 200", async () => {
      const { client } = await harness.start((_, res) =>
        sendText(res, 200, 'text/event-stream', 'data: {"error": "Failed to create chat completion: {"object":"error","message":"Model x not found"}"}\n\n'),
      );
      await assert.rejects(client.chat({ messages: MESSAGES }), (error: unknown) => {
        assert.ok(error instanceof ServerReportedError);
        assert.equal(error.serverText, 'Failed to create chat completion: {"object":"error","message":"Model x not found"}');
        assert.match(error.message, /Failed to create chat completion: Model x not found/);
        return true;
      });
    });
  });

  describe('streaming chat (protocol §6.1)', () => {
    it('reads a realistic stream sent in small pieces, and logs the call once it ends', async () => {
      const { client, server, log } = await harness.start((_, res) => sendInPieces(res, REALISTIC_STREAM, 7));
      const stream = await client.streamChat({ messages: MESSAGES });
      assert.match(stream.traceId, /^[0-9a-f]{32}$/);
      assert.equal(log.length, 0, 'the call is logged when the stream ends');
      const { events, error } = await collect(stream);
      assert.equal(error, undefined);
      assert.deepEqual(events, REALISTIC_EVENTS);
      assert.deepEqual(JSON.parse(server.last.body), { messages: MESSAGES, stream: true });
      assert.equal(server.last.headers.accept, 'text/event-stream');
      assert.deepEqual(log.map(({ status, traceId, error: logged }) => ({ status, traceId, logged })), [{ status: 200, traceId: stream.traceId, logged: undefined }]);
    });

    it("ends with the server's text on ScalarLM's invalid-JSON error event (200, no [DONE])", async () => {
      const data = '{"error": "Failed to create chat completions: {"object":"error","message":"This model\'s maximum context length is 2048 tokens.","code":400}"}';
      const { client } = await harness.start((_, res) => sendText(res, 200, 'text/event-stream', `data: ${data}\n\n`));
      const { events, error } = await collect(await client.streamChat({ messages: MESSAGES }));
      assert.deepEqual(events, []);
      assert.ok(error instanceof ServerReportedError);
      assert.equal(error.raw, data);
      assert.match(error.message, /maximum context length is 2048 tokens/);
    });

    it('keeps the partial content of a stream that closes without [DONE]', async () => {
      const { client } = await harness.start((_, res) => sendInPieces(res, chatChunk({ content: 'Half ' }) + chatChunk({ content: 'done' }), 50));
      const { events, error } = await collect(await client.streamChat({ messages: MESSAGES }));
      assert.equal(events.length, 2);
      assert.ok(error instanceof StreamIncompleteError);
      assert.equal(error.partialContent, 'Half done');
    });

    it('keeps the partial content of a stream whose connection is cut', async () => {
      const { client } = await harness.start((_, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chatChunk({ content: 'Before the cut' }), () => res.socket?.destroy());
      });
      const { error } = await collect(await client.streamChat({ messages: MESSAGES }));
      assert.ok(error instanceof StreamIncompleteError);
      assert.equal(error.partialContent, 'Before the cut');
      assert.ok(error.cause instanceof UnreachableError);
    });

    it('stops on abort and closes the connection, which tells the server to stop generating', async () => {
      const controller = new AbortController();
      let closed: Promise<void> = Promise.resolve();
      const { client } = await harness.start((_, res) => {
        closed = new Promise((resolve) => res.on('close', resolve));
        sendInPieces(res, chatChunk({ content: 'one ' }), 1000, false);
      });
      const stream = await client.streamChat({ messages: MESSAGES }, { signal: controller.signal });
      const events: StreamEvent[] = [];
      await assert.rejects(
        (async () => {
          for await (const event of stream) {
            events.push(event);
            controller.abort();
          }
        })(),
        AbortedError,
      );
      assert.equal(events.length, 1);
      await closed;
    });

    it('closes the connection when the reader leaves early', async () => {
      let closed: Promise<void> = Promise.resolve();
      const { client, log } = await harness.start((_, res) => {
        closed = new Promise((resolve) => res.on('close', resolve));
        sendInPieces(res, chatChunk({ content: 'one ' }) + chatChunk({ content: 'two' }), 1000, false);
      });
      for await (const event of await client.streamChat({ messages: MESSAGES })) {
        assert.equal(event.type, 'content');
        break;
      }
      await closed;
      assert.match(String(log[0].error), /stopped before the end/);
    });

    it('rejects before streaming on a status error', async () => {
      const { client } = await harness.start((_, res) => sendJson(res, 404, { detail: 'Model nope not found' }));
      await assert.rejects(client.streamChat({ messages: MESSAGES, model: 'nope' }), HttpStatusError);
    });

    it('reuses the connection after a stream that ended with [DONE]', async () => {
      const { client, server } = await harness.start((_, res) => sendText(res, 200, 'text/event-stream', chatChunk({ content: 'ok' }) + 'data: [DONE]\n\n'));
      for (let i = 0; i < 4; i++) assert.equal((await collect(await client.streamChat({ messages: MESSAGES }))).error, undefined);
      assert.ok(new Set(server.received.map((r) => r.remotePort)).size <= 2);
    });
  });

  describe('completions (always labelled text/event-stream; protocol §6.1, §10.2)', () => {
    const completion = { id: 'cmpl-1', object: 'text_completion', created: 1, model: 'm', choices: [{ index: 0, text: ' world', logprobs: null, finish_reason: 'length' }] };

    it('reads a plain JSON body labelled text/event-stream', async () => {
      const { client, server } = await harness.start((_, res) => sendText(res, 200, 'text/event-stream; charset=utf-8', JSON.stringify(completion)));
      const { data } = await client.completions({ prompt: 'Hello', max_tokens: 2 });
      assert.deepEqual(data, completion);
      assert.deepEqual(JSON.parse(server.last.body), { prompt: 'Hello', max_tokens: 2, stream: false });
    });

    it('turns the SSE-framed error of a 200 into a ServerReportedError', async () => {
      const { client } = await harness.start((_, res) =>
        sendText(res, 200, 'text/event-stream', 'data: {"error": "Failed to create completions: {"object":"error","message":"bad prompt"}"}\n\n'),
      );
      await assert.rejects(client.completions({ prompt: 'x' }), (error: unknown) => error instanceof ServerReportedError && /bad prompt/.test(error.message));
    });

    it('streams completions as content events', async () => {
      const chunk = (text: string) => `data: ${JSON.stringify({ ...completion, choices: [{ index: 0, text, logprobs: null, finish_reason: null }] })}\n\n`;
      const { client } = await harness.start((_, res) => sendInPieces(res, `${chunk('Hel')}${chunk('lo')}data: [DONE]\n\n`, 9));
      const { events, error } = await collect(await client.streamCompletions({ prompt: 'x' }));
      assert.equal(error, undefined);
      assert.deepEqual(events, [
        { type: 'content', choice: 0, text: 'Hel' },
        { type: 'content', choice: 0, text: 'lo' },
      ]);
    });
  });
});
