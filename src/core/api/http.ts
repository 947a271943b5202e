// One HTTP request to the deployment: a keep-alive undici Pool per base URL, a W3C traceparent on every
// request, the caller's extra headers (never an Authorization header of our own: ScalarLM has no auth,
// only a gateway in front of it may want one), idle and overall timeouts, and one log entry per call.

import type { Dispatcher, Pool } from 'undici';
import { CallScope } from './call-scope';
import type { ErrorContext } from './errors';
import { classifyTransportError, type TransportFacts } from './transport-errors';
import { newTraceContext } from './trace-context';
import type { CallOptions, RequestLogEntry } from './types';

export interface CallTiming {
  /** Longest silence while waiting for the headers or between two pieces of the body. */
  idleMs: number;
  /** Deadline of the whole call, including reading the body; undefined for none. */
  overallMs: number | undefined;
}

export interface HttpCall {
  method: 'GET' | 'POST';
  /** The route and query, e.g. `/v1/generate/list_requests?limit=50`; joined to the base URL's path prefix. */
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, instead of a JSON body: a multipart form or a chunk of an upload. */
  rawBody?: { bytes: Uint8Array; contentType: string };
  /** Headers of this call only (the training upload's X-Upload-Id and chunk hash). */
  headers?: Readonly<Record<string, string>>;
  accept: string;
  timing: CallTiming;
  options?: CallOptions;
}

export interface HttpTransportOptions {
  baseUrl: URL;
  headers: Readonly<Record<string, string>>;
  connectMs: number;
  /** How long an unused pooled socket stays open. */
  pooledSocketIdleMs: number;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Where the user sets the base URL (ErrorContext.baseUrlSetBy). */
  baseUrlSetBy?: string;
}

/**
 * How long the pool keeps an unused socket. uvicorn closes a keep-alive socket after 5 s of silence and
 * says so in no header (protocol §11); a request written on a socket just as the server closes it is reset
 * unread, and for a POST the client cannot tell that from a reset after processing. Closing ours first,
 * with a second to spare, avoids the race. A Keep-Alive hint (from a gateway) can only shorten it: undici
 * takes its keepAliveTimeoutThreshold (2 s) off a hint and caps the result at keepAliveMaxTimeout.
 */
export const POOLED_SOCKET_IDLE_MS = 4_000;

const USER_AGENT = 'scalarlm-prompt-lab';
/** After [DONE] the server ends the response at once; wait this long for the end before giving up the connection. */
const DRAIN_MS = 5_000;

/**
 * undici's Pool and the request method it is given, loaded by the first request rather than with the bundle:
 * undici is the largest part of the extension and the CLI, and activation (which only creates clients) need not
 * pay for it. Only these parts, not the package's index, which also builds fetch, WebSocket, EventSource, the
 * cache stores and the mocks (none used here): half of undici's bytes to compile, and a CLI run's start-up.
 * The version is pinned, and every call of the client's tests goes through this.
 */
function undiciPool(): typeof Pool {
  /* eslint-disable @typescript-eslint/no-require-imports -- deferred on purpose, see above */
  if (!poolClass) {
    const dispatcher = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
    // What the package's index does for every dispatcher: request(), stream(), pipeline() ...
    Object.assign(dispatcher.prototype, require('undici/lib/api'));
    poolClass = require('undici/lib/dispatcher/pool') as typeof Pool;
  }
  return poolClass;
  /* eslint-enable @typescript-eslint/no-require-imports */
}
let poolClass: typeof Pool | undefined;

export class HttpTransport {
  /** Made by the first request. */
  private pool: Pool | undefined;
  private readonly pathPrefix: string;
  private readonly baseHeaders: Readonly<Record<string, string>>;
  private readonly displayedBaseUrl: string;

  constructor(private readonly settings: HttpTransportOptions) {
    const { baseUrl } = settings;
    this.pathPrefix = baseUrl.pathname.replace(/\/+$/, '');
    this.displayedBaseUrl = baseUrl.origin + this.pathPrefix;
    this.baseHeaders = { 'user-agent': USER_AGENT, ...lowerCaseKeys(settings.headers) };
  }

  /** Sends the request and resolves once the headers are in; the caller reads the body and then ends the response. */
  async open(call: HttpCall): Promise<HttpResponse> {
    const { traceId, traceparent } = newTraceContext();
    const context: ErrorContext = { method: call.method, path: call.path, baseUrl: this.displayedBaseUrl, traceId, ...(this.settings.baseUrlSetBy ? { baseUrlSetBy: this.settings.baseUrlSetBy } : {}) };
    const scope = new CallScope(call.options?.signal, call.options?.deadlineMs ?? call.timing.overallMs, call.timing.idleMs);
    const facts: TransportFacts = { context, sendsBody: call.method === 'POST', scope, connectMs: this.settings.connectMs, headersReceived: false };
    const log = new CallLog(context, this.settings.onRequest);
    const headers: Record<string, string> = { ...this.baseHeaders, ...lowerCaseKeys(call.headers ?? {}), accept: call.accept, traceparent };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.rawBody !== undefined) headers['content-type'] = call.rawBody.contentType;
    try {
      const response = await scope.whileWaiting(
        this.connections().request({
          method: call.method,
          path: this.pathPrefix + call.path,
          headers,
          body: call.rawBody?.bytes ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
          signal: scope.signal,
          // The scope keeps the idle limit (see call-scope.ts).
          headersTimeout: 0,
          bodyTimeout: 0,
        }),
      );
      facts.headersReceived = true;
      return new HttpResponse(response, facts, log);
    } catch (error) {
      const failure = classifyTransportError(error, facts);
      scope.dispose();
      log.end(undefined, failure);
      throw failure;
    }
  }

  close(): Promise<void> {
    return this.pool?.close() ?? Promise.resolve();
  }

  private connections(): Pool {
    const { baseUrl, connectMs, pooledSocketIdleMs } = this.settings;
    this.pool ??= new (undiciPool())(baseUrl.origin, { connectTimeout: connectMs, keepAliveTimeout: pooledSocketIdleMs, keepAliveMaxTimeout: pooledSocketIdleMs });
    return this.pool;
  }
}

/** A response whose headers have arrived. The first of finish(), fail() or abandon() ends it; later calls do nothing. */
export class HttpResponse {
  private ended = false;

  constructor(
    private readonly response: Dispatcher.ResponseData,
    private readonly facts: TransportFacts,
    private readonly log: CallLog,
  ) {}

  get status(): number {
    return this.response.statusCode;
  }

  get context(): ErrorContext {
    return this.facts.context;
  }

  get traceId(): string {
    return this.facts.context.traceId;
  }

  header(name: string): string | undefined {
    const value = this.response.headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The body as it arrives; network failures come out as ScalarLMErrors. Stopping early leaves the rest for finish(). */
  async *chunks(): AsyncGenerator<Uint8Array> {
    const pieces = this.response.body.iterator({ destroyOnReturn: false });
    for (;;) {
      let piece: IteratorResult<Uint8Array>;
      try {
        piece = await this.facts.scope.whileWaiting(pieces.next());
      } catch (error) {
        throw classifyTransportError(error, this.facts);
      }
      if (piece.done) return;
      yield piece.value;
    }
  }

  async text(): Promise<string> {
    const parts: Uint8Array[] = [];
    for await (const chunk of this.chunks()) parts.push(chunk);
    return Buffer.concat(parts).toString('utf8');
  }

  /** The call succeeded. Unread bytes (after a stream's [DONE]) are drained so the connection can be reused. */
  finish(): void {
    if (!this.end()) return;
    if (!this.response.body.readableEnded) {
      this.response.body.dump({ limit: Number.MAX_SAFE_INTEGER, signal: AbortSignal.timeout(DRAIN_MS) }).catch(() => undefined);
    }
    this.log.end(this.status);
  }

  /**
   * The call failed (or its reader stopped early): closes the connection, which also tells the server to
   * stop generating, and returns the error to throw.
   */
  fail(error: unknown): unknown {
    const failure = classifyTransportError(error, this.facts);
    if (!this.end()) return failure;
    this.discardBody();
    this.log.end(this.status, failure);
    return failure;
  }

  /** The reader stopped before the end (a consumer left a stream early): closes the connection. */
  abandon(): void {
    if (!this.end()) return;
    this.discardBody();
    this.log.end(this.status, 'the reader stopped before the end of the response');
  }

  /** Destroying an unread body aborts the request; undici then emits an error nobody else listens for. */
  private discardBody(): void {
    this.response.body.on('error', () => undefined).destroy();
  }

  private end(): boolean {
    if (this.ended) return false;
    this.ended = true;
    this.facts.scope.dispose();
    return true;
  }
}

/** Emits the one RequestLogEntry of a call. */
class CallLog {
  private readonly startedAt = performance.now();

  constructor(
    private readonly context: ErrorContext,
    private readonly onRequest: ((entry: RequestLogEntry) => void) | undefined,
  ) {}

  end(status: number | undefined, error?: unknown): void {
    if (!this.onRequest) return;
    const { method, path, traceId } = this.context;
    const entry: RequestLogEntry = { method, path, ms: Math.round(performance.now() - this.startedAt), traceId };
    if (status !== undefined) entry.status = status;
    if (error !== undefined) entry.error = error instanceof Error ? error.message : String(error);
    this.onRequest(entry);
  }
}

function lowerCaseKeys(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
