// POST /v1/megatron/cancel, /restart and /delete as the server answers them (training.md §4): cancel and
// delete answer `null` for a job they cannot find (their catch-all returns nothing), restart a 404, and a
// restart from a state other than FAILED or CANCELLED a 409. None of them computes `deployed`.

import { sendJson } from '../http/reply';
import type { Route } from '../http/router';
import type { SimRuntime } from '../runtime';
import { answer, PREFIX } from './training';

export function trainingLifecycleRoutes(rt: SimRuntime): Route[] {
  return [
    { method: 'POST', path: `${PREFIX}/cancel/{job_hash}`, handler: (ctx) => sendJson(ctx.res, 200, rt.training.cancel(ctx.params.job_hash) ?? null) },
    { method: 'POST', path: `${PREFIX}/restart/{job_hash}`, handler: (ctx) => answer(ctx.res, () => rt.training.restart(ctx.params.job_hash)) },
    { method: 'POST', path: `${PREFIX}/delete/{job_hash}`, handler: (ctx) => sendJson(ctx.res, 200, rt.training.delete(ctx.params.job_hash) ?? null) },
  ];
}
