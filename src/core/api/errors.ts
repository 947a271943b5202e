// One error hierarchy for every way a call to a deployment can fail. Each message says what
// happened and what to do next; the fields carry the detail for logs and for code that decides
// (for example whether a submit may have reached the server and must be reconciled, not resent).

export interface ErrorContext {
  method: string;
  /** The path of the route, without the base URL. */
  path: string;
  baseUrl: string;
  traceId: string;
  /** Where the user sets the base URL ("--url, or $SCALARLM_API_URL"; "the scalarlm.baseUrl setting"), for advice. */
  baseUrlSetBy?: string;
}

export type ScalarLMErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'http-status'
  | 'non-json'
  | 'malformed'
  | 'aborted'
  | 'server-error'
  | 'stream-incomplete';

export abstract class ScalarLMError extends Error {
  abstract readonly kind: ScalarLMErrorKind;
  /**
   * True when the request body may have reached the server before the failure (reset after send,
   * idle timeout): a POST that failed this way may have been processed, so it must not be blindly resent.
   */
  abstract readonly mayHaveBeenProcessed: boolean;

  constructor(
    message: string,
    readonly context: ErrorContext,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }

  get traceId(): string {
    return this.context.traceId;
  }
}

/** Refused, DNS failure, reset: nothing usable came back. */
export class UnreachableError extends ScalarLMError {
  readonly kind = 'unreachable';
  constructor(
    message: string,
    context: ErrorContext,
    /** The system error code: ECONNREFUSED, ENOTFOUND, ECONNRESET, ... */
    readonly code: string | undefined,
    readonly mayHaveBeenProcessed: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
  }
}

export type TimeoutPhase = 'connect' | 'idle' | 'overall';

export class TimeoutError extends ScalarLMError {
  readonly kind = 'timeout';
  constructor(
    message: string,
    context: ErrorContext,
    readonly phase: TimeoutPhase,
    readonly timeoutMs: number,
    readonly mayHaveBeenProcessed: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
  }
}

/** One entry of FastAPI's 422 `detail` list. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type?: string;
}

/** A non-2xx status with a JSON body; FastAPI's `detail` parsed when present. */
export class HttpStatusError extends ScalarLMError {
  readonly kind = 'http-status';
  readonly mayHaveBeenProcessed = false;
  constructor(
    message: string,
    context: ErrorContext,
    readonly status: number,
    /** FastAPI `detail`: a string, or the 422 list of issues. Undefined when the body had none. */
    readonly detail: string | ValidationIssue[] | undefined,
    /** Seconds from a `Retry-After` header (429, 503), when present. */
    readonly retryAfterSeconds: number | undefined,
    readonly body: unknown,
  ) {
    super(message, context);
  }
}

/** A body that is not JSON where JSON was expected: the server's plain-text `Internal Server Error`, a proxy page. */
export class NonJsonBodyError extends ScalarLMError {
  readonly kind = 'non-json';
  readonly mayHaveBeenProcessed = false;
  constructor(
    message: string,
    context: ErrorContext,
    readonly status: number,
    readonly contentType: string | undefined,
    /** The start of the body, for the log. */
    readonly text: string,
  ) {
    super(message, context);
  }
}

/** JSON of the wrong shape, or a body cut short. */
export class MalformedResponseError extends ScalarLMError {
  readonly kind = 'malformed';
  constructor(
    message: string,
    context: ErrorContext,
    readonly excerpt: string,
    readonly mayHaveBeenProcessed = true,
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
  }
}

export class AbortedError extends ScalarLMError {
  readonly kind = 'aborted';
  constructor(
    context: ErrorContext,
    readonly mayHaveBeenProcessed: boolean,
  ) {
    super(`${context.method} ${context.path} was cancelled.`, context);
  }
}

/**
 * The server answered (often with HTTP 200) but reported a failure in the body: a chat completion with
 * `finish_reason: "error"` and a top-level `error`, a vLLM error object in a stream, ScalarLM's own
 * `data: {"error": "Failed to create chat completions: ..."}` event.
 */
export class ServerReportedError extends ScalarLMError {
  readonly kind = 'server-error';
  readonly mayHaveBeenProcessed = true;
  constructor(
    message: string,
    context: ErrorContext,
    /** The server's own text, verbatim (the message inside an error object, or the event without its `{"error": "` wrapper). */
    readonly serverText: string,
    /** Content received before the error, kept for the user. */
    readonly partialContent = '',
    /** The body or `data:` payload exactly as received, when it is more than serverText (for the log). */
    readonly raw?: string,
  ) {
    super(message, context);
  }
}

/** A stream that closed without `[DONE]`: whatever arrived is kept. */
export class StreamIncompleteError extends ScalarLMError {
  readonly kind = 'stream-incomplete';
  readonly mayHaveBeenProcessed = true;
  constructor(
    message: string,
    context: ErrorContext,
    readonly partialContent: string,
    options?: { cause?: unknown },
  ) {
    super(message, context, options);
  }
}

export function isScalarLMError(error: unknown): error is ScalarLMError {
  return error instanceof ScalarLMError;
}
