// GET /v1/generate/metrics (protocol §4) and, on the current profile, GET /v1/metrics (§7).

import { sendJson, sendText } from '../http/reply';
import type { Route } from '../http/router';
import { PROMETHEUS_CONTENT_TYPE, renderPrometheus } from '../metrics/prometheus';
import type { SimRuntime } from '../runtime';

/** queue_depth = prompts of every unacked row + open proxied streams (§4). */
export function queueDepth(rt: SimRuntime): number {
  return rt.deployment.queuedPromptCount() + rt.metrics.streamingInflight;
}

export function metricsRoutes(rt: SimRuntime): Route[] {
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/v1/generate/metrics',
      handler: (ctx) => sendJson(ctx.res, 200, rt.metrics.snapshot(queueDepth(rt), rt.options.profile)),
    },
  ];
  if (!rt.legacy) {
    routes.push({
      method: 'GET',
      path: '/v1/metrics',
      handler: (ctx) => sendText(ctx.res, 200, renderPrometheus(rt.metrics, queueDepth(rt), rt.startedAt), PROMETHEUS_CONTENT_TYPE),
    });
  }
  return routes;
}
