// POST /v1/generate, /v1/generate/get_results and /v1/generate/clear_queue (protocol §1-§3, §10.2).

import { createHash } from 'node:crypto';
import type { Group } from '../engine/group';
import { sendDetail, sendInternalServerError, sendJson } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import {
  checkFloat,
  checkInt,
  checkList,
  checkString,
  isPlainObject,
  Issues,
  parseBodyObject,
  requireField,
  sendValidationError,
} from '../http/validation';
import { renderGenerateEntry } from '../model/render-entry';
import { findModel } from '../training/find-model';
import type { SimRuntime } from '../runtime';
import type { QueuedItem } from '../state/request-files';
import { computeGroupId, groupOfPromptId } from '../wire/ids';
import { pyFloat } from '../wire/python-json';

/** `default_max_output_tokens`, used when max_tokens is an explicit null (PR #186). */
const DEFAULT_MAX_OUTPUT_TOKENS = 128;
/** Pydantic's default when max_tokens is omitted. */
const OMITTED_MAX_TOKENS = 16;

export function generateRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'POST', path: '/v1/generate', handler: (ctx) => submitBatch(rt, ctx) },
    { method: 'POST', path: '/v1/generate/get_results', handler: (ctx) => getResults(rt, ctx) },
    {
      method: 'POST',
      path: '/v1/generate/clear_queue',
      handler: (ctx) => {
        rt.deployment.clear();
        sendJson(ctx.res, 200, null);
      },
    },
  ];
}

interface GenerateRequest {
  model: string | null;
  prompts: unknown[];
  maxTokens: number | null;
  temperature: number | null;
  tools: unknown[] | null;
  toolChoice: unknown;
}

async function submitBatch(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  const issues = new Issues();
  const request = parseGenerateRequest(ctx.body, issues);
  if (!request) return sendValidationError(ctx.res, issues);

  const model = findModel(rt.catalog, rt.training, request.model);
  // The handler overwrites the name with the failed lookup (None) before formatting it (§1.1).
  if (!model) return sendDetail(ctx.res, 404, 'Model None not found');

  const items: QueuedItem[] = [];
  for (const entry of request.prompts) {
    const rendered = renderGenerateEntry(entry);
    if ('error' in rendered) return sendDetail(ctx.res, 500, `Error generating responses: ${rendered.error}`);
    items.push({
      prompt: rendered.prompt,
      model,
      max_tokens: request.maxTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      temperature: request.temperature === null ? null : pyFloat(request.temperature),
      tools: request.tools,
      tool_choice: request.toolChoice,
      request_type: 'generate',
    });
  }

  const groupId = computeGroupId(items);
  rt.stats.generateSubmissions[groupId] = (rt.stats.generateSubmissions[groupId] ?? 0) + 1;
  let group = rt.deployment.find(groupId);
  if (group) {
    rt.deployment.resubmit(group);
  } else {
    rt.metrics.recordNewRequests(items.length);
    group = rt.deployment.enqueue(groupId, items, ctx.url.pathname);
  }
  rt.saveStats();
  // `prompts: []` answers at once, though its zero-count row stays queued (§1.1).
  if (items.length === 0) return sendJson(ctx.res, 200, { results: [] });

  await group.whenComplete(rt.timers, rt.options.responseTimeoutMs, ctx.signal);
  if (ctx.signal.aborted) return;
  sendJson(ctx.res, 200, { results: rt.deployment.resultRows(group) });
}

function parseGenerateRequest(raw: Buffer, issues: Issues): GenerateRequest | undefined {
  const body = parseBodyObject(raw, issues);
  if (!body) return undefined;
  const model = body.model === undefined || body.model === null ? null : checkString(body.model, ['body', 'model'], issues);
  const prompts = checkPrompts(requireField(body, 'prompts', ['body'], issues), issues);
  const maxTokens = !('max_tokens' in body) ? OMITTED_MAX_TOKENS : body.max_tokens === null ? null : checkInt(body.max_tokens, ['body', 'max_tokens'], issues);
  const temperature = !('temperature' in body) ? 0 : body.temperature === null ? null : checkFloat(body.temperature, ['body', 'temperature'], issues);
  const tools = body.tools === undefined || body.tools === null ? null : checkList(body.tools, ['body', 'tools'], issues);
  const toolChoice = body.tool_choice ?? null;
  if (toolChoice !== null && typeof toolChoice !== 'string' && !isPlainObject(toolChoice)) {
    issues.add('string_type', ['body', 'tool_choice', 'str'], toolChoice);
    issues.add('dict_type', ['body', 'tool_choice', 'dict[any,any]'], toolChoice);
  }
  if (issues.found || prompts === undefined || model === undefined || maxTokens === undefined || temperature === undefined || tools === undefined) return undefined;
  return { model, prompts, maxTokens, temperature, tools, toolChoice };
}

/** `list[Union[str, dict[str, Any]]]`: a failing entry gets one issue per member of the union. */
function checkPrompts(value: unknown, issues: Issues): unknown[] | undefined {
  if (value === undefined) return undefined;
  const prompts = checkList(value, ['body', 'prompts'], issues);
  prompts?.forEach((entry, i) => {
    if (typeof entry === 'string' || isPlainObject(entry)) return;
    issues.add('string_type', ['body', 'prompts', i, 'str'], entry);
    issues.add('dict_type', ['body', 'prompts', i, 'dict[str,any]'], entry);
  });
  return prompts;
}

async function getResults(rt: SimRuntime, ctx: RequestContext): Promise<void> {
  const issues = new Issues();
  const body = parseBodyObject(ctx.body, issues);
  const integerIds = rt.deployment.settings.idStyle === 'integer';
  const list = body && checkList(requireField(body, 'request_ids', ['body'], issues), ['body', 'request_ids'], issues);
  const ids = (list ?? []).map((id, i) => (integerIds ? checkInt(id, ['body', 'request_ids', i], issues) : checkString(id, ['body', 'request_ids', i], issues)));
  if (issues.found) return sendValidationError(ctx.res, issues);
  if (ids.length === 0) return sendJson(ctx.res, 200, { results: [] });
  if (integerIds) return getIntegerResults(rt, ctx, ids as number[]);

  const groups: Group[] = [];
  for (const groupId of new Set((ids as string[]).map(groupOfPromptId))) {
    const group = rt.deployment.find(groupId);
    // open(status_file) raises FileNotFoundError, which nothing catches (§2).
    if (!group) return sendInternalServerError(ctx.res);
    groups.push(group);
  }
  const results = [];
  for (const group of inSetOrder(groups, rt.options.seed)) {
    // One group after another, each blocking up to the response timeout (§2).
    await group.whenComplete(rt.timers, rt.options.responseTimeoutMs, ctx.signal);
    if (ctx.signal.aborted) return;
    results.push(...rt.deployment.resultRows(group));
  }
  sendJson(ctx.res, 200, { results });
}

/** Servers up to Oct 2025: integer ids, each looked up on its own, answered for exactly the ids asked. */
async function getIntegerResults(rt: SimRuntime, ctx: RequestContext, ids: number[]): Promise<void> {
  const found = [];
  for (const id of new Set(ids)) {
    const located = rt.deployment.findIntegerId(id);
    if (!located) return sendInternalServerError(ctx.res);
    found.push(located);
  }
  for (const group of new Set(found.map((f) => f.group))) {
    await group.whenComplete(rt.timers, rt.options.responseTimeoutMs, ctx.signal);
    if (ctx.signal.aborted) return;
  }
  sendJson(ctx.res, 200, { results: found.map((f) => rt.deployment.resultRow(f.group, f.index)) });
}

/**
 * Python `set` iteration order is arbitrary (§2); a seeded hash order stands in for it, stable for a given
 * seed but unrelated to the order the client asked in, so clients must match results by id.
 */
function inSetOrder(groups: Group[], seed: number): Group[] {
  const rank = (group: Group): string => createHash('sha256').update(`${seed}:${group.id}`).digest('hex');
  return [...groups].sort((a, b) => (rank(a) < rank(b) ? -1 : 1));
}
