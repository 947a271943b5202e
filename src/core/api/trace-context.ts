// A W3C Trace Context `traceparent` for each request (version 00, sampled). The deployment's logging
// middleware records its trace id on the request's log lines; the client hands the same id to its
// caller, so a line in the user's log can be matched with the server's.

import { randomBytes } from 'node:crypto';

export interface TraceContext {
  /** 32 lowercase hex digits. */
  traceId: string;
  /** The `traceparent` header value: `00-<trace id>-<16 hex span id>-01`. */
  traceparent: string;
}

export function newTraceContext(): TraceContext {
  const traceId = randomBytes(16).toString('hex');
  const spanId = randomBytes(8).toString('hex');
  return { traceId, traceparent: `00-${traceId}-${spanId}-01` };
}
