// A response whose status is not 2xx, turned into an error that says what happened and what to do.
// FastAPI answers `{"detail": "<text>"}` for HTTPException, `{"detail": [{loc, msg, ...}]}` for a 422,
// and a plain-text `Internal Server Error` for an unhandled exception (protocol "Error bodies").

import { type ErrorContext, HttpStatusError, NonJsonBodyError, type ScalarLMError, type ValidationIssue } from './errors';
import { baseUrlAdvice } from './transport-errors';

export interface FailedResponse {
  status: number;
  contentType: string | undefined;
  retryAfter: string | undefined;
  location: string | undefined;
  text: string;
}

const EXCERPT_CHARS = 500;

/** What the plain-text 500 of each route usually means (protocol §2, §1.1, §6.3, §7). */
const UNHANDLED_EXCEPTION_HINTS: ReadonlyMap<string, string> = new Map([
  ['/v1/generate/get_results', 'For get_results this usually means a request id the deployment does not know (no status file for its group, protocol §2): check the ids, or whether the deployment lost its request files.'],
  ['/v1/generate', 'For generate this happens with model "latest" when no training job exists, or when the server cannot write the request to its queue.'],
  ['/v1/chat/completions', 'For chat this happens with model "latest" when no training job exists.'],
  ['/v1/models', 'For the model list it means the server cannot reach its vLLM engine, which may still be starting.'],
]);

export function statusError(response: FailedResponse, context: ErrorContext, now = Date.now()): ScalarLMError {
  const { status, text } = response;
  const call = `${context.method} ${context.path}`;
  const body = parseJson(text);
  if (body === undefined) {
    return new NonJsonBodyError(nonJsonMessage(response, context), context, status, response.contentType, text.slice(0, EXCERPT_CHARS));
  }
  const detail = readDetail(body);
  const retryAfterSeconds = parseRetryAfter(response.retryAfter, now);
  const said = renderDetail(detail) ?? serverErrorField(body);
  const quoted = said === undefined ? '' : `: ${said}`;

  let message: string;
  if (status >= 300 && status < 400) {
    message = `The deployment answered ${call} with a redirect (HTTP ${status}) to ${response.location ?? 'an unnamed location'}. ${baseUrlAdvice(context)}: http or https, and the path prefix.`;
  } else if (status === 429) {
    const wait = retryAfterSeconds === undefined ? 'Wait a little' : `Retry after ${retryAfterSeconds} s`;
    message = `The deployment is over capacity (HTTP 429${quoted}). ${wait}, or send fewer requests at once.`;
  } else if (status === 422) {
    message = `The deployment rejected the body of ${call} (HTTP 422${quoted}). The request does not fit this server's schema: a bug in the request, or a server of another version.`;
  } else if (status === 404 && detail === 'Not Found') {
    message = `The deployment has no route ${call} (HTTP 404 Not Found): it may run an older ScalarLM without it, or the base URL points to something else. ${baseUrlAdvice(context)}.`;
  } else if (status === 404 && typeof detail === 'string' && /^Model .* not found$/.test(detail)) {
    message = `The deployment does not serve the requested model (HTTP 404: ${detail}${detail === 'Model None not found' ? '; /v1/generate prints None whatever name it was given' : ''}). Pick a model from the deployment's model list, or leave the model empty for its default.`;
  } else if (status >= 500) {
    message = `The deployment failed ${call} (HTTP ${status}${quoted}). Its logs have the details (trace id ${context.traceId}).`;
  } else {
    message = `The deployment refused ${call} (HTTP ${status}${quoted}).`;
  }
  return new HttpStatusError(message, context, status, detail, retryAfterSeconds, body);
}

function nonJsonMessage(response: FailedResponse, context: ErrorContext): string {
  const { status } = response;
  const call = `${context.method} ${context.path}`;
  const excerpt = response.text.trim().slice(0, 120);
  if (status === 500 && excerpt === 'Internal Server Error') {
    // Hints are per route: a query string (list_requests?limit=50) is not part of it.
    const hint = UNHANDLED_EXCEPTION_HINTS.get(context.path.split('?')[0]);
    return `The deployment hit an unhandled error on ${call} (HTTP 500, plain-text "Internal Server Error"). ${hint ? `${hint} ` : ''}Its logs have the traceback (trace id ${context.traceId}).`;
  }
  if (status === 502 || status === 503 || status === 504) {
    return `A gateway or proxy in front of ${context.baseUrl} answered ${call} with HTTP ${status}: the deployment may be down or restarting. Try again shortly.`;
  }
  return `The deployment answered ${call} with HTTP ${status} and a body that is not JSON (${response.contentType ?? 'no content type'}: "${excerpt}"). ${baseUrlAdvice(context)}; is a gateway or another service answering?`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** FastAPI's `detail`: a string, or the 422 list of issues. Any other shape is kept as its JSON text. */
function readDetail(body: unknown): string | ValidationIssue[] | undefined {
  if (typeof body !== 'object' || body === null || !('detail' in body)) return undefined;
  const { detail } = body;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail) && detail.every(isValidationIssue)) {
    return detail.map(({ loc, msg, type }) => (type === undefined ? { loc, msg } : { loc, msg, type }));
  }
  return JSON.stringify(detail);
}

function isValidationIssue(value: unknown): value is ValidationIssue {
  if (typeof value !== 'object' || value === null) return false;
  const { loc, msg, type } = value as Partial<Record<keyof ValidationIssue, unknown>>;
  return (
    Array.isArray(loc) &&
    loc.every((part) => typeof part === 'string' || typeof part === 'number') &&
    typeof msg === 'string' &&
    (type === undefined || typeof type === 'string')
  );
}

/** `body.prompts.0: Input should be a valid string; body.model: ...` */
function renderDetail(detail: string | ValidationIssue[] | undefined): string | undefined {
  if (detail === undefined || typeof detail === 'string') return detail;
  return detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ');
}

/** `{"error": "Failed to fetch models: 503"}`, the shape of /v1/models when vLLM answers non-200 (protocol §7). */
function serverErrorField(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : JSON.stringify(body.error);
}

/** Retry-After as seconds: either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
