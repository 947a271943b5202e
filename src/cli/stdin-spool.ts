// Prompts piped on stdin are written to a file first: validation and the run each read them once, and
// a run can be resumed later from that file.

import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';

export async function spoolStdin(stdin: NodeJS.ReadableStream, path: string): Promise<void> {
  await pipeline(stdin, createWriteStream(path, { flags: 'wx' }));
}
