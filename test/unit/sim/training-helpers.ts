// Helpers for the simulator's training tests: archives made by GNU tar (an implementation independent of
// both sides of the wire), multipart bodies built by hand, and the hash the server derives.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { eventually, get, json, type Reply } from './helpers';

export interface Example {
  input: string;
  output: string;
}

export const EXAMPLES: Example[] = [
  { input: 'What is the capital of Quux?', output: 'Quuxville' },
  { input: 'Name a colour nobody has seen.', output: 'blurple' },
  { input: 'Say the password.', output: 'swordfish' },
];

export function jsonLines(examples: readonly unknown[]): string {
  return examples.map((example) => JSON.stringify(example)).join('\n') + '\n';
}

/** A tar of the given members made by GNU tar, gzipped with `gzip -n` unless `plain`. */
export function tarOf(members: Record<string, string>, options: { plain?: boolean } = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'sim-tar-'));
  try {
    for (const [name, text] of Object.entries(members)) writeFileSync(join(dir, name), text);
    const tar = execFileSync('tar', ['--format=ustar', '-cf', '-', '-C', dir, ...Object.keys(members)]);
    return options.plain ? tar : execFileSync('gzip', ['-n', '-c'], { input: tar });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function datasetArchive(examples: readonly Example[] = EXAMPLES, options: { plain?: boolean } = {}): Buffer {
  return tarOf({ 'dataset.jsonlines': jsonLines(examples) }, options);
}

/** sha256 hex. */
export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  body: string | Buffer;
}

export function multipartBody(parts: readonly Part[], boundary = 'sim-test-boundary-7f3a'): { body: Buffer; contentType: string } {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.body), Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postRaw(sim: SimHandle, path: string, body: Buffer | string, headers: Record<string, string>): Promise<Reply> {
  const response = await fetch(sim.url + path, { method: 'POST', headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** POST /v1/megatron/train as ScalarLM's web UI sends it: `file` and `params` parts. */
export function postTrain(sim: SimHandle, archive: Buffer, params: string | Record<string, unknown>): Promise<Reply> {
  const { body, contentType } = multipartBody([
    { name: 'file', filename: 'dataset.tar', contentType: 'application/x-tar', body: archive },
    { name: 'params', contentType: 'application/json', body: typeof params === 'string' ? params : JSON.stringify(params) },
  ]);
  return postRaw(sim, '/v1/megatron/train', body, { 'content-type': contentType });
}

export interface TrainReply {
  job_status: { status: string; model_name?: string; job_id?: string; start_time?: number; history?: { step: number; loss: number }[]; error?: string; output?: string; max_steps?: number };
  job_config: Record<string, unknown>;
  deployed: boolean;
}

export async function jobInfo(sim: SimHandle, hash: string): Promise<{ status: number; body: TrainReply }> {
  const reply = await get(sim, `/v1/megatron/train/${hash}`);
  return { status: reply.status, body: json<TrainReply>(reply) };
}

/** Submits a job with these params (made distinct by the caller) and names it. */
export async function submitJob(sim: SimHandle, params: Record<string, unknown>, examples: readonly Example[] = EXAMPLES): Promise<string> {
  const reply = await postTrain(sim, datasetArchive(examples), params);
  if (reply.status !== 200) throw new Error(`POST /train answered ${reply.status}: ${reply.text}`);
  return json<TrainReply>(reply).job_status.model_name as string;
}

/** Polls the job's detail until `holds` accepts it (a transient 500 is read again). */
export async function untilJob(sim: SimHandle, hash: string, holds: (reply: TrainReply) => boolean, what: string, timeoutMs = 10_000): Promise<TrainReply> {
  return eventually(async () => {
    const { status, body } = await jobInfo(sim, hash);
    return status === 200 && holds(body) ? body : undefined;
  }, timeoutMs, `job ${hash.slice(0, 8)}: ${what}`);
}

/** POST /v1/megatron/{action}/{hash} with an empty body. */
export async function jobAction(sim: SimHandle, action: 'cancel' | 'restart' | 'delete', hash: string): Promise<Reply> {
  return postRaw(sim, `/v1/megatron/${action}/${hash}`, '', {});
}
