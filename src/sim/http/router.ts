// Method + path -> handler, with `{name}` path parameters. A known path with another method answers 405 and
// an unknown path 404, with FastAPI's bodies.

import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  /** The whole request body, read before the handler runs. */
  body: Buffer;
  /** Aborts when the client goes away or the simulator closes: waiting handlers stop then. */
  signal: AbortSignal;
}

export type Handler = (ctx: RequestContext) => void | Promise<void>;

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/generate/request/{request_id}` */
  path: string;
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

export class Router {
  constructor(readonly routes: readonly Route[]) {}

  match(method: string, pathname: string): RouteMatch {
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchPath(route.path, pathname);
      if (!params) continue;
      if (route.method === method) return { kind: 'found', route, params };
      pathMatched = true;
    }
    return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const expected = pattern.split('/');
  const actual = pathname.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const segment = expected[i];
    if (segment.startsWith('{') && segment.endsWith('}')) {
      if (actual[i] === '') return undefined;
      params[segment.slice(1, -1)] = decodeURIComponent(actual[i]);
    } else if (segment !== actual[i]) {
      return undefined;
    }
  }
  return params;
}
