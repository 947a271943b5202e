// Prompts piped on stdin, or given as a FIFO, /dev/stdin or a process substitution (`<(...)`), are written to a
// file first: such a stream can be read only once, and validation and the run each read the prompts, and a run
// can be resumed later from that file.

import { createWriteStream, existsSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { UsageError } from './command';

export async function spoolStream(stream: NodeJS.ReadableStream, path: string): Promise<void> {
  await pipeline(stream, createWriteStream(path, { flags: 'wx' }));
}

/** A regular file is read where it is; anything else that reads as a stream (a pipe, a device) is spooled. */
export function inputKind(given: string): 'file' | 'stream' {
  if (!existsSync(given)) throw new UsageError(`There is no input file ${given}.`);
  const stat = statSync(given);
  if (stat.isDirectory()) throw new UsageError(`${given} is a folder: give a prompt file in it.`);
  return stat.isFile() ? 'file' : 'stream';
}

/** `-`, and the names of stdin itself: read from the stream the command was given (opening /dev/stdin fails on a socket). */
export function readsStdin(given: string): boolean {
  return given === '-' || given === '/dev/stdin' || given === '/dev/fd/0';
}
