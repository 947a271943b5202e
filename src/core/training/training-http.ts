// What the training routes' calls share: reading a body that may or may not be JSON, the error a failed status
// stands for, and retrying what a retry may mend (the network, a gateway, the server's plain-text 500, job
// detail's 500 for status.json mid-rewrite) with backoff.

import { type ErrorContext, HttpStatusError, isScalarLMError, MalformedResponseError, NonJsonBodyError, type ScalarLMError } from '../api/errors';
import type { HttpResponse } from '../api/http';
import { sleep } from '../api/sleep';
import { statusError } from '../api/status-errors';
import { jobDetailFrom, type TrainingJobDetail } from './job-shapes';
import { saysNotFound, saysStatusMidWrite } from './training-errors';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first pause; each next one doubles, up to maxMs. */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 250, maxMs: 4000 };

/** Wraps an error that a retry cannot mend. */
export class FinalError extends Error {
  constructor(readonly error: ScalarLMError) {
    super(error.message);
  }
}

/** Runs `attempt` until it succeeds, a final error comes, or the tries run out, pausing with backoff between. */
export async function retrying<T>(policy: RetryPolicy, attempt: () => Promise<T>, signal: AbortSignal | undefined, onRetry?: () => void): Promise<T> {
  let pause = policy.baseMs;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof FinalError) throw error.error;
      if (tries >= policy.attempts || !isTransient(error)) throw error;
    }
    onRetry?.();
    await sleep(pause, signal);
    pause = Math.min(policy.maxMs, pause * 2);
  }
}

/**
 * What a retry may mend: the network, a timeout, a gateway's 502-504, the server's plain-text 500, and job
 * detail's 500 for status.json mid-rewrite. Not a job the server does not know, nor an upload it refused.
 */
export function isTransient(error: unknown): boolean {
  if (!isScalarLMError(error)) return false;
  if (error.kind === 'unreachable' || error.kind === 'timeout') return true;
  if (error instanceof NonJsonBodyError) return error.status >= 500;
  if (error instanceof HttpStatusError) {
    const detail = typeof error.detail === 'string' ? error.detail : undefined;
    if (error.status === 500 && saysStatusMidWrite(detail)) return true;
    if (error.status === 500 && detail?.startsWith('Failed to retrieve training job information') && !saysNotFound(detail)) return true;
    if (error.status === 422 && detail?.includes('hash mismatch')) return true;
    return error.status === 502 || error.status === 503 || error.status === 504;
  }
  return false;
}

/** Starlette's plain-text 500: an exception the route did not catch. */
export function isUnhandledServerError(error: unknown): error is NonJsonBodyError {
  return error instanceof NonJsonBodyError && error.status === 500;
}

export function detailOrFail(body: unknown, hash: string, context: ErrorContext): TrainingJobDetail {
  const detail = jobDetailFrom(body, hash);
  if (!detail) throw notShaped(context, 'no job_status.status', JSON.stringify(body) ?? '');
  return detail;
}

export function notShaped(context: ErrorContext, problem: string, text: string): MalformedResponseError {
  return new MalformedResponseError(
    `The deployment's answer to ${context.method} ${context.path} is not what the training routes send (${problem}). Is the base URL pointing at a ScalarLM deployment?`,
    context,
    text.slice(0, 300),
    false,
  );
}

/** The text, and its JSON when it is JSON (undefined for the server's plain-text 500). */
export async function bodyOf(response: HttpResponse): Promise<{ text: string; body: unknown }> {
  const text = await response.text();
  return { text, body: parseOrUndefined(text) };
}

export function statusErrorOf(response: HttpResponse, text: string): ScalarLMError {
  return statusError({ status: response.status, contentType: response.header('content-type'), retryAfter: response.header('retry-after'), location: response.header('location'), text }, response.context);
}

export function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
