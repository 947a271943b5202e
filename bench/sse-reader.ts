// The client's SSE reader beside bare eventsource-parser + JSON.parse on the same bytes, in the same run:
// from memory (the readers alone) and over a loopback socket (as in use). The client should keep at least
// 80% of the bare baseline's events/s.

import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import { request } from 'undici';
import { readEventStream } from '../src/core/api/sse';
import { printTable } from './lib/table';

const EVENTS = 200_000;
const CHUNK = 64 * 1024;
const ROUNDS = 5;
const CONTEXT = { method: 'POST', path: '/v1/chat/completions', baseUrl: 'bench', traceId: 'bench' };

function vllmStream(events: number): Buffer {
  const head = '{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1755650000,"model":"tiny-random/gemma-4-dense","choices":[';
  const parts = [`data: ${head}{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`];
  for (let i = 0; i < events; i++) parts.push(`data: ${head}{"index":0,"delta":{"content":" word${i % 100}"},"logprobs":null,"finish_reason":null}]}\n\n`);
  parts.push(`data: ${head}{"index":0,"delta":{},"logprobs":null,"finish_reason":"length"}]}\n\n`);
  parts.push(`data: ${head.slice(0, -1)}[],"usage":{"prompt_tokens":5,"completion_tokens":${events},"total_tokens":${events + 5}}}\n\n`);
  parts.push('data: [DONE]\n\n');
  return Buffer.from(parts.join(''));
}

function* chunksOf(bytes: Buffer): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

async function* fromMemory(bytes: Buffer): AsyncGenerator<Uint8Array> {
  yield* chunksOf(bytes);
}

/** Bare baseline: eventsource-parser and JSON.parse per event, nothing else. */
async function bare(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let events = 0;
  const parser = createParser({
    onEvent: (event) => {
      if (event.data !== '[DONE]') JSON.parse(event.data);
      events++;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  return events;
}

async function client(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let events = 0;
  for await (const _event of readEventStream(chunks, CONTEXT)) events++;
  return events;
}

async function serve(bytes: Buffer): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const chunk of chunksOf(bytes)) res.write(chunk);
    res.end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return server;
}

async function overLoopback(url: string): Promise<AsyncIterable<Uint8Array>> {
  return (await request(url)).body;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchSse(): Promise<void> {
  const bytes = vllmStream(EVENTS);
  const server = await serve(bytes);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    const rows: (string | number)[][] = [];
    for (const [source, open] of [
      ['memory', async () => fromMemory(bytes)],
      ['loopback', () => overLoopback(url)],
    ] as const) {
      const times: Record<'bare' | 'client', number[]> = { bare: [], client: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [name, reader] of [['bare', bare], ['client', client]] as const) {
          const chunks = await open();
          const started = performance.now();
          await reader(chunks);
          times[name].push(performance.now() - started);
        }
      }
      const bareMs = median(times.bare);
      const clientMs = median(times.client);
      for (const [name, ms] of [['eventsource-parser + JSON.parse', bareMs], ['client readEventStream', clientMs]] as const) {
        rows.push([`${source}: ${name}`, EVENTS / (ms / 1000), bytes.length / 1e6 / (ms / 1000), bareMs / ms]);
      }
    }
    printTable(`SSE reader, ${EVENTS.toLocaleString('en-US')} chat chunks (${(bytes.length / 1e6).toFixed(1)} MB), median of ${ROUNDS}`, ['reader', 'events/s', 'MB/s', 'vs bare'], rows);
  } finally {
    server.close();
  }
}
