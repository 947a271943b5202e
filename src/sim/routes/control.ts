// /_sim/: not ScalarLM. A control namespace so tests in another process can read what the simulator saw
// and arm or clear faults.

import { sendDetail, sendJson } from '../http/reply';
import type { RequestContext, Route } from '../http/router';
import { validateFaultSpec, type FaultSpec } from '../options';
import type { SimRuntime } from '../runtime';

export function controlRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'GET', path: '/_sim/stats', handler: (ctx) => sendJson(ctx.res, 200, snapshotStats(rt)) },
    { method: 'POST', path: '/_sim/faults', handler: (ctx) => addFaults(rt, ctx) },
    {
      method: 'DELETE',
      path: '/_sim/faults',
      handler: (ctx) => {
        rt.faults.clear();
        sendJson(ctx.res, 200, { cleared: true });
      },
    },
  ];
}

export function snapshotStats(rt: SimRuntime): SimRuntime['stats'] {
  const { requests, generateSubmissions, enqueuedPrompts, idleSocketTimeouts, trainingJobs } = rt.stats;
  return { requests: { ...requests }, generateSubmissions: { ...generateSubmissions }, enqueuedPrompts, idleSocketTimeouts, trainingJobs };
}

function addFaults(rt: SimRuntime, ctx: RequestContext): void {
  let specs: FaultSpec[];
  try {
    const parsed: unknown = JSON.parse(ctx.body.toString('utf8'));
    if (!Array.isArray(parsed)) throw new TypeError('the body must be a JSON array of fault specs');
    parsed.forEach((spec) => validateFaultSpec(spec));
    specs = parsed as FaultSpec[];
  } catch (error) {
    return sendDetail(ctx.res, 400, error instanceof Error ? error.message : String(error));
  }
  rt.faults.add(specs);
  sendJson(ctx.res, 200, { added: specs.length });
}
