// Wire types of a ScalarLM deployment, as the server really sends them (../shared/scalarlm-protocol.md),
// and the normalised shapes the client hands to its callers.

/** One entry of `prompts` in POST /v1/generate (protocol §1.2). */
export type PromptEntry = string | { prompt: string } | { messages: ChatMessage[] };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool' | string;
  content: string | null | unknown[];
  name?: string;
  tool_call_id?: string;
  tool_calls?: unknown[];
}

export interface GenerateRequest {
  prompts: PromptEntry[];
  model?: string;
  max_tokens?: number;
  temperature?: number;
  tools?: unknown[];
  tool_choice?: string | Record<string, unknown>;
}

/** One result row of /v1/generate and get_results. Pending = response null and error null (protocol §1.4). */
export interface GenerateResult {
  /** A string `<group>_<index>` on current servers; an integer on servers up to Oct 2025. */
  request_id: string | number;
  /** The text; an embedding's vector (a list of numbers on the wire) as its JSON text (embedding.ts). */
  response: string | null;
  error: string | null;
}

export interface GenerateResponse {
  results: GenerateResult[];
}

/** Queue metrics in one shape, whichever spelling the server used (protocol §4). Missing keys stay undefined. */
export interface QueueMetrics {
  queueDepth?: number;
  /** Cumulative since process start (undercounts; protocol §4). */
  requests?: number;
  tokens?: number;
  totalTimeSeconds?: number;
  tokensPerSecond?: number;
  requestsPerSecond?: number;
  flopsPerSecond?: number;
  chat: {
    inFlight?: number;
    admitted429Count?: number;
    totalCount?: number;
    admitted429Rate?: number;
    batchSizeP50?: number;
    batchSizeP99?: number;
    requestDurationP50?: number;
    requestDurationP99?: number;
    apparentBufferingCount?: number;
  };
  /** Keys the client does not know, kept as the server sent them. */
  extra: Record<string, unknown>;
}

/** A row of GET /v1/generate/list_requests (protocol §5.1). */
export interface RequestRow {
  request_id: string;
  mtime: number;
  size_bytes: number;
  request_count: number;
  status: 'completed' | 'in_progress' | 'unknown' | string;
  completed_at: number | null;
  model: string;
  request_type: string;
  prompt_preview: string;
  has_response: boolean;
}

export interface RequestPage {
  rows: RequestRow[];
  next_cursor: number | null;
  has_more: boolean;
}

/** GET /v1/generate/request/{id} (protocol §5.2). */
export interface RequestDetail {
  request_id: string;
  request: unknown;
  response: unknown;
  status: unknown;
  request_mtime: number;
  response_mtime: number | null;
}

/** The answer to "is this group on the server?", telling a missing route (older servers) from a missing request. */
export type RequestLookup =
  | { state: 'found'; detail: RequestDetail }
  | { state: 'not-found' }
  | { state: 'route-missing' };

export interface ModelInfo {
  id: string;
  object?: string;
  created?: number;
  owned_by?: string;
  root?: string;
  parent?: string | null;
  /** null on an adaptor's card (vLLM's LoRA cards): it is served on its parent's. */
  max_model_len?: number | null;
  [key: string]: unknown;
}

/**
 * A training job of GET /v1/megatron/list_models (protocol §7), normalised: a field the server did not send,
 * or sent with another type, stays undefined rather than failing the whole list.
 */
export interface TrainingJob {
  /** The job hash, which is also the adaptor's model name once it is served. */
  name: string;
  /** The server's own flag for a job whose adaptor it has deployed. */
  deployed?: boolean;
  /** As the server spells it, e.g. COMPLETED, TRAINING, QUEUED, FAILED. */
  status?: string;
  /** Epoch seconds. */
  startTime?: number;
  step?: number;
  maxSteps?: number;
  trainTimeSeconds?: number;
  loss?: number;
}

/** The training side of a deployment, or a server (or gateway) that has no such route. */
export type TrainingJobsLookup = { state: 'found'; jobs: TrainingJob[] } | { state: 'route-missing' };

/** GET /v1/metrics: Prometheus text exposition, or a server from before the route existed (protocol §7). */
export type PrometheusLookup = { state: 'found'; text: string; contentType?: string } | { state: 'route-missing' };

export type ComponentHealth = 'up' | { status: 'down'; reason: string };

export interface Health {
  api: ComponentHealth;
  vllm: ComponentHealth;
  /** Absent on older servers. */
  megatron?: ComponentHealth;
  all: 'up' | 'down' | 'mixed' | string;
}

export interface ChatRequest {
  model?: string;
  messages: ChatMessage[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  top_p?: number;
  stop?: string | string[];
  seed?: number;
  tools?: unknown[];
  tool_choice?: unknown;
  [key: string]: unknown;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ChatCompletion {
  id: string;
  object: 'chat.completion' | string;
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: string; content: string | null; reasoning?: string; reasoning_content?: string; tool_calls?: unknown[] };
    finish_reason: string | null;
  }[];
  usage?: Usage;
}

export interface CompletionRequest {
  model?: string;
  prompt: string | string[];
  max_tokens?: number;
  temperature?: number;
  stop?: string | string[];
  seed?: number;
  [key: string]: unknown;
}

export interface Completion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: { index: number; text: string; finish_reason: string | null }[];
  usage?: Usage;
}

/** What the streaming readers yield, in arrival order. */
export type StreamEvent =
  | { type: 'role'; choice: number; role: string }
  | { type: 'content'; choice: number; text: string }
  | { type: 'reasoning'; choice: number; text: string }
  | { type: 'tool-call'; choice: number; index: number; id?: string; name?: string; argumentsDelta: string }
  | { type: 'finish'; choice: number; reason: string }
  | { type: 'usage'; usage: Usage };

/** A stream plus the trace id of the request that opened it. */
export interface EventStream extends AsyncIterable<StreamEvent> {
  readonly traceId: string;
}

/** Every client call returns its data with the W3C trace id sent with the request, for logs. */
export interface Traced<T> {
  data: T;
  traceId: string;
}

/** One line per HTTP request, for the caller's log. */
export interface RequestLogEntry {
  method: string;
  path: string;
  status?: number;
  ms: number;
  traceId: string;
  error?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the overall deadline of this one call, in milliseconds. */
  deadlineMs?: number;
}

/**
 * How long the client waits, in milliseconds. "Idle" is the longest silence allowed while waiting for the
 * headers or between two pieces of the body; "overall" is the deadline of the whole call.
 */
export interface ClientTimeouts {
  /** Opening the TCP (and TLS) connection. */
  connectMs: number;
  /** Idle limit of ordinary calls (models, health, metrics, list_requests, request detail). */
  idleMs: number;
  /** Idle limit of /v1/generate and get_results: the server holds their answer up to 60 s (protocol §1.4, §2). */
  longPollIdleMs: number;
  /**
   * Idle limit of non-streaming chat. Heartbeat spaces arrive every 4 s once the request is queued, but
   * the headers come only after admission and a /tokenize call that may take 30 s (protocol §6.2).
   */
  chatIdleMs: number;
  /**
   * Idle limit of streams (under load vLLM may queue a request before its first token) and of non-streaming
   * /v1/completions, whose answer comes only once vLLM has generated all of it.
   */
  streamIdleMs: number;
  /** Deadline of ordinary calls and of one group's long poll. */
  overallMs: number;
  /**
   * Deadline of non-streaming chat (the server itself never gives up on a queued chat, protocol §6.2) and
   * of non-streaming completions. Streams have no deadline unless a call sets CallOptions.deadlineMs.
   */
  chatOverallMs: number;
}
