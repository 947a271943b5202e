// A dataset given as a pipe (a FIFO, /dev/stdin, a process substitution) can be read once, and a run reads its
// dataset more than once (counted, planned, sent). Such a path is copied once to a temporary file, which every
// read then uses; the copy goes when the process ends. A regular file is read where it is.

import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';

const copies = new Map<string, Promise<string>>();

/** `path` itself for a regular file (or one that cannot be read: its reader says why); else its one copy. */
export function readablePath(path: string): Promise<string> {
  if (!isPipe(path)) return Promise.resolve(path);
  let copy = copies.get(path);
  if (!copy) copies.set(path, (copy = copyOnce(path)));
  return copy;
}

/** A FIFO, a character device or a socket: what can be read only once. */
export function isPipe(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isFIFO() || stat.isCharacterDevice() || stat.isSocket();
  } catch {
    return false;
  }
}

async function copyOnce(path: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'scalarlm-lab-pipe-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const copy = join(dir, basename(path));
  await pipeline(createReadStream(path), createWriteStream(copy));
  return copy;
}
