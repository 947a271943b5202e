// Models, health and discovery routes (protocol §7): /v1/models (vLLM's list), /v1/health and its keepalive,
// logs and endpoints, /v1/generate/endpoints and the UI's api-config. list_models is a training route.

import { sendJson, sendText } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import type { SimRuntime } from '../runtime';

/** The health and logs routes of ScalarLM's services; only the API's own log exists here. */
const LOG_SERVICES = ['api', 'vllm', 'megatron'];

export function modelsHealthRoutes(rt: SimRuntime, allRoutes: () => readonly Route[]): Route[] {
  const health = rt.legacy ? { api: 'up', vllm: 'up', all: 'up' } : { api: 'up', vllm: 'up', megatron: 'up', all: 'up' };
  return [
    { method: 'GET', path: '/v1/models', handler: (ctx) => sendJson(ctx.res, 200, rt.catalog.modelList()) },
    { method: 'GET', path: '/v1/health', handler: (ctx) => sendJson(ctx.res, 200, health) },
    { method: 'GET', path: '/v1/health/keepalive', handler: (ctx) => sendJson(ctx.res, 200, { status: 'ok' }) },
    { method: 'GET', path: '/v1/health/logs/{service}', handler: (ctx) => serviceLogs(rt, ctx) },
    { method: 'GET', path: '/v1/health/endpoints', handler: (ctx) => sendJson(ctx.res, 200, endpoints(allRoutes(), '/v1/health')) },
    { method: 'GET', path: '/v1/generate/endpoints', handler: (ctx) => sendJson(ctx.res, 200, endpoints(allRoutes(), '/v1/generate')) },
    {
      method: 'GET',
      path: '/app/api-config.json',
      handler: (ctx) =>
        sendJson(ctx.res, 200, { api_base: '/v1', version: rt.legacy ? '0.99' : '1.151', default_model: rt.options.model, features: {} }),
    },
  ];
}

/** FastAPI's route listing: paths relative to /v1, e.g. `Path: /health/keepalive, Methods: GET`. */
function endpoints(routes: readonly Route[], prefix: string): unknown {
  return {
    endpoints: routes
      .filter((route) => route.path === prefix || route.path.startsWith(`${prefix}/`))
      .map((route) => `Path: ${route.path.slice('/v1'.length)}, Methods: ${route.method}`),
  };
}

/** Labelled text/event-stream but really NDJSON records (§7). */
function serviceLogs(rt: SimRuntime, ctx: RequestContext): void {
  const service = ctx.params.service;
  if (service !== 'api') {
    const reason = LOG_SERVICES.includes(service) ? `Log file for ${service} not found` : `Unknown service: ${service}`;
    return sendJson(ctx.res, 500, { error: reason });
  }
  const number = (name: string): number | undefined => {
    const text = ctx.url.searchParams.get(name);
    return text === null || !/^\d+$/.test(text) ? undefined : Number(text);
  };
  const records = rt.requestLog.read({ tail: number('tail'), startLine: number('starting_line_number'), limit: number('limit') });
  sendText(ctx.res, 200, records.map((record) => `${JSON.stringify(record)}\n`).join(''), 'text/event-stream; charset=utf-8');
}
