// Failures below HTTP (undici and system errors, cancellation, deadlines) named in the client's error
// hierarchy, each with a message that says what to do next.

import type { CallScope } from './call-scope';
import { AbortedError, type ErrorContext, ScalarLMError, TimeoutError, UnreachableError } from './errors';

export interface TransportFacts {
  context: ErrorContext;
  /** The call sends a body that the server acts on (a POST): once connected, it may have been processed. */
  sendsBody: boolean;
  scope: CallScope;
  connectMs: number;
  /** False while waiting for the response's headers. */
  headersReceived: boolean;
}

export const CHECK_BASE_URL = 'Check the base URL';

/** "Check the base URL (--url, or $SCALARLM_API_URL)": where to check it, in the words of the front end that called. */
export function baseUrlAdvice(context: ErrorContext): string {
  return context.baseUrlSetBy ? `${CHECK_BASE_URL} (${context.baseUrlSetBy})` : CHECK_BASE_URL;
}
const MAY_HAVE_ARRIVED =
  'The deployment may already have received the request and be working on it: check before sending it again (POST /v1/generate has no idempotency key).';

const REFUSED = new Set(['ECONNREFUSED']);
const NAME_NOT_RESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const NO_ROUTE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const CONNECT_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);

/**
 * The ScalarLMError for a failed call. Errors that are already ScalarLMErrors pass through; an error with
 * no system or undici code, or an invalid-argument code (a bad extra header, say), is a bug or a
 * configuration mistake, not a network failure, and is returned unchanged.
 */
export function classifyTransportError(error: unknown, facts: TransportFacts): unknown {
  if (error instanceof ScalarLMError) return error;
  const { context, sendsBody, scope } = facts;
  if (scope.cause === 'caller') return new AbortedError(context, sendsBody);
  if (scope.cause === 'deadline') return overallTimeout(facts, error);
  if (scope.cause === 'idle') return idleTimeout(facts, error);

  const code = errorCode(error);
  if (code === undefined || isProgrammingErrorCode(code)) return error;
  const target = `the ScalarLM deployment at ${context.baseUrl}`;
  const cause = { cause: error };

  if (REFUSED.has(code)) {
    return new UnreachableError(
      `Cannot reach ${target} (connection refused). Is it running? ${baseUrlAdvice(context)}, or start the local simulator with \`scalarlm-lab sim\`.`,
      context, code, false, cause,
    );
  }
  if (NAME_NOT_RESOLVED.has(code)) {
    return new UnreachableError(
      `Cannot reach ${target}: its host name does not resolve (${code}). ${baseUrlAdvice(context)}, and your network or VPN.`,
      context, code, false, cause,
    );
  }
  if (NO_ROUTE.has(code)) {
    return new UnreachableError(
      `Cannot reach ${target}: no route to the host (${code}). Check your network or VPN, and the base URL.`,
      context, code, false, cause,
    );
  }
  if (CONNECT_TIMEOUT.has(code)) {
    return new TimeoutError(
      `Timed out after ${seconds(facts.connectMs)} connecting to ${target}. Is the host up and the port open? ${baseUrlAdvice(context)}.`,
      context, 'connect', facts.connectMs, false, cause,
    );
  }
  if (isTlsCode(code)) {
    return new UnreachableError(
      `The TLS handshake with ${context.baseUrl} failed (${code}). If the deployment uses a private certificate authority, ` +
        'give Node its certificate through NODE_EXTRA_CA_CERTS; otherwise check the base URL (http or https?).',
      context, code, false, cause,
    );
  }
  // Reset, closed or cut short after the connection was open (ECONNRESET, EPIPE, UND_ERR_SOCKET "other side closed", ...).
  return new UnreachableError(
    `The connection to ${context.baseUrl} broke during ${context.method} ${context.path} (${code}: ${messageOf(error)}). ` +
      (sendsBody ? MAY_HAVE_ARRIVED : 'Try again; if it keeps happening, check the deployment and any proxy in front of it.'),
    context, code, sendsBody, cause,
  );
}

function idleTimeout(facts: TransportFacts, error: unknown): TimeoutError {
  const { context, sendsBody, scope } = facts;
  const waiting = facts.headersReceived ? 'in the middle of the response' : 'waiting for the response';
  return new TimeoutError(
    `${context.method} ${context.path}: no data from ${context.baseUrl} for ${seconds(scope.idleMs)} ${waiting}. ` +
      `The deployment, or a proxy in front of it, stopped answering. ${sendsBody ? `${MAY_HAVE_ARRIVED} ` : ''}` +
      'If the deployment is only slow, raise the idle timeout.',
    context, 'idle', scope.idleMs, sendsBody, { cause: error },
  );
}

function overallTimeout(facts: TransportFacts, error: unknown): TimeoutError {
  const { context, sendsBody, scope } = facts;
  const deadlineMs = scope.deadlineMs ?? 0;
  return new TimeoutError(
    `${context.method} ${context.path} did not finish within ${seconds(deadlineMs)}. ${sendsBody ? `${MAY_HAVE_ARRIVED} ` : ''}` +
      'If the deployment is busy, check its queue (GET /v1/generate/metrics) or allow this call a longer deadline.',
    context, 'overall', deadlineMs, sendsBody, { cause: error },
  );
}

/** The system or undici code of an error; Node's happy-eyeballs connect reports an AggregateError of attempts. */
function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors, cause } = error as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors) && errors.length > 0) return errorCode(errors[0]);
  return cause === undefined ? undefined : errorCode(cause);
}

function isProgrammingErrorCode(code: string): boolean {
  return /^(ERR_INVALID|ERR_HTTP_INVALID|UND_ERR_INVALID|UND_ERR_NOT_SUPPORTED)/.test(code);
}

function isTlsCode(code: string): boolean {
  return code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.includes('CERT') || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
