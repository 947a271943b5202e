// The routes a prompt tool never calls but a deployment has (protocol §8.3, architecture "rules"): upload
// and download for large batches, and get_work / finish_work / get_adaptors for generate workers. The
// built-in worker runs in-process; an external worker gets whatever the built-in one has not started.

import { sendDetail, sendInternalServerError, sendJson } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import { multipartField } from '../http/multipart';
import {
  checkInt,
  checkList,
  checkString,
  isPlainObject,
  Issues,
  parseBodyObject,
  requireField,
  sendValidationError,
} from '../http/validation';
import type { SimRuntime } from '../runtime';
import { responseFile, type StoredResult } from '../state/request-files';
import { sha256Hex } from '../wire/ids';
import { pyFloat } from '../wire/python-json';

/** `inference_work_queue_timeout` (§10.1). */
const GET_WORK_TIMEOUT_MS = 30_000;
const DOWNLOAD_FIRST_DELAY_MS = 100;
const DOWNLOAD_MAX_DELAY_MS = 2_000;

export function workerPlaneRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'POST', path: '/v1/generate/upload', handler: (ctx) => upload(rt, ctx) },
    { method: 'POST', path: '/v1/generate/download', handler: (ctx) => download(rt, ctx) },
    { method: 'POST', path: '/v1/generate/get_work', handler: (ctx) => getWork(rt, ctx) },
    { method: 'POST', path: '/v1/generate/finish_work', handler: (ctx) => finishWork(rt, ctx) },
    { method: 'POST', path: '/v1/generate/get_adaptors', handler: (ctx) => getAdaptors(rt, ctx) },
  ];
}

/** Upload: the group id is the SHA-256 of the file's bytes; a known file is not queued again (§8.3). */
function upload(rt: SimRuntime, ctx: RequestContext): void {
  // Old servers called push_into_queue with one argument too few (§8.3).
  if (rt.legacy) return sendInternalServerError(ctx.res);
  const file = multipartField(ctx.body, ctx.req.headers['content-type'], 'file');
  if (!file) return sendDetail(ctx.res, 500, "There was an error uploading the file: [Errno 2] No such file or directory: ''");
  const groupId = sha256Hex(file);
  const files = rt.deployment.files;
  if (files.hasRequest(groupId)) return sendJson(ctx.res, 200, { request_id: groupId, error: null });
  let items: unknown;
  try {
    items = JSON.parse(file.toString('utf8'));
  } catch (error) {
    return sendDetail(ctx.res, 500, `There was an error uploading the file: ${String(error)}`);
  }
  if (!Array.isArray(items) || !items.every(isPlainObject)) {
    return sendDetail(ctx.res, 500, 'There was an error uploading the file: the file must hold a JSON array of request objects');
  }
  // No normalisation on this path: no model resolution, no max_tokens default, no chat rendering.
  rt.deployment.enqueue(groupId, items, ctx.url.pathname, () => files.writeRawRequest(groupId, file.toString('utf8')));
  sendJson(ctx.res, 200, { request_id: groupId, error: null });
}

/** Download: waits with a doubling sleep (0.1 s to 2 s) for a `completed` status; `null` on timeout (§8.3). */
async function download(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  // Old servers' download.py lacked its imports: a NameError on every call.
  if (rt.legacy) return sendInternalServerError(ctx.res);
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const groupId = body && checkString(requireField(body, 'request_id', ['body'], issues), ['body', 'request_id'], issues);
  if (issues.found || groupId === undefined) return sendValidationError(ctx.res, issues);
  const files = rt.deployment.files;
  const deadline = Date.now() + rt.options.responseTimeoutMs;
  for (let delay = DOWNLOAD_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, DOWNLOAD_MAX_DELAY_MS)) {
    const text = files.readStatus(groupId)?.status === 'completed' ? files.store.read(responseFile(groupId)) : undefined;
    if (text !== undefined) {
      ctx.res.writeHead(200, {
        'content-type': 'application/json',
        'content-disposition': `attachment; filename="${groupId}_response.json"`,
        'content-length': Buffer.byteLength(text),
      });
      ctx.res.end(text);
      return;
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) return sendJson(ctx.res, 200, null);
    if (!(await rt.timers.sleep(Math.min(delay, remaining), ctx.signal))) return;
  }
}

/** get_work: up to batch_size queued prompts, long-polling when there are none. */
async function getWork(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const batchSize = body && checkInt(requireField(body, 'batch_size', ['body'], issues), ['body', 'batch_size'], issues);
  if (issues.found || batchSize === undefined) return sendValidationError(ctx.res, issues);
  let taken = rt.deployment.takeWork(batchSize);
  if (taken.length === 0) {
    // Woken early by new work, or by the request's own end.
    const wake = new AbortController();
    const onRequestEnd = (): void => wake.abort();
    ctx.signal.addEventListener('abort', onRequestEnd, { once: true });
    const stopWaiting = rt.deployment.onWorkQueued(() => wake.abort());
    await rt.timers.sleep(Math.min(GET_WORK_TIMEOUT_MS, rt.options.responseTimeoutMs), wake.signal);
    stopWaiting();
    ctx.signal.removeEventListener('abort', onRequestEnd);
    if (ctx.signal.aborted) return;
    taken = rt.deployment.takeWork(batchSize);
  }
  sendJson(ctx.res, 200, {
    requests: taken.map(({ requestId, item }) => ({
      prompt: item.prompt,
      request_id: requestId,
      request_type: item.request_type,
      model: item.model ?? null,
      max_tokens: item.max_tokens ?? null,
      chat_request: item.chat_request ?? null,
    })),
  });
}

/** finish_work: results for prompts by id; unknown ids are dropped, and the answer is null either way. */
function finishWork(rt: SimRuntime, ctx: RequestContext): void {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const requests = body && checkList(requireField(body, 'requests', ['body'], issues), ['body', 'requests'], issues);
  const finished = (requests ?? []).flatMap((entry, i) => {
    if (!isPlainObject(entry)) return issues.add('dict_type', ['body', 'requests', i], entry) ?? [];
    const id = checkString(requireField(entry, 'request_id', ['body', 'requests', i], issues), ['body', 'requests', i, 'request_id'], issues);
    return id === undefined ? [] : [{ id, result: storedResult(entry) }];
  });
  if (issues.found) return sendValidationError(ctx.res, issues);
  for (const { id, result } of finished) rt.deployment.finishById(id, result);
  sendJson(ctx.res, 200, null);
}

/** finish_work keeps only what the worker reported: a count it left out is absent, not 0 (§11). */
function storedResult(entry: Record<string, unknown>): StoredResult {
  const result: StoredResult = { is_acked: true };
  if (typeof entry.response === 'string') result.response = entry.response;
  // An embed worker's answer (§9): kept as the floats it reported.
  else if (Array.isArray(entry.response) && entry.response.every((n) => typeof n === 'number')) result.response = entry.response.map((n: number) => pyFloat(n));
  if (typeof entry.error === 'string') result.error = entry.error;
  for (const key of ['token_count', 'prompt_tokens', 'completion_tokens'] as const) {
    if (typeof entry[key] === 'number') result[key] = entry[key] as number;
  }
  if (typeof entry.reasoning === 'string') result.reasoning = entry.reasoning;
  if (Array.isArray(entry.tool_calls)) result.tool_calls = entry.tool_calls;
  if (typeof entry.finish_reason === 'string') result.finish_reason = entry.finish_reason;
  return result;
}

/** get_adaptors: the adaptors a worker has not loaded yet. */
function getAdaptors(rt: SimRuntime, ctx: RequestContext): void {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const loaded = body && checkInt(requireField(body, 'loaded_adaptor_count', ['body'], issues), ['body', 'loaded_adaptor_count'], issues);
  if (issues.found || loaded === undefined) return sendValidationError(ctx.res, issues);
  sendJson(ctx.res, 200, { new_adaptors: rt.catalog.registeredInOrder().slice(Math.max(0, loaded)) });
}
