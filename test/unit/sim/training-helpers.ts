// Helpers for the simulator's training tests: archives made by GNU tar (an implementation independent of
// both sides of the wire), multipart bodies built by hand, and the hash the server derives.

import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SimHandle } from '../../../src/sim';
import { get, json, type Reply } from './helpers';

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
  job_status: { status: string; model_name?: string; job_id?: string; history?: { step: number; loss: number }[]; error?: string; max_steps?: number };
  job_config: Record<string, unknown>;
  deployed: boolean;
}

export async function jobInfo(sim: SimHandle, hash: string): Promise<{ status: number; body: TrainReply }> {
  const reply = await get(sim, `/v1/megatron/train/${hash}`);
  return { status: reply.status, body: json<TrainReply>(reply) };
}
