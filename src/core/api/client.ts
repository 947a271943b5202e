// The ScalarLM client: each route of ScalarLMApi as one small method over the transport in http.ts.
// Deliberately absent (see api.ts): clear_queue and the worker plane.

import { checkBaseUrl } from './base-url';
import type { ChatOptions, ScalarLMApi } from './api';
import { type ErrorContext, HttpStatusError, MalformedResponseError, type ScalarLMError } from './errors';
import { parseRequestId } from './group-id';
import { readAfterHeartbeats } from './heartbeat-json';
import { type CallTiming, type HttpCall, type HttpResponse, HttpTransport, POOLED_SOCKET_IDLE_MS } from './http';
import { parseJsonBody, type SuccessBody } from './json-body';
import { normaliseMetrics } from './metrics';
import {
  chatCompletionFrom,
  completionFrom,
  generateResponseFrom,
  healthFrom,
  keepaliveFrom,
  metricsObjectFrom,
  modelsFrom,
  requestDetailFrom,
  requestPageFrom,
  trainingJobsFrom,
} from './response-shapes';
import { readEventStream } from './sse';
import { statusError } from './status-errors';
import { baseUrlAdvice } from './transport-errors';
import { type CallKind, DEFAULT_TIMEOUTS, timingFor } from './timeouts';
import type {
  CallOptions,
  ChatCompletion,
  ChatRequest,
  ClientTimeouts,
  Completion,
  CompletionRequest,
  EventStream,
  GenerateRequest,
  GenerateResponse,
  Health,
  ModelInfo,
  PrometheusLookup,
  QueueMetrics,
  RequestLogEntry,
  RequestLookup,
  RequestPage,
  RequestRow,
  Traced,
  TrainingJobsLookup,
} from './types';

export interface ClientOptions {
  /** e.g. `http://localhost:8000`, or a gateway URL with a path prefix such as `https://gw.example/scalarlm/`. */
  baseUrl: string;
  /** Sent with every request, e.g. an Authorization header for a gateway in front of the deployment. */
  headers?: Readonly<Record<string, string>>;
  timeouts?: Partial<ClientTimeouts>;
  /** How long an unused pooled connection stays open, in ms (default POOLED_SOCKET_IDLE_MS); keep it below the server's idle timeout. */
  pooledSocketIdleMs?: number;
  /** Called once per HTTP request, when it ends (for a stream: when the stream ends or its reader leaves). */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Where the user sets the base URL, named in the advice of errors that point at it. */
  baseUrlSetBy?: string;
}

type Shape<T> = (json: unknown, context: ErrorContext) => T;

export class ScalarLMClient implements ScalarLMApi {
  readonly baseUrl: string;
  readonly timeouts: Readonly<ClientTimeouts>;
  private readonly http: HttpTransport;

  constructor(options: ClientOptions) {
    const url = parseBaseUrl(options.baseUrl);
    this.baseUrl = url.origin + url.pathname.replace(/\/+$/, '');
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const pooledSocketIdleMs = options.pooledSocketIdleMs ?? POOLED_SOCKET_IDLE_MS;
    if (!(pooledSocketIdleMs > 0) || !Number.isFinite(pooledSocketIdleMs)) {
      throw new RangeError(`pooledSocketIdleMs must be a positive number of milliseconds, got ${String(options.pooledSocketIdleMs)}.`);
    }
    this.http = new HttpTransport({
      baseUrl: url,
      headers: options.headers ?? {},
      connectMs: this.timeouts.connectMs,
      pooledSocketIdleMs,
      onRequest: options.onRequest,
      ...(options.baseUrlSetBy ? { baseUrlSetBy: options.baseUrlSetBy } : {}),
    });
  }

  models(options?: CallOptions): Promise<Traced<ModelInfo[]>> {
    return this.getJson('/v1/models', modelsFrom, options);
  }

  health(options?: CallOptions): Promise<Traced<Health>> {
    return this.getJson('/v1/health', healthFrom, options);
  }

  keepalive(options?: CallOptions): Promise<Traced<{ status: string }>> {
    return this.getJson('/v1/health/keepalive', keepaliveFrom, options);
  }

  trainingJobs(options?: CallOptions): Promise<Traced<TrainingJobsLookup>> {
    return this.optionalRoute('/v1/megatron/list_models', 'application/json', options, async (response) => ({
      state: 'found',
      jobs: await jsonReader(trainingJobsFrom)(response),
    }));
  }

  prometheusMetrics(options?: CallOptions): Promise<Traced<PrometheusLookup>> {
    return this.optionalRoute('/v1/metrics', 'text/plain', options, async (response) => {
      const text = await response.text();
      const contentType = response.header('content-type');
      if (contentType?.includes('text/html')) throw notPrometheusText(response.context, text);
      return contentType === undefined ? { state: 'found', text } : { state: 'found', text, contentType };
    });
  }

  generate(request: GenerateRequest, options?: CallOptions): Promise<Traced<GenerateResponse>> {
    return this.postJson('/v1/generate', request, this.timing('long-poll'), generateResponseFrom, options);
  }

  getResults(requestIds: (string | number)[], options?: CallOptions): Promise<Traced<GenerateResponse>> {
    const timing = timingFor(this.timeouts, 'long-poll', countGroups(requestIds));
    return this.postJson('/v1/generate/get_results', { request_ids: requestIds }, timing, generateResponseFrom, options);
  }

  async metrics(options?: CallOptions): Promise<Traced<QueueMetrics>> {
    const { data, traceId } = await this.getJson('/v1/generate/metrics', metricsObjectFrom, options);
    return { data: normaliseMetrics(data), traceId };
  }

  listRequests(page: { cursor?: number; limit?: number } = {}, options?: CallOptions): Promise<Traced<RequestPage>> {
    const query = new URLSearchParams();
    if (page.cursor !== undefined) query.set('cursor', String(page.cursor));
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return this.getJson(`/v1/generate/list_requests${suffix}`, requestPageFrom, options);
  }

  async *allRequests(options: CallOptions & { pageSize?: number } = {}): AsyncGenerator<RequestRow> {
    const { pageSize, ...callOptions } = options;
    let cursor: number | undefined;
    for (;;) {
      const { data: page, traceId } = await this.listRequests({ cursor, limit: pageSize }, callOptions);
      yield* page.rows;
      if (!page.has_more || page.next_cursor === null) return;
      // The cursor is the mtime of the last row, and rows come newest first: it must go down (protocol §5.1).
      if (cursor !== undefined && page.next_cursor >= cursor) throw stuckCursor(this.baseUrl, traceId, page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  lookupRequest(groupId: string, options?: CallOptions): Promise<Traced<RequestLookup>> {
    const call = this.jsonCall('GET', `/v1/generate/request/${encodeURIComponent(groupId)}`, this.timing('ordinary'), options);
    return this.exchange(call, async (response): Promise<RequestLookup> => {
      if (response.status === 200) return { state: 'found', detail: await jsonReader(requestDetailFrom)(response) };
      const text = await response.text();
      // The usual answer before a group is sent: read as it is, without building an error (and its stack) to inspect.
      if (response.status === 404) {
        const detail = detailOf(text);
        // FastAPI's generic "Not Found": a server from before the route existed (protocol §0, §5.2).
        if (detail === 'Not Found') return { state: 'route-missing' };
        if (typeof detail === 'string' && /^request .* not found$/.test(detail)) return { state: 'not-found' };
      }
      const error = statusErrorFrom(response, text);
      if (error instanceof HttpStatusError && error.status === 400) throw notAGroupId(error, groupId);
      throw error;
    }, true);
  }

  chat(request: ChatRequest, options: ChatOptions = {}): Promise<Traced<ChatCompletion>> {
    const startedAt = performance.now();
    const call = this.jsonCall('POST', '/v1/chat/completions', this.timing('chat'), options, { ...request, stream: false });
    return this.exchange(call, async (response) => {
      const { text, heartbeats } = await readAfterHeartbeats(response.chunks(), options.onHeartbeat, startedAt);
      if (text === '') throw endedWithoutResult(response.context, heartbeats);
      return chatCompletionFrom(parseJsonBody(successBody(response, text), response.context), response.context);
    });
  }

  streamChat(request: ChatRequest, options?: CallOptions): Promise<EventStream> {
    return this.openStream('/v1/chat/completions', { ...request, stream: true }, options);
  }

  completions(request: CompletionRequest, options?: CallOptions): Promise<Traced<Completion>> {
    // Labelled text/event-stream even now; errors come as `data: {"error": ...}` with 200 (protocol §6.1).
    return this.postJson('/v1/completions', { ...request, stream: false }, this.timing('completion'), completionFrom, options);
  }

  streamCompletions(request: CompletionRequest, options?: CallOptions): Promise<EventStream> {
    return this.openStream('/v1/completions', { ...request, stream: true }, options);
  }

  /**
   * One call on this client's connections for routes whose client lives in a higher floor (core/training),
   * with the timing of `kind`. `read` gets the response whatever its status; it is ended once `read` settles.
   */
  call<T>(call: Omit<HttpCall, 'timing'> & { kind: CallKind }, read: (response: HttpResponse) => Promise<T>): Promise<Traced<T>> {
    const { kind, ...rest } = call;
    return this.exchange({ ...rest, timing: this.timing(kind) }, read, true);
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private getJson<T>(path: string, shape: Shape<T>, options: CallOptions | undefined): Promise<Traced<T>> {
    return this.exchange(this.jsonCall('GET', path, this.timing('ordinary'), options), jsonReader(shape));
  }

  private postJson<T>(path: string, body: unknown, timing: CallTiming, shape: Shape<T>, options: CallOptions | undefined): Promise<Traced<T>> {
    return this.exchange(this.jsonCall('POST', path, timing, options, body), jsonReader(shape));
  }

  /**
   * A GET of a route that older servers (or a gateway) may not have. These routes take no parameters, so a
   * 404 can only mean the route itself is missing: FastAPI's "Not Found", or a gateway's own page.
   */
  private optionalRoute<T>(
    path: string,
    accept: string,
    options: CallOptions | undefined,
    read: (response: HttpResponse) => Promise<T>,
  ): Promise<Traced<T | { state: 'route-missing' }>> {
    const call: HttpCall = { method: 'GET', path, accept, timing: this.timing('ordinary'), options };
    return this.exchange(call, async (response) => {
      if (isSuccess(response.status)) return read(response);
      if (response.status === 404) return { state: 'route-missing' as const };
      throw await statusErrorOf(response);
    }, true);
  }

  private jsonCall(method: HttpCall['method'], path: string, timing: CallTiming, options: CallOptions | undefined, body?: unknown): HttpCall {
    return { method, path, body, accept: 'application/json', timing, options };
  }

  private timing(kind: CallKind): CallTiming {
    return timingFor(this.timeouts, kind);
  }

  /**
   * Sends the call and reads its answer. Unless `readsAnyStatus`, a status other than 2xx is turned into
   * its error before `read` runs. The response is ended exactly once, whatever happens.
   */
  private async exchange<T>(call: HttpCall, read: (response: HttpResponse) => Promise<T>, readsAnyStatus = false): Promise<Traced<T>> {
    const response = await this.http.open(call);
    try {
      if (!readsAnyStatus && !isSuccess(response.status)) throw await statusErrorOf(response);
      const data = await read(response);
      response.finish();
      return { data, traceId: response.traceId };
    } catch (error) {
      throw response.fail(error);
    }
  }

  private async openStream(path: string, body: unknown, options: CallOptions | undefined): Promise<EventStream> {
    const call: HttpCall = { method: 'POST', path, body, accept: 'text/event-stream', timing: this.timing('stream'), options };
    const response = await this.http.open(call);
    try {
      if (!isSuccess(response.status)) throw await statusErrorOf(response);
      if (!response.header('content-type')?.includes('text/event-stream')) throw await notAnEventStream(response);
    } catch (error) {
      throw response.fail(error);
    }
    return eventStreamOf(response);
  }
}

function eventStreamOf(response: HttpResponse): EventStream {
  const events = (async function* () {
    try {
      yield* readEventStream(response.chunks(), response.context);
      response.finish();
    } catch (error) {
      throw response.fail(error);
    } finally {
      // Reached without finish() or fail() only when the consumer stopped early.
      response.abandon();
    }
  })();
  return { traceId: response.traceId, [Symbol.asyncIterator]: () => events };
}

function jsonReader<T>(shape: Shape<T>): (response: HttpResponse) => Promise<T> {
  return async (response) => shape(parseJsonBody(successBody(response, await response.text()), response.context), response.context);
}

function successBody(response: HttpResponse, text: string): SuccessBody {
  return { text, status: response.status, contentType: response.header('content-type') };
}

async function statusErrorOf(response: HttpResponse): Promise<ScalarLMError> {
  return statusErrorFrom(response, await response.text());
}

function statusErrorFrom(response: HttpResponse, text: string): ScalarLMError {
  return statusError(
    {
      status: response.status,
      contentType: response.header('content-type'),
      retryAfter: response.header('retry-after'),
      location: response.header('location'),
      text,
    },
    response.context,
  );
}

/** FastAPI's `detail` of an error body; undefined when the body is not a JSON object. */
function detailOf(text: string): unknown {
  try {
    const body = JSON.parse(text) as unknown;
    return typeof body === 'object' && body !== null ? (body as { detail?: unknown }).detail : undefined;
  } catch {
    return undefined;
  }
}

/** A 2xx stream request answered with something else: an error report in a JSON body, or a wrong endpoint. */
async function notAnEventStream(response: HttpResponse): Promise<MalformedResponseError> {
  const json = parseJsonBody(successBody(response, await response.text()), response.context);
  const { context } = response;
  return new MalformedResponseError(
    `${context.method} ${context.path} asked for an event stream but got ${response.header('content-type') ?? 'no content type'}. Is a proxy in front of the deployment rewriting responses?`,
    context,
    JSON.stringify(json).slice(0, 300),
  );
}

function notPrometheusText(context: ErrorContext, text: string): MalformedResponseError {
  return new MalformedResponseError(
    `${context.method} ${context.path} got an HTML page instead of Prometheus metrics. ${baseUrlAdvice(context)}: it should point at the ScalarLM API (for example http://host:8000), not its web UI or a gateway's login page.`,
    context,
    text.slice(0, 300),
    false,
  );
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** Distinct groups among the ids; the integer ids of old servers count as one. */
function countGroups(ids: readonly (string | number)[]): number {
  return new Set(ids.map((id) => parseRequestId(id)?.group ?? String(id))).size;
}

function parseBaseUrl(baseUrl: string): URL {
  const checked = checkBaseUrl(baseUrl);
  if (!checked.ok) throw new TypeError(checked.problem);
  return checked.url;
}

function notAGroupId(error: HttpStatusError, groupId: string): HttpStatusError {
  return new HttpStatusError(
    `Looking up a request needs its group id (64 lowercase hex characters), not "${groupId}". For a per-prompt id such as <group>_000000001, use the part before the "_". The server said: ${String(error.detail)}.`,
    error.context,
    error.status,
    error.detail,
    error.retryAfterSeconds,
    error.body,
  );
}

function endedWithoutResult(context: ErrorContext, heartbeats: number): MalformedResponseError {
  return new MalformedResponseError(
    `The chat answer ended after ${heartbeats} heartbeat(s) without a result: the deployment may have restarted or dropped the request. Send it again; if it keeps happening, check the deployment's logs (trace id ${context.traceId}).`,
    context,
    '',
  );
}

function stuckCursor(baseUrl: string, traceId: string, cursor: number): MalformedResponseError {
  const context: ErrorContext = { method: 'GET', path: '/v1/generate/list_requests', baseUrl, traceId };
  return new MalformedResponseError(
    `list_requests returned a cursor (${cursor}) that does not move past the previous page, so paging would never end. Stopped; the rows so far were delivered.`,
    context,
    String(cursor),
    false,
  );
}
