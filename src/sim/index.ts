// The simulator as a library: start one on a port (0 for a free one), read what it saw, arm faults, close it.
// See ../../shared/scalarlm-protocol.md for the behaviour it reproduces.

import { Router, type Route } from './http/router';
import { resolveOptions, validateFaultSpec, type FaultSpec, type SimOptions, type SimStats } from './options';
import { chatRoutes } from './routes/chat';
import { completionRoutes } from './routes/completions';
import { controlRoutes, snapshotStats } from './routes/control';
import { generateRoutes } from './routes/generate';
import { metricsRoutes } from './routes/metrics';
import { modelsHealthRoutes } from './routes/models-health';
import { requestBrowserRoutes } from './routes/request-browser';
import { trainingRoutes } from './routes/training';
import { trainingLifecycleRoutes } from './routes/training-lifecycle';
import { workerPlaneRoutes } from './routes/worker-plane';
import { createRuntime, type SimRuntime } from './runtime';
import { SimServer } from './server';

export type { FaultKind, FaultSpec, SimOptions, SimStats } from './options';
export { DEFAULT_OPTIONS, parseFaultFlag } from './options';
export { simulatedCompletion } from './model/generator';
export { renderChatTemplate } from './model/chat-template';

export interface SimHandle {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  stats(): SimStats;
  addFaults(faults: FaultSpec[]): void;
  clearFaults(): void;
  /** Ends everything: open requests, timers, sockets. */
  close(): Promise<void>;
}

export async function startSimulator(options: Partial<SimOptions> = {}): Promise<SimHandle> {
  const resolved = resolveOptions(options);
  const rt = createRuntime(resolved);
  const server = new SimServer(rt, new Router(allRoutes(rt)));
  let port: number;
  try {
    port = await server.listen(resolved.host, resolved.port);
  } catch (error) {
    rt.timers.clearAll();
    throw error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: `http://${resolved.host.includes(':') ? `[${resolved.host}]` : resolved.host}:${port}`,
    port,
    stats: () => snapshotStats(rt),
    addFaults: (faults) => {
      faults.forEach((fault) => validateFaultSpec(fault));
      rt.faults.add(faults);
    },
    clearFaults: () => rt.faults.clear(),
    close: () => {
      closing ??= (async () => {
        const closed = server.close();
        rt.timers.clearAll();
        await closed;
      })();
      return closing;
    },
  };
}

/** The routes of the chosen profile. The legacy server lacks list_requests, request detail and Prometheus (§10.2). */
function allRoutes(rt: SimRuntime): Route[] {
  const routes: Route[] = [];
  routes.push(
    ...generateRoutes(rt),
    ...metricsRoutes(rt),
    ...(rt.legacy ? [] : requestBrowserRoutes(rt)),
    ...workerPlaneRoutes(rt),
    ...chatRoutes(rt),
    ...completionRoutes(rt),
    ...trainingRoutes(rt),
    ...trainingLifecycleRoutes(rt),
    ...modelsHealthRoutes(rt, () => routes),
    ...controlRoutes(rt),
  );
  return routes;
}
