// Sending a training archive (training.md §2): one multipart POST, or the chunked upload above a threshold (a
// failed chunk sent again within the same upload). The job hash is known here, so when an answer fails the
// deployment is asked for the job before anything is sent again: after sbatch failed (a plain-text 500, the
// job left FAILED, §11.7) or an answer lost after the server took it, the job is there. A plain-text 500 with no
// job made means the launch failed before it: Slurm did not answer, and the server waited ~30 s for it with its
// whole API blocked (§11.6). That is tried again only a few times, at least as long apart as it took, each wait
// said; the caller's signal (--timeout) ends it.

import { randomUUID, createHash } from 'node:crypto';
import type { ScalarLMClient } from '../api/client';
import { HttpStatusError, NonJsonBodyError, type ScalarLMError } from '../api/errors';
import type { HttpResponse } from '../api/http';
import { sleep } from '../api/sleep';
import type { CallOptions } from '../api/types';
import { expectedJobHash } from './job-hash';
import { isRecord, type TrainingJobDetail } from './job-shapes';
import { uploadError } from './training-errors';
import { bodyOf, detailOrFail, FinalError, isTransient, isUnhandledServerError, notShaped, retrying, statusErrorOf, type RetryPolicy } from './training-http';

const PREFIX = '/v1/megatron';
/** Tries of a POST /train that Slurm's absence fails: each one blocks the deployment's API for half a minute. */
export const SLURM_ATTEMPTS = 3;

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

/** A failed POST /train about to be tried again. */
export interface SubmitWait {
  /** This cause's failed try (1-based), of at most `attempts`. */
  attempt: number;
  attempts: number;
  /** How long the failed try took. */
  tookMs: number;
  /** Before the next try. */
  pauseMs: number;
  /** A plain-text 500 with no job made: Slurm did not answer the server. Else the network, a gateway, a timeout. */
  cause: 'slurm-unreachable' | 'transient';
  error: ScalarLMError;
}

export interface SubmitOptions extends CallOptions {
  limits?: UploadLimits;
  onProgress?: (progress: UploadProgress) => void;
  onWait?: (wait: SubmitWait) => void;
}

export interface SubmittedJob extends TrainingJobDetail {
  route: 'single' | 'chunked';
  /**
   * The server answered with a job it already had (same archive and params): it said so by leaving
   * `llm_name` out of job_config, which it adds on a first submission only (training.md §2.1). Unknowable,
   * so false, when the params name llm_name themselves.
   */
  existing: boolean;
  /** The upload's answer failed, and the deployment had the job all the same (found by its hash). */
  recovered: boolean;
}

type Found = { detail: TrainingJobDetail; recovered: boolean };

export class TrainingUpload {
  constructor(
    private readonly api: ScalarLMClient,
    private readonly retry: RetryPolicy,
    /** The job by its hash, or undefined when the deployment does not have it (or cannot say). */
    private readonly lookUp: (hash: string, options: CallOptions) => Promise<TrainingJobDetail | undefined>,
  ) {}

  /** Sends the archive with these params (already canonical, see canonicalParams) and names the job. */
  async submit(archive: Buffer, params: Record<string, unknown>, options: SubmitOptions = {}): Promise<SubmittedJob> {
    const limits = options.limits ?? DEFAULT_UPLOAD_LIMITS;
    const route = archive.length > limits.singlePostMaxBytes ? 'chunked' : 'single';
    const hash = expectedJobHash(archive, params);
    options.onProgress?.({ sentBytes: 0, totalBytes: archive.length, route });
    const found = route === 'single' ? await this.single(archive, params, hash, options) : await this.chunked(archive, params, hash, limits.chunkBytes, options);
    options.onProgress?.({ sentBytes: archive.length, totalBytes: archive.length, route });
    const existing = !found.recovered && params.llm_name === undefined && !('llm_name' in found.detail.config);
    return { ...found.detail, route, existing, recovered: found.recovered };
  }

  /** POST /train until it answers; after a failed answer, the job is looked up before the upload is sent again. */
  private async single(archive: Buffer, params: Record<string, unknown>, hash: string, options: SubmitOptions): Promise<Found> {
    let pause = this.retry.baseMs;
    let slurmFailures = 0;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      try {
        return { detail: await this.postArchive(archive, params, options), recovered: false };
      } catch (error) {
        if (!isTransient(error)) throw error;
        const tookMs = Date.now() - started;
        const detail = await this.lookUp(hash, options);
        if (detail) return { detail, recovered: true };
        const slurm = isUnhandledServerError(error);
        if (slurm) slurmFailures++;
        if (slurm && slurmFailures >= SLURM_ATTEMPTS) throw slurmUnreachable(error, tookMs, slurmFailures);
        if (attempt >= this.retry.attempts) throw error;
        const pauseMs = slurm ? Math.max(pause, tookMs) : pause;
        const wait: SubmitWait = slurm
          ? { attempt: slurmFailures, attempts: SLURM_ATTEMPTS, tookMs, pauseMs, cause: 'slurm-unreachable', error }
          : { attempt, attempts: this.retry.attempts, tookMs, pauseMs, cause: 'transient', error: error as ScalarLMError };
        options.onWait?.(wait);
        await sleep(pauseMs, options.signal);
        pause = Math.min(this.retry.maxMs, pause * 2);
      }
    }
  }

  private async postArchive(archive: Buffer, params: Record<string, unknown>, options: CallOptions): Promise<TrainingJobDetail> {
    const { bytes, contentType } = multipart(archive, params);
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/train`, rawBody: { bytes, contentType }, accept: 'application/json', kind: 'long-poll', options }, (response) => trainResponse(response));
    return data;
  }

  private async chunked(archive: Buffer, params: Record<string, unknown>, hash: string, chunkBytes: number, options: SubmitOptions): Promise<Found> {
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
      await retrying(this.retry, () => this.sendChunk(uploadId, index, chunk, options), options.signal, () => options.onProgress?.({ sentBytes: index * chunkBytes, totalBytes: archive.length, route: 'chunked', retryingChunk: index }));
      options.onProgress?.({ sentBytes: Math.min(archive.length, (index + 1) * chunkBytes), totalBytes: archive.length, route: 'chunked' });
    }
    const started = Date.now();
    try {
      const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/upload/finalize`, body: { upload_id: uploadId }, accept: 'application/json', kind: 'long-poll', options }, (response) => trainResponse(response));
      return { detail: data, recovered: false };
    } catch (error) {
      // The session may be gone after a failed finalize: the job is looked up, never finalized twice.
      if (!isTransient(error)) throw error;
      const detail = await this.lookUp(hash, options);
      if (detail) return { detail, recovered: true };
      throw isUnhandledServerError(error) ? slurmUnreachable(error, Date.now() - started, 1) : error;
    }
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
}

/** The end of trying: the deployment's launch failed before it made the job, every time. */
function slurmUnreachable(error: NonJsonBodyError, tookMs: number, tries: number): NonJsonBodyError {
  const message =
    `The deployment answered ${error.context.method} ${error.context.path} with a plain-text 500 ${tries === 1 ? 'once' : `${tries} times`} (the last after ${seconds(tookMs)}) and made no job: ` +
    'Slurm is likely unreachable from it (the server waits up to 30 s for squeue, its whole API blocked meanwhile). ' +
    `Ask its operator to check Slurm, then train again: the same data and arguments name the same job. Its logs have the traceback (trace id ${error.context.traceId}).`;
  return new NonJsonBodyError(message, error.context, error.status, error.contentType, error.text);
}

/** "0.3 s", "31 s". */
export function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

async function trainResponse(response: HttpResponse): Promise<TrainingJobDetail> {
  const { text, body } = await bodyOf(response);
  if (response.status !== 200) throw uploadError(statusErrorOf(response, text));
  return detailOrFail(body, '', response.context);
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
