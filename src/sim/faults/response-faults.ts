// Request-level faults that bend the answer of a request a handler processed normally: dropped after
// processing, truncated, or slow. They patch the response object, so every handler, JSON or streamed,
// meets them the same way without knowing.

import type { ServerResponse } from 'node:http';
import type { Timers } from '../util/timers';

type ResponseMethod = 'writeHead' | 'write' | 'end' | 'flushHeaders';
const METHODS: readonly ResponseMethod[] = ['writeHead', 'write', 'end', 'flushHeaders'];
type AnyMethod = (...args: unknown[]) => unknown;

/** drop-after: the handler does all its work (a batch is queued), then the socket dies instead of an answer. */
export function dropInsteadOfAnswer(res: ServerResponse): void {
  for (const method of METHODS) {
    patch(res, method, () => {
      res.socket?.destroy();
      return method === 'write' ? false : res;
    });
  }
}

/** truncate: headers (with the full Content-Length) and the first half of the final body, then the socket dies. */
export function truncateAnswer(res: ServerResponse): void {
  const write = original(res, 'write');
  patch(res, 'end', (...args) => {
    const chunk = args.find((arg) => typeof arg === 'string' || Buffer.isBuffer(arg)) as string | Buffer | undefined;
    const bytes = chunk === undefined ? Buffer.alloc(0) : Buffer.from(chunk);
    write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
    return res;
  });
}

/** slow: the answer, headers included, leaves `ms` after the handler first tried to send it. */
export function delayAnswer(res: ServerResponse, ms: number, timers: Timers): void {
  const originals = new Map(METHODS.map((method) => [method, original(res, method)] as const));
  const queued: (() => void)[] = [];
  let armed = false;
  const release = (): void => {
    for (const [method, fn] of originals) patch(res, method, fn);
    for (const operation of queued.splice(0)) operation();
  };
  for (const method of METHODS) {
    patch(res, method, (...args) => {
      queued.push(() => originals.get(method)?.(...args));
      if (!armed) {
        armed = true;
        timers.after(ms, release);
      }
      return method === 'write' ? true : res;
    });
  }
}

function original(res: ServerResponse, method: ResponseMethod): AnyMethod {
  return (res[method] as AnyMethod).bind(res);
}

function patch(res: ServerResponse, method: ResponseMethod, replacement: AnyMethod): void {
  (res as unknown as Record<ResponseMethod, AnyMethod>)[method] = replacement;
}
