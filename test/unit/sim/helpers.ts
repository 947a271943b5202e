// Shared helpers for the simulator tests: real HTTP against a simulator on a free port.

import * as http from 'node:http';
import { startSimulator, type SimHandle, type SimOptions } from '../../../src/sim';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
}

export async function post(sim: SimHandle, path: string, body: unknown): Promise<Reply> {
  const response = await fetch(sim.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export async function get(sim: SimHandle, path: string): Promise<Reply> {
  const response = await fetch(sim.url + path);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Parses a reply that must be JSON. */
export function json<T = Record<string, unknown>>(reply: Reply): T {
  return JSON.parse(reply.text) as T;
}

export interface ResultRow {
  request_id: string | number;
  response: string | null;
  error: string | null;
}

export function results(reply: Reply): ResultRow[] {
  return json<{ results: ResultRow[] }>(reply).results;
}

/** A simulator for one describe block: started before, closed after. */
export function useSimulator(options: Partial<SimOptions> = {}): () => SimHandle {
  let sim: SimHandle | undefined;
  before(async () => {
    sim = await startSimulator({ port: 0, ...options });
  });
  after(async () => {
    await sim?.close();
  });
  return () => {
    if (!sim) throw new Error('simulator not started');
    return sim;
  };
}

/** Polls `probe` until it returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export interface RawExchange {
  status: number | undefined;
  headers: http.IncomingHttpHeaders;
  /** Body chunks with the ms since the request was sent. */
  chunks: { at: number; text: string }[];
  body: string;
  /** How the exchange ended: a complete body, or an error (reset, premature close). */
  outcome: 'complete' | 'error';
  error?: Error;
}

/** A request over node:http that records every body chunk and never throws: drops and cuts show in `outcome`. */
export function rawRequest(sim: SimHandle, method: string, path: string, body?: unknown): Promise<RawExchange> {
  const started = Date.now();
  const exchange: RawExchange = { status: undefined, headers: {}, chunks: [], body: '', outcome: 'complete' };
  return new Promise((resolve) => {
    const fail = (error: Error): void => {
      exchange.outcome = 'error';
      exchange.error = error;
      resolve(exchange);
    };
    const req = http.request(sim.url + path, { method, headers: { 'content-type': 'application/json', connection: 'close' } }, (res) => {
      exchange.status = res.statusCode;
      exchange.headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        exchange.chunks.push({ at: Date.now() - started, text });
        exchange.body += text;
      });
      res.on('end', () => resolve(exchange));
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('aborted')));
    });
    req.on('error', fail);
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/** The `data:` payloads of an SSE body, in order. */
export function sseData(body: string): string[] {
  return body
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}

/** Reads a response until `enough(bodySoFar)` holds, then hangs up; for answers that never end. */
export function readUntil(sim: SimHandle, path: string, body: unknown, enough: (text: string) => boolean): Promise<{ status: number | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(sim.url + path, { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (enough(text)) {
          req.destroy();
          resolve({ status: res.statusCode, text });
        }
      });
      res.on('end', () => reject(new Error(`the answer ended: ${text}`)));
    });
    req.on('error', (error) => reject(error));
    req.end(JSON.stringify(body));
  });
}
