// GET /v1/generate/list_requests and GET /v1/generate/request/{id} (protocol §5, current profile only):
// read-only views over the request files, newest first by mtime, paged by a strictly-less mtime cursor.

import { sendDetail, sendJson } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import { checkFloat, checkInt, Issues, sendValidationError } from '../http/validation';
import type { SimRuntime } from '../runtime';
import type { FileStore } from '../state/file-store';
import { REQUEST_FILE_PATTERN, requestFile, responseFile, statusFile } from '../state/request-files';
import { GROUP_ID_PATTERN } from '../wire/ids';
import { pyFloat } from '../wire/python-json';

const PREVIEW_CHARS = 120;
const MAX_LIMIT = 200;
const DISPLAY_LIMIT_BYTES = 5 * 1024 * 1024;

export function requestBrowserRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'GET', path: '/v1/generate/list_requests', handler: (ctx) => listRequests(rt, ctx) },
    { method: 'GET', path: '/v1/generate/request/{request_id}', handler: (ctx) => requestDetail(rt, ctx) },
  ];
}

function listRequests(rt: SimRuntime, ctx: RequestContext): void {
  const issues = new Issues();
  const cursorText = ctx.url.searchParams.get('cursor');
  const limitText = ctx.url.searchParams.get('limit');
  const cursor = cursorText === null ? null : checkFloat(cursorText, ['query', 'cursor'], issues);
  const limit = limitText === null ? 50 : checkInt(limitText, ['query', 'limit'], issues);
  if (issues.found || cursor === undefined || limit === undefined) return sendValidationError(ctx.res, issues);
  const pageSize = Math.min(MAX_LIMIT, Math.max(1, limit));

  const store = rt.deployment.files.store;
  const entries = store
    .names()
    .filter((name) => REQUEST_FILE_PATTERN.test(name))
    .flatMap((name) => {
      const info = store.stat(name);
      return info ? [{ id: name.slice(0, 64), ...info }] : [];
    })
    .filter((entry) => cursor === null || entry.mtime < cursor)
    .sort((a, b) => b.mtime - a.mtime);
  const page = entries.slice(0, pageSize);
  const hasMore = entries.length > pageSize;
  sendJson(ctx.res, 200, {
    rows: page.map((entry) => requestRow(store, entry.id, entry.mtime, entry.size)),
    next_cursor: hasMore ? pyFloat(page[page.length - 1].mtime) : null,
    has_more: hasMore,
  });
}

function requestRow(store: FileStore, id: string, mtime: number, size: number): unknown {
  const status = readJson(store, statusFile(id)) as { status?: string; completed_at?: number } | undefined;
  const row = {
    request_id: id,
    mtime: pyFloat(mtime),
    size_bytes: size,
    request_count: 0,
    status: status?.status ?? 'unknown',
    completed_at: status?.completed_at === undefined ? null : pyFloat(status.completed_at),
    model: 'unknown',
    request_type: 'unknown',
    prompt_preview: '<unreadable>',
    has_response: store.stat(responseFile(id)) !== undefined,
  };
  let request: unknown;
  try {
    request = JSON.parse(store.read(requestFile(id)) ?? '');
  } catch {
    return row;
  }
  if (!Array.isArray(request)) return row;
  const first = (request[0] ?? {}) as Record<string, unknown>;
  const prompt = typeof first.prompt === 'string' ? first.prompt : first.prompt === undefined ? '' : JSON.stringify(first.prompt);
  return {
    ...row,
    request_count: request.length,
    model: typeof first.model === 'string' ? first.model : 'unknown',
    request_type: typeof first.request_type === 'string' ? first.request_type : 'unknown',
    prompt_preview: prompt.length > PREVIEW_CHARS ? `${prompt.slice(0, PREVIEW_CHARS)}…` : prompt,
  };
}

function requestDetail(rt: SimRuntime, ctx: RequestContext): void {
  const id = ctx.params.request_id;
  if (!GROUP_ID_PATTERN.test(id)) return sendDetail(ctx.res, 400, 'request_id must be a 64-char hex string');
  const store = rt.deployment.files.store;
  const requestInfo = store.stat(requestFile(id));
  if (!requestInfo) return sendDetail(ctx.res, 404, `request ${id} not found`);
  const responseInfo = store.stat(responseFile(id));
  sendJson(ctx.res, 200, {
    request_id: id,
    request: displayFile(store, requestFile(id)),
    response: responseInfo ? displayFile(store, responseFile(id)) : null,
    status: store.stat(statusFile(id)) ? displayFile(store, statusFile(id)) : null,
    request_mtime: pyFloat(requestInfo.mtime),
    response_mtime: responseInfo ? pyFloat(responseInfo.mtime) : null,
  });
}

/** A file's JSON, or the placeholders of §5.2 for one too large or unreadable. */
function displayFile(store: FileStore, name: string): unknown {
  const size = store.stat(name)?.size ?? 0;
  if (size > DISPLAY_LIMIT_BYTES) return { error: 'too large to display', size_bytes: size };
  try {
    return JSON.parse(store.read(name) ?? '');
  } catch (error) {
    return { error: 'unreadable', detail: String(error) };
  }
}

function readJson(store: FileStore, name: string): unknown {
  try {
    const text = store.read(name);
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
