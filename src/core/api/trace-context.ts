// A W3C Trace Context `traceparent` for each request (version 00, sampled). The deployment's logging
// middleware records its trace id on the request's log lines; the client hands the same id to its
// caller, so a line in the user's log can be matched with the server's.

import { randomFillSync } from 'node:crypto';

export interface TraceContext {
  /** 32 lowercase hex digits. */
  traceId: string;
  /** The `traceparent` header value: `00-<trace id>-<16 hex span id>-01`. */
  traceparent: string;
}

/** Bytes of one context: a 16-byte trace id and an 8-byte span id. */
const CONTEXT_BYTES = 24;
/**
 * Random bytes drawn for many requests at once (as crypto.randomUUID does): a batch run makes two requests per
 * group, and a draw from the system's generator costs far more than these bytes.
 */
const POOL_CONTEXTS = 128;
const pool = Buffer.alloc(CONTEXT_BYTES * POOL_CONTEXTS);
let next = POOL_CONTEXTS;

export function newTraceContext(): TraceContext {
  if (next === POOL_CONTEXTS) {
    randomFillSync(pool);
    next = 0;
  }
  const at = CONTEXT_BYTES * next++;
  const traceId = pool.toString('hex', at, at + 16);
  const spanId = pool.toString('hex', at + 16, at + CONTEXT_BYTES);
  return { traceId, traceparent: `00-${traceId}-${spanId}-01` };
}
