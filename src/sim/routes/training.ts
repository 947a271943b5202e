// The training routes under /v1/megatron as the unmodified server answers them (training.md §1-§6): the
// multipart train and the chunked upload (with Slurm down or sbatch failing as faults), job detail (now and then
// the 500 of status.json caught mid-rewrite), logs as NDJSON under a text/event-stream label, list_models and the
// dataset slice, each with its own error shapes (500, 404 or 200 null for the same unknown hash). Cancel, restart
// and delete are in training-lifecycle.ts.

import type { ServerResponse } from 'node:http';
import { sendDetail, sendInternalServerError, sendJson } from '../http/reply';
import { multipartField } from '../http/multipart';
import type { RequestContext, Route } from '../http/router';
import { checkInt, checkString, isPlainObject, Issues, parseBodyObject, requireField, sendValidationError } from '../http/validation';
import type { SimRuntime } from '../runtime';
import type { UploadInit } from '../training/chunked-uploads';
import { datasetSlice } from '../training/dataset-slice';
import { JOBS_DIRECTORY, notFound, startTime, TrainingError, UnhandledServerError, type NewJobFaults, type TrainingJob } from '../training/training-jobs';
import { emaLoss, type HistoryEntry } from '../training/trainer';
import { pyJsonLoads } from '../wire/python-json-loads';
import { pyDumps, pyFloat } from '../wire/python-json';

export const PREFIX = '/v1/megatron';
const UPLOAD_ERROR = 'There was an error uploading the file: ';
/** What the server took to give up on an unreachable Slurm: slurm_wait_time (30 s) of squeue, and the rest (training.md §2.1). */
const SLURM_DOWN_SECONDS = 30.7;

export function trainingRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'POST', path: `${PREFIX}/train`, handler: (ctx) => afterSlurm(rt, ctx, () => answer(ctx.res, () => train(rt, ctx))) },
    { method: 'POST', path: `${PREFIX}/upload/init`, handler: (ctx) => uploadInit(rt, ctx) },
    { method: 'POST', path: `${PREFIX}/upload/chunk`, handler: (ctx) => answer(ctx.res, () => uploadChunk(rt, ctx)) },
    { method: 'POST', path: `${PREFIX}/upload/finalize`, handler: (ctx) => afterSlurm(rt, ctx, () => uploadFinalize(rt, ctx)) },
    { method: 'GET', path: `${PREFIX}/train/logs/{model_name}`, handler: (ctx) => logs(rt, ctx) },
    { method: 'GET', path: `${PREFIX}/train/{job_hash}`, handler: (ctx) => jobInfo(rt, ctx) },
    { method: 'GET', path: `${PREFIX}/train/{job_hash}/dataset`, handler: (ctx) => dataset(rt, ctx) },
    { method: 'GET', path: `${PREFIX}/list_models`, handler: (ctx) => sendJson(ctx.res, 200, { models: listModels(rt) }) },
  ];
}

/**
 * 200 with what `produce` returns, the status and detail of the TrainingError it throws, or Starlette's plain
 * 500 for an exception the server does not catch.
 */
export function answer(res: ServerResponse, produce: () => unknown): void {
  let value: unknown;
  try {
    value = produce();
  } catch (error) {
    if (error instanceof UnhandledServerError) return sendInternalServerError(res);
    if (!(error instanceof TrainingError)) throw error;
    return sendDetail(res, error.status, error.detail);
  }
  sendJson(res, 200, value);
}

/**
 * The launch waits for squeue first (wait_for_slurm). With a `slurm-down` fault it waits in vain, ARG seconds
 * (30.7 by default, as observed), then raises: a plain-text 500, nothing created (training.md §2.1, §11.6). Only
 * this request waits here: the real server's blocking sleep also stalls every other route meanwhile.
 */
async function afterSlurm(rt: SimRuntime, ctx: RequestContext, launch: () => void): Promise<void> {
  const down = rt.faults.takeFlag(['slurm-down'], ctx.url.pathname);
  if (!down) return launch();
  const seconds = down.arg === undefined ? SLURM_DOWN_SECONDS : Number(down.arg);
  if (!(await rt.timers.sleep((Number.isFinite(seconds) ? seconds : SLURM_DOWN_SECONDS) * 1000, ctx.signal))) return;
  sendInternalServerError(ctx.res);
}

function train(rt: SimRuntime, ctx: RequestContext): unknown {
  const limit = rt.options.maxUploadFileSize;
  // The message states twice the limit the validator enforces (training.md §2.1).
  if (ctx.body.length > limit) throw new TrainingError(413, `Maximum request body size limit (${2 * limit} bytes) exceeded (${ctx.body.length} bytes read)`);
  const contentType = ctx.req.headers['content-type'];
  if (!/multipart\/form-data/i.test(contentType ?? '') || !/boundary=/i.test(contentType ?? '')) {
    throw new TrainingError(500, `${UPLOAD_ERROR}no multipart boundary in Content-Type`);
  }
  const file = multipartField(ctx.body, contentType, 'file');
  if (!file) throw new TrainingError(500, `${UPLOAD_ERROR}[Errno 2] No such file or directory: '/tmp/training_job.tar.gz'`);
  const params = trainArgsOf(multipartField(ctx.body, contentType, 'params')?.toString('utf8') ?? '');
  return rt.training.submit(params, file, () => newJobFaults(rt, ctx));
}

/** json.loads(params), then the item assignment of dataset_hash, as the server's catch-all reports them. */
function trainArgsOf(text: string): Record<string, unknown> {
  const decoded = pyJsonLoads(text);
  if (!decoded.ok) throw new TrainingError(500, `${UPLOAD_ERROR}${pythonDecodeMessage(text, decoded.message, decoded.position)}`);
  const value = decoded.value;
  if (Array.isArray(value)) throw new TrainingError(500, `${UPLOAD_ERROR}list indices must be integers or slices, not str`);
  if (!isPlainObject(value)) throw new TrainingError(500, `${UPLOAD_ERROR}'${pythonTypeName(value)}' object does not support item assignment`);
  return value;
}

/** json.JSONDecodeError's text: `Expecting value: line 1 column 1 (char 0)`. */
function pythonDecodeMessage(text: string, message: string, position: number): string {
  const before = [...text].slice(0, position).join('');
  const line = before.split('\n').length;
  const column = position - (before.lastIndexOf('\n') + 1) + 1;
  return `${message}: line ${line} column ${column} (char ${position})`;
}

function pythonTypeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  return Number.isInteger(value) ? 'int' : 'float';
}

/** A `train-fail` fault makes the next new job fail at step ARG; a `sbatch-fails` one, its sbatch. */
function newJobFaults(rt: SimRuntime, ctx: RequestContext): NewJobFaults {
  const fail = rt.faults.takeFlag(['train-fail'], ctx.url.pathname);
  const sbatch = rt.faults.takeFlag(['sbatch-fails'], ctx.url.pathname);
  const faults: NewJobFaults = {};
  if (fail) faults.failAtStep = Number(fail.arg ?? 0) || 0;
  if (sbatch) faults.sbatchError = sbatch.arg ?? 'Unable to contact slurm controller (connect failure)';
  return faults;
}

function uploadInit(rt: SimRuntime, ctx: RequestContext): void {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  if (!body) return sendValidationError(ctx.res, issues);
  const int = (key: string): number | undefined => {
    const value = requireField(body, key, ['body'], issues);
    return value === undefined ? undefined : checkInt(value, ['body', key], issues);
  };
  const totalSize = int('total_size');
  const totalHashValue = requireField(body, 'total_hash', ['body'], issues);
  const totalHash = totalHashValue === undefined ? undefined : checkString(totalHashValue, ['body', 'total_hash'], issues);
  const chunkSize = int('chunk_size');
  const numChunks = int('num_chunks');
  const params = body.params ?? {};
  if (!isPlainObject(params)) issues.add('dict_type', ['body', 'params'], params);
  if (issues.found) return sendValidationError(ctx.res, issues);
  const request: UploadInit = { total_size: totalSize as number, total_hash: totalHash as string, chunk_size: chunkSize as number, num_chunks: numChunks as number, params: params as Record<string, unknown> };
  sendJson(ctx.res, 200, rt.uploads.init(request));
}

function uploadChunk(rt: SimRuntime, ctx: RequestContext): unknown {
  const header = (name: string): string | undefined => {
    const value = ctx.req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return rt.uploads.chunk(header('x-upload-id'), header('x-chunk-index'), header('x-chunk-hash'), ctx.body);
}

function uploadFinalize(rt: SimRuntime, ctx: RequestContext): void {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const idValue = body && requireField(body, 'upload_id', ['body'], issues);
  const uploadId = idValue === undefined ? undefined : checkString(idValue, ['body', 'upload_id'], issues);
  if (issues.found || uploadId === undefined) return sendValidationError(ctx.res, issues);
  answer(ctx.res, () => {
    const { archive, params } = rt.uploads.finalize(uploadId);
    return rt.training.submit(params, archive, () => newJobFaults(rt, ctx));
  });
}

function jobInfo(rt: SimRuntime, ctx: RequestContext): void {
  const name = ctx.params.job_hash;
  const job = rt.training.find(name);
  if (job && (rt.faults.takeFlag(['train-status-torn'], ctx.url.pathname) || rt.tornReads.next(job.hash))) {
    // A reader that meets status.json mid-rewrite sees an empty file (training.md §3.2).
    return sendDetail(ctx.res, 500, `Failed to retrieve training job information: 404: Training job was not found at ${JOBS_DIRECTORY}/${job.hash}`);
  }
  if (!job) return sendDetail(ctx.res, 500, `Failed to retrieve training job information: 404: ${notFound(name)}`);
  // job_config is config.yaml read back, so its keys come sorted; `deployed` is computed for the name as given.
  sendJson(ctx.res, 200, { job_status: job.status, job_config: sortedKeys(job.config), deployed: rt.catalog.isRegistered(name) });
}

function logs(rt: SimRuntime, ctx: RequestContext): void {
  const name = ctx.params.model_name;
  const startText = ctx.url.searchParams.get('starting_line_number');
  let start = 0;
  if (startText !== null) {
    const issues = new Issues();
    const parsed = checkInt(startText, ['query', 'starting_line_number'], issues);
    if (parsed === undefined) return sendValidationError(ctx.res, issues);
    start = parsed;
  }
  const job = rt.training.find(name);
  if (!job) return sendJson(ctx.res, 500, { error: `404: ${notFound(name)}` });
  if (job.log.length === 0) return sendJson(ctx.res, 500, { error: `Could not find log file in ${JOBS_DIRECTORY}/${job.hash}` });
  // Chunked NDJSON under an event-stream label, ending at the end of the log as it is now (training.md §3.4).
  ctx.res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
  job.log.forEach((line, lineNumber) => {
    if (lineNumber >= start) ctx.res.write(`${pyDumps({ line: line.trimEnd(), line_number: lineNumber })}\n`);
  });
  ctx.res.end();
}

function dataset(rt: SimRuntime, ctx: RequestContext): void {
  const query = ctx.url.searchParams;
  const issues = new Issues();
  const offset = checkInt(query.get('offset') ?? '0', ['query', 'offset'], issues);
  const limit = checkInt(query.get('limit') ?? '50', ['query', 'limit'], issues);
  if (offset === undefined || limit === undefined) return sendValidationError(ctx.res, issues);
  const job = rt.training.find(ctx.params.job_hash);
  if (!job) return sendDetail(ctx.res, 404, notFound(ctx.params.job_hash));
  if (limit < 1 || limit > 200) return sendDetail(ctx.res, 400, 'limit must be in [1, 200]');
  if (offset < 0) return sendDetail(ctx.res, 400, 'offset must be >= 0');
  sendJson(ctx.res, 200, datasetSlice(job.dataset ?? '', offset, limit, query.get('q') ?? ''));
}

/** Rows newest first, a job without history counted as started at 0 (training.md §3.3). */
function listModels(rt: SimRuntime): Record<string, unknown>[] {
  const trained = rt.training.all().map((job) => ({ row: jobRow(rt, job), sortKey: startTime(job) }));
  const seeded = rt.catalog.seededTrainingJobs().map((row) => ({ row, sortKey: Number(row.start_time) }));
  return [...trained, ...seeded].sort((a, b) => b.sortKey - a.sortKey).map((entry) => entry.row);
}

function jobRow(rt: SimRuntime, job: TrainingJob): Record<string, unknown> {
  const history = (job.status.history as HistoryEntry[] | undefined) ?? [];
  const last = history[history.length - 1];
  return {
    name: job.hash,
    deployed: rt.catalog.isRegistered(job.hash),
    status: job.status.status ?? 'UNKNOWN',
    start_time: pyFloat(Number(job.status.start_time)),
    step: last ? last.step + 1 : 0,
    max_steps: typeof job.status.max_steps === 'number' ? job.status.max_steps : 0,
    train_time: pyFloat(last ? last.time : 0),
    loss: pyFloat(emaLoss(history)),
  };
}

/** yaml.dump sorts keys, at every level. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sortedKeys(value[key])]));
}
