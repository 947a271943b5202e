// The HTTP front: reads each request, applies request-level faults, routes it, and logs one line when it
// ends. Owns every socket so close() can end open long-polls, heartbeats and streams at once.

import * as http from 'node:http';
import type { Socket } from 'node:net';
import type { FiredFault } from './faults/fault-book';
import { delayAnswer, dropInsteadOfAnswer, truncateAnswer } from './faults/response-faults';
import { sendStatusFault } from './faults/status-fault';
import { IdleSockets } from './http/idle-sockets';
import { sendDetail, sendInternalServerError } from './http/reply';
import type { Router } from './http/router';
import type { FaultKind } from './options';
import type { SimRuntime } from './runtime';

/** Faults the front applies to any route; the stream, heartbeat and item faults belong to their routes. */
const REQUEST_FAULTS: readonly FaultKind[] = ['status', 'drop-before', 'drop-after', 'slow', 'truncate'];
/** As markers, `slow` is a per-item fault (that prompt takes longer), so the front leaves it to the worker. */
const REQUEST_MARKER_FAULTS: readonly FaultKind[] = REQUEST_FAULTS.filter((kind) => kind !== 'slow');
const DEFAULT_SLOW_MS = 5000;
const CONTROL_PREFIX = '/_sim/';

export class SimServer {
  private readonly server: http.Server;
  private readonly sockets = new Set<Socket>();
  private readonly idleSockets: IdleSockets;
  /** One per request in progress: close() aborts them, so every wait (long-poll, heartbeat, stream) ends. */
  private readonly inProgress = new Set<AbortController>();

  constructor(
    private readonly rt: SimRuntime,
    private readonly router: Router,
  ) {
    this.idleSockets = new IdleSockets(rt.timers, rt.options.idleSocketTimeoutMs, () => rt.stats.idleSocketTimeouts++);
    this.server = http.createServer((req, res) => void this.handle(req, res));
    // Idle keep-alive sockets are closed by idleSockets, at uvicorn's timeout rather than Node's.
    this.server.keepAliveTimeout = 0;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      this.idleSockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve((this.server.address() as { port: number }).port);
      });
    });
  }

  close(): Promise<void> {
    for (const request of this.inProgress) request.abort();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://simulator');
    const method = req.method ?? 'GET';
    const key = `${method} ${url.pathname}`;
    this.rt.stats.requests[key] = (this.rt.stats.requests[key] ?? 0) + 1;
    // Aborted when the client goes away or the simulator closes.
    const request = new AbortController();
    this.inProgress.add(request);
    const socket = req.socket;
    this.idleSockets.requestStarted(socket);
    let fault: FiredFault | undefined;
    res.on('close', () => {
      request.abort();
      this.inProgress.delete(request);
      this.idleSockets.requestEnded(socket);
      this.log(method, url, res, performance.now() - started, fault);
    });
    res.setHeader('server', 'uvicorn');
    // uvicorn sends neither Connection nor Keep-Alive (§11), except `connection: close` to a request that
    // asked for it. Node still keeps the socket open or closes it as it would have with its header (and
    // with keepAliveTimeout 0 it writes no Keep-Alive header).
    if (!asksToClose(req)) res.removeHeader('connection');

    try {
      const body = await readBody(req);
      if (!body) return;
      if (!url.pathname.startsWith(CONTROL_PREFIX)) {
        fault = this.rt.faults.takeFlag(REQUEST_FAULTS, url.pathname) ?? this.rt.faults.takeMarker(REQUEST_MARKER_FAULTS, body.toString('utf8'));
      }
      switch (fault?.kind) {
        case 'drop-before':
          req.socket.destroy();
          return;
        case 'status':
          return sendStatusFault(res, fault.arg);
        case 'drop-after':
          dropInsteadOfAnswer(res);
          break;
        case 'truncate':
          truncateAnswer(res);
          break;
        case 'slow':
          delayAnswer(res, Number(fault.arg ?? DEFAULT_SLOW_MS) || 0, this.rt.timers);
          break;
      }
      const match = this.router.match(method, url.pathname);
      if (match.kind === 'not-found') return sendDetail(res, 404, 'Not Found');
      if (match.kind === 'method-not-allowed') return sendDetail(res, 405, 'Method Not Allowed');
      await match.route.handler({ req, res, url, params: match.params, body, signal: request.signal });
    } catch (error) {
      this.rt.options.log?.(`simulator error on ${key}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) sendInternalServerError(res);
      else res.destroy();
    }
  }

  /** One line per request: method, path, status (or how it ended), duration, and the fault that fired. */
  private log(method: string, url: URL, res: http.ServerResponse, ms: number, fault: FiredFault | undefined): void {
    const outcome = res.writableFinished ? String(res.statusCode) : res.headersSent ? `${res.statusCode}-cut` : 'no-answer';
    const faultNote = fault ? ` fault=${fault.kind}${fault.arg === undefined ? '' : `:${fault.arg}`}` : '';
    const line = `${method} ${url.pathname}${url.search} ${outcome} ${Math.round(ms)}ms${faultNote}`;
    this.rt.requestLog.append(line);
    this.rt.options.log?.(line);
  }
}

function asksToClose(req: http.IncomingMessage): boolean {
  return (req.headers.connection ?? '').split(',').some((token) => token.trim().toLowerCase() === 'close');
}

/** The whole body, or undefined when the client went away before sending it. */
function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
    req.on('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}
