// A tiny HTTP server on 127.0.0.1 for the client's tests: each test says exactly which bytes to send.
// It is not the simulator (src/sim is written independently and must not be used by the client's tests).

import * as http from 'node:http';
import * as net from 'node:net';
import { type ClientOptions, ScalarLMClient } from '../../../../src/core/api/client';
import type { RequestLogEntry } from '../../../../src/core/api/types';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The client's port: equal for two requests when the connection was kept alive and reused. */
  remotePort: number | undefined;
}

export type Handler = (request: ReceivedRequest, response: http.ServerResponse) => void;

export class TestServer {
  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    /** Every request, in arrival order. */
    readonly received: ReceivedRequest[],
  ) {}

  /** Starts a server whose handler sees each request with its whole body already read. */
  static async start(handler: Handler): Promise<TestServer> {
    const received: ReceivedRequest[] = [];
    const server = http.createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        const request: ReceivedRequest = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(parts).toString('utf8'),
          remotePort: req.socket.remotePort,
        };
        received.push(request);
        handler(request, res);
      });
    });
    const port = await listen(server);
    return new TestServer(server, `http://127.0.0.1:${port}`, received);
  }

  get last(): ReceivedRequest {
    const request = this.received.at(-1);
    if (request === undefined) throw new Error('the server received no request');
    return request;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Sends a JSON body with the given status. */
export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Sends these exact bytes with the given status and content type. */
export function sendText(response: http.ServerResponse, status: number, contentType: string, text: string): void {
  response.writeHead(status, { 'content-type': contentType });
  response.end(text);
}

/** A port on 127.0.0.1 that nothing listens on any more. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

/** Collects the client's log entries. */
export function logCollector(): { entries: RequestLogEntry[]; onRequest: (entry: RequestLogEntry) => void } {
  const entries: RequestLogEntry[] = [];
  return { entries, onRequest: (entry) => entries.push(entry) };
}

export interface Setup {
  server: TestServer;
  client: ScalarLMClient;
  log: RequestLogEntry[];
}

/** Starts servers and clients for a test and closes them all afterwards (call closeAll in afterEach). */
export class Harness {
  private readonly opened: { close(): Promise<void> }[] = [];

  async start(handler: Handler, options: Omit<ClientOptions, 'baseUrl'> & { path?: string } = {}): Promise<Setup> {
    const server = await TestServer.start(handler);
    this.opened.push(server);
    const { path = '', ...clientOptions } = options;
    const log = logCollector();
    const client = new ScalarLMClient({ baseUrl: server.url + path, onRequest: log.onRequest, ...clientOptions });
    this.opened.push(client);
    return { server, client, log: log.entries };
  }

  /** A client for a base URL without a test server (refused ports, unknown hosts). */
  client(baseUrl: string, options: Omit<ClientOptions, 'baseUrl'> = {}): { client: ScalarLMClient; log: RequestLogEntry[] } {
    const log = logCollector();
    const client = new ScalarLMClient({ baseUrl, onRequest: log.onRequest, ...options });
    this.opened.push(client);
    return { client, log: log.entries };
  }

  async closeAll(): Promise<void> {
    // Clients first, so that no request is left waiting on a server that is going away.
    const opened = this.opened.splice(0).reverse();
    for (const item of opened) await item.close();
  }
}
