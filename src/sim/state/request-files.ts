// The file layout of protocol §1.3 under upload_base_path: `{group}.json` (the queued items),
// `{group}_status.json` and, once the whole group is done, `{group}_response.json`. Written with Python's
// json.dumps, as the server does, so sizes and the request browser (§5) look the same.

import { pyDumps, pyFloat, type PyFloat } from '../wire/python-json';
import type { FileStore } from './file-store';

export interface StatusFile {
  status: 'in_progress' | 'completed';
  current_index: number;
  total_requests: number;
  work_queue_id: number | null;
  completed_at?: number;
  /** Tee'd streaming requests (§5.1). */
  transport?: 'sse';
}

/**
 * One prompt's stored result (§5.2): no prompt, no request_id. finish_work copies only the fields the worker
 * reported, in this order; the generate worker reports no finish_reason for a /v1/generate item (§11).
 */
export interface StoredResult {
  is_acked: true;
  /** Text, or an embedding's vector (`[[sim:embedding=N]]`, §9). */
  response?: string | PyFloat[];
  error?: string;
  token_count?: number;
  prompt_tokens?: number;
  completion_tokens?: number;
  reasoning?: string;
  tool_calls?: unknown[];
  finish_reason?: string;
}

export interface ResponseFile {
  results: Record<string, StoredResult>;
  current_index: number;
  total_requests: number;
  work_queue_id: null;
}

export type QueuedItem = Record<string, unknown>;

export const REQUEST_FILE_PATTERN = /^[0-9a-f]{64}\.json$/;

export class RequestFiles {
  constructor(readonly store: FileStore) {}

  writeRequest(group: string, items: readonly QueuedItem[]): void {
    this.store.write(requestFile(group), pyDumps(items));
  }

  /** Writes the upload's bytes as they came: its group id is the hash of exactly these bytes (§8.3). */
  writeRawRequest(group: string, text: string): void {
    this.store.write(requestFile(group), text);
  }

  writeStatus(group: string, status: StatusFile): void {
    const { completed_at, ...rest } = status;
    this.store.write(statusFile(group), pyDumps(completed_at === undefined ? rest : { ...rest, completed_at: pyFloat(completed_at) }));
  }

  writeResponse(group: string, response: ResponseFile): void {
    this.store.write(responseFile(group), pyDumps(response));
  }

  /** A tee'd stream keeps its raw SSE text (§5.1). */
  writeSseResponse(group: string, raw: string): void {
    this.store.write(responseFile(group), pyDumps({ sse_response: raw }));
  }

  readRequest(group: string): QueuedItem[] | undefined {
    return this.readJson(requestFile(group)) as QueuedItem[] | undefined;
  }

  readStatus(group: string): StatusFile | undefined {
    return this.readJson(statusFile(group)) as StatusFile | undefined;
  }

  readResponse(group: string): ResponseFile | undefined {
    return this.readJson(responseFile(group)) as ResponseFile | undefined;
  }

  hasRequest(group: string): boolean {
    return this.store.stat(requestFile(group)) !== undefined;
  }

  private readJson(name: string): unknown {
    const text = this.store.read(name);
    return text === undefined ? undefined : JSON.parse(text);
  }
}

export function requestFile(group: string): string {
  return `${group}.json`;
}

export function statusFile(group: string): string {
  return `${group}_status.json`;
}

export function responseFile(group: string): string {
  return `${group}_response.json`;
}
