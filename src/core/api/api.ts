// The calls a ScalarLM deployment offers to a prompt tool, as one interface. The batch runner, the CLI and
// the extension depend on this, not on the HTTP client, so each can be driven in isolation.
// Deliberately absent: clear_queue and the worker plane (get_work, finish_work, get_adaptors, upload,
// download). They harm other users of a shared deployment or steal work from its workers.

import type {
  CallOptions,
  ChatCompletion,
  ChatRequest,
  Completion,
  CompletionRequest,
  EventStream,
  GenerateRequest,
  GenerateResponse,
  Health,
  ModelInfo,
  PrometheusLookup,
  QueueMetrics,
  RequestLookup,
  RequestPage,
  RequestRow,
  Traced,
  TrainingJobsLookup,
} from './types';

export interface ChatOptions extends CallOptions {
  /** Called for each whitespace heartbeat of the non-streaming chat queue (one per ~4 s of waiting). */
  onHeartbeat?: (heartbeats: number, elapsedMs: number) => void;
}

/** A client for the deployment, or why there is none (no URL set, not an http(s) URL): one typed answer. */
export type ApiAccess<T = ScalarLMApi> = { ok: true; api: T } | { ok: false; reason: string };

export interface ScalarLMApi {
  readonly baseUrl: string;

  models(options?: CallOptions): Promise<Traced<ModelInfo[]>>;
  health(options?: CallOptions): Promise<Traced<Health>>;
  keepalive(options?: CallOptions): Promise<Traced<{ status: string }>>;
  /** GET /v1/megatron/list_models: the training jobs, or `route-missing` on a server or gateway without the route. */
  trainingJobs(options?: CallOptions): Promise<Traced<TrainingJobsLookup>>;
  /** GET /v1/metrics: the Prometheus exposition as text, or `route-missing` on servers from before it (protocol §7). */
  prometheusMetrics(options?: CallOptions): Promise<Traced<PrometheusLookup>>;

  /** POST /v1/generate. Blocks server-side up to its response timeout (60 s); pending items come back as nulls. */
  generate(request: GenerateRequest, options?: CallOptions): Promise<Traced<GenerateResponse>>;
  /** POST /v1/generate/get_results. Long-polls; answers whole groups, in any group order. */
  getResults(requestIds: (string | number)[], options?: CallOptions): Promise<Traced<GenerateResponse>>;
  metrics(options?: CallOptions): Promise<Traced<QueueMetrics>>;
  listRequests(page?: { cursor?: number; limit?: number }, options?: CallOptions): Promise<Traced<RequestPage>>;
  /** Every row over all pages, newest first, following the mtime cursor. */
  allRequests(options?: CallOptions & { pageSize?: number }): AsyncIterable<RequestRow>;
  /** GET /v1/generate/request/{group}: found, not found, or a server too old to have the route. */
  lookupRequest(groupId: string, options?: CallOptions): Promise<Traced<RequestLookup>>;

  /** Non-streaming chat through the server's queue: tolerates heartbeat whitespace, checks the top-level error. */
  chat(request: ChatRequest, options?: ChatOptions): Promise<Traced<ChatCompletion>>;
  /**
   * Streaming chat (SSE). Resolves once the server has answered; errors before that reject the promise,
   * errors inside the stream end the iteration as a typed error carrying the server's text. Iterate to the
   * end or leave early (break, or abort the signal): either releases the connection.
   */
  streamChat(request: ChatRequest, options?: CallOptions): Promise<EventStream>;
  completions(request: CompletionRequest, options?: CallOptions): Promise<Traced<Completion>>;
  streamCompletions(request: CompletionRequest, options?: CallOptions): Promise<EventStream>;

  /** Closes the keep-alive connections. */
  close(): Promise<void>;
}
