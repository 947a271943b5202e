// How the server names a training job (training.md §2.1): sha256 of the archive bytes exactly as sent is the
// dataset hash; the params object gets it as its last key, and the job hash is sha256 of json.dumps of that,
// with Python's default separators and the client's key order.

import { pyDumps } from '../wire/python-json';
import { sha256Hex } from '../wire/ids';

export function datasetHashOf(archive: Buffer): string {
  return sha256Hex(archive);
}

/**
 * The train_args the server hashes: the client's params, then `dataset_hash` (a `dataset_hash` the client sent
 * keeps its place and takes the server's value, as assigning an existing key of a Python dict does).
 */
export function trainArgsOf(params: Record<string, unknown>, datasetHash: string): Record<string, unknown> {
  return { ...params, dataset_hash: datasetHash };
}

export function jobHashOf(trainArgs: Record<string, unknown>): string {
  return sha256Hex(pyDumps(trainArgs));
}
