// The small JSON records the training lineage keeps in the runs folder: written whole through a temporary file
// (a reader never sees half a record), read back with their format checked.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A record that is there but cannot be read as one: the message names the file and what to do. */
export class LineageError extends Error {}

export function writeRecord(path: string, record: object): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(record, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** The record at `path` when it is one of this format and version; undefined when there is none. */
export function readRecord(path: string, format: string, version: number): Record<string, unknown> | undefined {
  if (!existsSync(path)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new LineageError(`${path} is damaged (${(error as Error).message}); delete it, and export or train again to record it anew.`);
  }
  const record = value as { format?: unknown; version?: unknown } | null;
  if (typeof record !== 'object' || record === null || record.format !== format) throw new LineageError(`${path} is not a ${format} record; delete it, and export or train again to record it anew.`);
  if (record.version !== version) throw new LineageError(`${path} is a ${format} record of version ${JSON.stringify(record.version)}; this scalarlm-lab reads version ${version}.`);
  return record as Record<string, unknown>;
}
