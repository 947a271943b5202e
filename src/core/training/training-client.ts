// The training routes of a ScalarLM deployment (training.md §1-§5), on a ScalarLMClient's connections:
// submitting an archive (training-upload.ts), job detail with transient 500s retried, logs from a line number on,
// the job list, cancel, restart and delete, and whether a trained adaptor answers yet (asked once, never
// re-posted: adaptor-probe.ts).

import type { ScalarLMClient } from '../api/client';
import { type ErrorContext, isScalarLMError, MalformedResponseError } from '../api/errors';
import { parseJsonBody } from '../api/json-body';
import type { CallOptions, TrainingJobsLookup } from '../api/types';
import { AdaptorProbes, type AdaptorAnswer } from './adaptor-probe';
import { datasetPageFrom, isRecord, type DatasetPage, type JobStatus, type TrainingJobDetail } from './job-shapes';
import { newestFirst } from './job-order';
import { jobNotFound, restartRefused, saysNotFound, TrainingJobNotFoundError } from './training-errors';
import { bodyOf, DEFAULT_RETRY, detailOrFail, notShaped, parseOrUndefined, retrying, statusErrorOf, type RetryPolicy } from './training-http';
import { TrainingUpload, type SubmitOptions, type SubmittedJob } from './training-upload';

const PREFIX = '/v1/megatron';

export type LogsRead = { state: 'not-started' } | { state: 'lines'; lines: LogLine[] };

export interface LogLine {
  line: string;
  lineNumber: number;
}

export class TrainingClient {
  private readonly upload: TrainingUpload;
  private readonly probes: AdaptorProbes;

  constructor(
    readonly api: ScalarLMClient,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {
    this.upload = new TrainingUpload(api, retry, (hash, options) => this.lookUp(hash, options));
    this.probes = new AdaptorProbes(api);
  }

  /** Sends the archive with these params (already canonical, see canonicalParams) and names the job. */
  submit(archive: Buffer, params: Record<string, unknown>, options: SubmitOptions = {}): Promise<SubmittedJob> {
    return this.upload.submit(archive, params, options);
  }

  /** GET /train/{hash}. A 500 for status.json caught mid-rewrite (or a plain-text 500) is retried with backoff. */
  job(hash: string, options: CallOptions = {}): Promise<TrainingJobDetail> {
    return retrying(this.retry, async () => {
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

  /**
   * POST /cancel/{hash}: the status the server wrote (CANCELLED; a job squeue no longer lists unchanged). Undefined
   * for the server's `null` when the job exists (it has no Slurm job: its sbatch failed); an unknown job throws.
   */
  async cancel(hash: string, options: CallOptions = {}): Promise<JobStatus | undefined> {
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/cancel/${encodeURIComponent(hash)}`, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status !== 200) throw statusErrorOf(response, text);
      return body === null ? null : detailOrFail(body, hash, response.context).status;
    });
    if (data !== null) return data;
    // `null` for an unknown hash and for a job without a Slurm id alike (every error ends in the route's catch-all).
    await this.job(hash, options);
    return undefined;
  }

  /** POST /restart/{hash}: a FAILED or CANCELLED job submitted again, QUEUED (training.md §4). */
  async restart(hash: string, options: CallOptions = {}): Promise<TrainingJobDetail> {
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/restart/${encodeURIComponent(hash)}`, accept: 'application/json', kind: 'long-poll', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status === 200) return detailOrFail(body, hash, response.context);
      const detail = isRecord(body) && typeof body.detail === 'string' ? body.detail : undefined;
      if (response.status === 404 && saysNotFound(detail)) throw jobNotFound(hash, response.context, 404, body);
      if (response.status === 409 && detail) throw restartRefused(hash, detail, response.context, body);
      throw statusErrorOf(response, text);
    });
    return data;
  }

  /** POST /delete/{hash}: the job's directory removed; the status it had (CANCELLED when it was running). */
  async delete(hash: string, options: CallOptions = {}): Promise<TrainingJobDetail> {
    const { data } = await this.api.call({ method: 'POST', path: `${PREFIX}/delete/${encodeURIComponent(hash)}`, accept: 'application/json', kind: 'ordinary', options }, async (response) => {
      const { text, body } = await bodyOf(response);
      if (response.status !== 200) throw statusErrorOf(response, text);
      if (body === null) throw jobNotFound(hash, response.context, 200, body);
      return detailOrFail(body, hash, response.context);
    });
    return data;
  }

  /**
   * Whether the adaptor answers: listed in /v1/models, or its one-token probe answered. The probe is sent at most
   * once (looked up on the deployment first, fetched afterwards); a refusal, once answered, is final.
   */
  adaptorAnswer(hash: string, options: CallOptions = {}): Promise<AdaptorAnswer> {
    return this.probes.ask(hash, options);
  }

  /** adaptorAnswer, as yes or no. `deployed` alone is not enough: it can be true before vLLM has it (§5). */
  async isServed(hash: string, options: CallOptions = {}): Promise<boolean> {
    return (await this.adaptorAnswer(hash, options)).state === 'answers';
  }

  /** The job, or undefined when the deployment does not have it or cannot say now. */
  private async lookUp(hash: string, options: CallOptions): Promise<TrainingJobDetail | undefined> {
    try {
      return await this.job(hash, options);
    } catch (error) {
      if (options.signal?.aborted || !(error instanceof TrainingJobNotFoundError || isScalarLMError(error))) throw error;
      return undefined;
    }
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
