// The training routes of a ScalarLM deployment (training.md §1-§5), on a ScalarLMClient's connections:
// submitting an archive (one multipart POST, or the chunked upload above a threshold, a failed chunk sent
// again within the same upload), job detail with transient 500s retried, logs from a line number on, the
// job list, cancel, and whether a trained adaptor answers yet.

import { createHash, randomUUID } from 'node:crypto';
import type { ScalarLMClient } from '../api/client';
import { type ErrorContext, HttpStatusError, isScalarLMError, MalformedResponseError, NonJsonBodyError, type ScalarLMError } from '../api/errors';
import type { HttpResponse } from '../api/http';
import { parseJsonBody } from '../api/json-body';
import { statusError } from '../api/status-errors';
import type { CallOptions, TrainingJobsLookup } from '../api/types';
import { datasetPageFrom, isRecord, jobDetailFrom, type DatasetPage, type JobStatus, type TrainingJobDetail } from './job-shapes';
import { newestFirst } from './job-order';
import { jobNotFound, saysNotFound, saysStatusMidWrite, uploadError } from './training-errors';
import { sleep } from '../api/sleep';

const PREFIX = '/v1/megatron';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first pause; each next one doubles, up to maxMs. */
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 250, maxMs: 4000 };

export interface UploadLimits {
  /** Archives larger than this go through the chunked upload (the SDK's MASINT_SINGLE_POST_THRESHOLD: 90 MiB). */
  singlePostMaxBytes: number;
  /** Chunk size of the chunked upload (the SDK's 50 MiB). */
  chunkBytes: number;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { singlePostMaxBytes: 90 * 1024 * 1024, chunkBytes: 50 * 1024 * 1024 };

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  route: 'single' | 'chunked';
  /** Set while a chunk is sent again after a failure. */
  retryingChunk?: number;
}

export interface SubmittedJob extends TrainingJobDetail {
  route: 'single' | 'chunked';
  /**
   * The server answered with a job it already had (same archive and params): it said so by leaving
   * `llm_name` out of job_config, which it adds on a first submission only (training.md §2.1). Unknowable,
   * so false, when the params name llm_name themselves.
   */
  existing: boolean;
}

export type LogsRead = { state: 'not-started' } | { state: 'lines'; lines: LogLine[] };

export interface LogLine {
  line: string;
  lineNumber: number;
}

export class TrainingClient {
  constructor(
    readonly api: ScalarLMClient,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  /** Sends the archive with these params (already canonical, see canonicalParams) and names the job. */
  async submit(archive: Buffer, params: Record<string, unknown>, options: CallOptions & { limits?: UploadLimits; onProgress?: (progress: UploadProgress) => void } = {}): Promise<SubmittedJob> {
    const limits = options.limits ?? DEFAULT_UPLOAD_LIMITS;
    const route = archive.length > limits.singlePostMaxBytes ? 'chunked' : 'single';
    options.onProgress?.({ sentBytes: 0, totalBytes: archive.length, route });
    const body = route === 'single' ? await this.retrying(() => this.postArchive(archive, params, options), options.signal) : await this.chunked(archive, params, limits.chunkBytes, options);
    options.onProgress?.({ sentBytes: archive.length, totalBytes: archive.length, route });
    return { ...body.detail, route, existing: params.llm_name === undefined && !('llm_name' in body.detail.config) };
  }

  /** GET /train/{hash}. A 500 for status.json caught mid-rewrite (or a plain-text 500) is retried with backoff. */
  job(hash: string, options: CallOptions = {}): Promise<TrainingJobDetail> {
    return this.retrying(async () => {
      const { data } = await this.api.call({ method: 'GET', path: `${PREFIX}/train/${encodeURIComponent(hash)}`, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
        const { text, body } = await bodyOf(response);
        if (response.status === 200) return detailOrFail(body, hash, response.context);
        const detail = isRecord(body) && typeof body.detail === 'string' ? body.detail : undefined;
        if (response.status === 500 && saysNotFound(detail)) throw jobNotFound(hash, response.context, 500, body);
        throw statusErrorOf(response, text);
      });
      return data;
    }, options.signal);
  }

  /** GET /train/logs/{hash}: the lines from `fromLine` on, as far as the log goes now. */
  async logs(hash: string, fromLine = 0, options: CallOptions = {}): Promise<LogsRead> {
    const path = `${PREFIX}/train/logs/${encodeURIComponent(hash)}?starting_line_number=${fromLine}`;
    const { data } = await this.api.call({ method: 'GET', path, accept: 'text/event-stream', kind: 'ordinary', options }, async (response): Promise<LogsRead> => {
      const text = await response.text();
      if (response.status === 200) return { state: 'lines', lines: logLinesOf(text, response.context) };
      const body = parseOrUndefined(text);
      const said = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
      // Before the job starts there is no slurm-*.out yet: "no logs yet", not an error (training.md §3.4).
      if (response.status === 500 && said?.startsWith('Could not find log file')) return { state: 'not-started' };
      if (response.status === 500 && saysNotFound(said)) throw jobNotFound(hash, response.context, 500, body);
      throw statusErrorOf(response, text);
    });
    return data;
  }

  /** GET /train/{hash}/dataset: a page of the job's dataset as the server serves it (training.md §3.5). */
  async dataset(hash: string, page: { offset?: number; limit?: number; q?: string } = {}, options: CallOptions = {}): Promise<DatasetPage> {
    const query = new URLSearchParams();
    if (page.offset !== undefined) query.set('offset', String(page.offset));
    if (page.limit !== undefined) query.set('limit', String(page.limit));
    if (page.q) query.set('q', page.q);
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    const { data } = await this.api.call({ method: 'GET', path: `${PREFIX}/train/${encodeURIComponent(hash)}/dataset${suffix}`, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      // Unknown here is a 404 (no catch-all on this route), where job detail says 500.
      if (response.status === 404 && isRecord(body) && saysNotFound(typeof body.detail === 'string' ? body.detail : undefined)) throw jobNotFound(hash, response.context, 404, body);
      if (response.status !== 200) throw statusErrorOf(response, text);
      const slice = datasetPageFrom(body);
      if (!slice) throw notShaped(response.context, 'no total or examples', text);
      return slice;
    });
    return data;
  }

  /**
   * The deployment's version as its UI config states it (GET /app/api-config.json, protocol §7: /v1/health
   * carries none); undefined when it reports none, or cannot be asked: a lineage then says "not reported".
   */
  async deploymentVersion(options: CallOptions = {}): Promise<string | undefined> {
    try {
      const { data } = await this.api.call({ method: 'GET', path: '/app/api-config.json', accept: 'application/json', kind: 'ordinary', options }, async (response) => {
        const { body } = await bodyOf(response);
        return response.status === 200 && isRecord(body) && typeof body.version === 'string' && body.version !== '' ? body.version : undefined;
      });
      return data;
    } catch (error) {
      if (isScalarLMError(error) && !options.signal?.aborted) return undefined;
      throw error;
    }
  }

  /** GET /list_models: the deployment's jobs, newest first by start time (see newestFirst), or `route-missing`. */
  async jobs(options: CallOptions = {}): Promise<TrainingJobsLookup> {
    const lookup = (await this.api.trainingJobs(options)).data;
    return lookup.state === 'found' ? { state: 'found', jobs: newestFirst(lookup.jobs) } : lookup;
  }

  /** POST /cancel/{hash}: the status the server wrote (CANCELLED for a running job; a finished one is unchanged). */
  async cancel(hash: string, options: CallOptions = {}): Promise<JobStatus> {
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/cancel/${encodeURIComponent(hash)}`, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status !== 200) throw statusErrorOf(response, text);
      // `null` for an unknown hash or a job whose sbatch failed: every error ends in the route's catch-all.
      if (body === null) throw jobNotFound(hash, response.context, 200, body);
      return detailOrFail(body, hash, response.context).status;
    });
    return data;
  }

  /**
   * Whether the adaptor answers: listed in /v1/models, or a one-token /v1/generate naming it succeeds (which
   * also makes the worker load it). `deployed` alone is not enough: it can be true before vLLM has it (§5).
   */
  async isServed(hash: string, options: CallOptions = {}): Promise<boolean> {
    const { data: models } = await this.api.models(options);
    if (models.some((model) => model.id === hash)) return true;
    try {
      const { data } = await this.api.generate({ prompts: ['Hello'], model: hash, max_tokens: 1 }, options);
      const result = data.results[0];
      return result !== undefined && result.error === null && result.response !== null;
    } catch (error) {
      if (error instanceof HttpStatusError && error.status === 404) return false;
      throw error;
    }
  }

  private async postArchive(archive: Buffer, params: Record<string, unknown>, options: CallOptions): Promise<{ detail: TrainingJobDetail }> {
    const { bytes, contentType } = multipart(archive, params);
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/train`, rawBody: { bytes, contentType }, accept: 'application/json', kind: 'long-poll', options }, (response) => trainResponse(response));
    return { detail: data };
  }

  private async chunked(archive: Buffer, params: Record<string, unknown>, chunkBytes: number, options: CallOptions & { onProgress?: (progress: UploadProgress) => void }): Promise<{ detail: TrainingJobDetail }> {
    const numChunks = Math.max(1, Math.ceil(archive.length / chunkBytes));
    const init = { total_size: archive.length, total_hash: sha256(archive), chunk_size: chunkBytes, num_chunks: numChunks, compressed: true, params };
    const { data: uploadId } = await this.api.call({ method: 'POST', path: `${PREFIX}/upload/init`, body: init, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status !== 200) throw statusErrorOf(response, text);
      if (!isRecord(body) || typeof body.upload_id !== 'string') throw notShaped(response.context, 'no upload_id', text);
      return body.upload_id;
    });
    for (let index = 0; index < numChunks; index++) {
      const chunk = archive.subarray(index * chunkBytes, (index + 1) * chunkBytes);
      await this.retrying(() => this.sendChunk(uploadId, index, chunk, options), options.signal, () => options.onProgress?.({ sentBytes: index * chunkBytes, totalBytes: archive.length, route: 'chunked', retryingChunk: index }));
      options.onProgress?.({ sentBytes: Math.min(archive.length, (index + 1) * chunkBytes), totalBytes: archive.length, route: 'chunked' });
    }
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/upload/finalize`, body: { upload_id: uploadId }, accept: 'application/json', kind: 'long-poll', options }, (response) => trainResponse(response));
    return { detail: data };
  }

  private async sendChunk(uploadId: string, index: number, chunk: Buffer, options: CallOptions): Promise<void> {
    const headers = { 'X-Upload-Id': uploadId, 'X-Chunk-Index': String(index), 'X-Chunk-Hash': sha256(chunk) };
    await this.api.call({ method: 'POST', path: `${PREFIX}/upload/chunk`, rawBody: { bytes: chunk, contentType: 'application/octet-stream' }, headers, accept: 'application/json', kind: 'long-poll', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status === 200 && isRecord(body) && body.received === true) return;
      if (response.status === 200) throw notShaped(response.context, 'no "received": true', text);
      const error = statusErrorOf(response, text);
      // A session the server no longer has cannot be resumed: init always starts a new one (training.md §2.2).
      if (response.status === 404) throw new FinalError(new HttpStatusError(`The deployment lost the upload session of chunk ${index} (${text.slice(0, 200)}); the upload has to start over.`, error.context, 404, undefined, undefined, body));
      if (response.status === 413) throw new FinalError(uploadError(error));
      throw error;
    });
  }

  /** Runs `attempt` until it succeeds, a final error comes, or the tries run out, pausing with backoff between. */
  private async retrying<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined, onRetry?: () => void): Promise<T> {
    let pause = this.retry.baseMs;
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (error instanceof FinalError) throw error.error;
        if (tries >= this.retry.attempts || !isTransient(error)) throw error;
      }
      onRetry?.();
      await sleep(pause, signal);
      pause = Math.min(this.retry.maxMs, pause * 2);
    }
  }
}

/** Wraps an error that a retry cannot mend. */
class FinalError extends Error {
  constructor(readonly error: ScalarLMError) {
    super(error.message);
  }
}

/**
 * What a retry may mend: the network, a timeout, a gateway's 502-504, the server's plain-text 500, and job
 * detail's 500 for status.json mid-rewrite. Not a job the server does not know, nor an upload it refused.
 */
function isTransient(error: unknown): boolean {
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

async function trainResponse(response: HttpResponse): Promise<TrainingJobDetail> {
  const { text, body } = await bodyOf(response);
  if (response.status !== 200) throw uploadError(statusErrorOf(response, text));
  return detailOrFail(body, '', response.context);
}

function detailOrFail(body: unknown, hash: string, context: ErrorContext): TrainingJobDetail {
  const detail = jobDetailFrom(body, hash);
  if (!detail) throw notShaped(context, 'no job_status.status', JSON.stringify(body) ?? '');
  return detail;
}

function notShaped(context: ErrorContext, problem: string, text: string): MalformedResponseError {
  return new MalformedResponseError(
    `The deployment's answer to ${context.method} ${context.path} is not what the training routes send (${problem}). Is the base URL pointing at a ScalarLM deployment?`,
    context,
    text.slice(0, 300),
    false,
  );
}

/** The text, and its JSON when it is JSON (undefined for the server's plain-text 500). */
async function bodyOf(response: HttpResponse): Promise<{ text: string; body: unknown }> {
  const text = await response.text();
  return { text, body: parseOrUndefined(text) };
}

function statusErrorOf(response: HttpResponse, text: string): ScalarLMError {
  return statusError({ status: response.status, contentType: response.header('content-type'), retryAfter: response.header('retry-after'), location: response.header('location'), text }, response.context);
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** NDJSON `{"line", "line_number"}` lines under a text/event-stream label (training.md §3.4). */
function logLinesOf(text: string, context: ErrorContext): LogLine[] {
  const lines: LogLine[] = [];
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    const record = parseJsonBody({ text: raw, status: 200, contentType: 'application/x-ndjson' }, context);
    if (!isRecord(record) || typeof record.line !== 'string' || typeof record.line_number !== 'number') {
      throw new MalformedResponseError(`A log line from ${context.path} is not {"line", "line_number"}: ${raw.slice(0, 120)}`, context, raw.slice(0, 300), false);
    }
    lines.push({ line: record.line, lineNumber: record.line_number });
  }
  return lines;
}

function multipart(archive: Buffer, params: Record<string, unknown>): { bytes: Buffer; contentType: string } {
  const boundary = `scalarlm-lab-${randomUUID()}`;
  const bytes = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dataset.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`),
    archive,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="params"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(params)}\r\n--${boundary}--\r\n`),
  ]);
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
