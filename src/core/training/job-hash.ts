// The job hash as the server derives it (training.md §2.1): sha256 of Python's json.dumps of the params as sent,
// with the archive's sha256 added last as `dataset_hash`. Known here, a submit whose answer failed can ask the
// deployment for the job (GET /train/{hash}) before anything is sent again.

import { createHash } from 'node:crypto';
import { pythonJsonDumps } from '../api/group-id';

export function expectedJobHash(archive: Buffer, params: Readonly<Record<string, unknown>>): string {
  // What the server parsed: the params' JSON as sent, read back.
  const sent = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
  const trainArgs = { ...sent, dataset_hash: sha256(archive) };
  return sha256(Buffer.from(pythonJsonDumps(trainArgs), 'utf8'));
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
