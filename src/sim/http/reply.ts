// Response helpers with the server's framing: FastAPI's compact JSON, `{"detail": ...}` errors and the
// plain-text 500 of an unhandled exception (protocol §0).

import type { ServerResponse } from 'node:http';
import { fastApiJson } from '../wire/python-json';

export type Headers = Record<string, string | number>;

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Headers = {}): void {
  sendBody(res, status, fastApiJson(value), { 'content-type': 'application/json', ...headers });
}

export function sendText(res: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8', headers: Headers = {}): void {
  sendBody(res, status, text, { 'content-type': contentType, ...headers });
}

/** FastAPI's HTTPException: `{"detail": "..."}` with the given status. */
export function sendDetail(res: ServerResponse, status: number, detail: unknown, headers: Headers = {}): void {
  sendJson(res, status, { detail }, headers);
}

/** Starlette's answer to an unhandled exception. */
export function sendInternalServerError(res: ServerResponse): void {
  sendText(res, 500, 'Internal Server Error');
}

function sendBody(res: ServerResponse, status: number, body: string, headers: Headers): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { ...headers, 'content-length': bytes.length });
  res.end(bytes);
}
