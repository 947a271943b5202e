// Prompts piped on stdin, or given as a FIFO, /dev/stdin or a process substitution (`<(...)`), are written to a
// file first: such a stream can be read only once, and validation and the run each read the prompts, and a run
// can be resumed later from that file. What a FILE argument names is checked here, for every command that takes one.

import { createWriteStream, existsSync, statSync, type Stats } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { UsageError } from './command';

export async function spoolStream(stream: NodeJS.ReadableStream, path: string): Promise<void> {
  await pipeline(stream, createWriteStream(path, { flags: 'wx' }));
}

/** A regular file is read where it is; anything else that reads as a stream (a pipe, a device) is spooled. */
export function inputKind(given: string): 'file' | 'stream' {
  return givenFileStat(given, given, 'input file').isFile() ? 'file' : 'stream';
}

/** What a FILE argument names, `shown` as the user gave it: nothing there, or a folder, is refused in words. */
export function givenFileStat(path: string, shown: string, noun: string): Stats {
  if (!existsSync(path)) throw new UsageError(`There is no ${noun} ${shown}.`);
  const stat = statSync(path);
  if (stat.isDirectory()) throw new UsageError(`${shown} is a folder: give a prompt file in it.`);
  return stat;
}

/** `-`, and the names of stdin itself: read from the stream the command was given (opening /dev/stdin fails on a socket). */
export function readsStdin(given: string): boolean {
  return given === '-' || given === '/dev/stdin' || given === '/dev/fd/0';
}
