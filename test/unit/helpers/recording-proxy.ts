// A pass-through proxy on 127.0.0.1 in front of the simulator that keeps every request as it arrived
// (method, path, headers, body), so a test can check exactly what a client or a snippet sent.

import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RecordingProxy {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  readonly received: RecordedRequest[];
  close(): Promise<void>;
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const received: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => res.destroy(error));
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function withRecordingProxy<T>(target: string, body: (proxy: RecordingProxy) => Promise<T>): Promise<T> {
  const proxy = await startRecordingProxy(target);
  try {
    return await body(proxy);
  } finally {
    await proxy.close();
  }
}
