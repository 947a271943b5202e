// The file a run's prompts come from, recorded in its ledger (format version 2) by size and SHA-256 so that
// the ledger need not repeat the prompts: a resumed run and a panel read them from the file again, after
// checking it is the same file. A file that changed is refused with a message saying so, never read as if
// it were the one the run was sent from.

import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { parsePromptText } from '../prompts/sources';
import { type PromptFormat, type PromptItem } from '../prompts/types';

export interface LedgerInput {
  /** Absolute path of the file, as read when the run began. */
  path: string;
  format: PromptFormat;
  size: number;
  sha256: string;
}

/** A run cannot go on: its ledger leaves the prompts to an input file that is gone or changed. */
export class InputChangedError extends Error {}

/** Reads the file once, in chunks (a million-prompt file is never held whole). */
export async function fingerprintInput(path: string, format: PromptFormat): Promise<LedgerInput> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { path, format, size, sha256: hash.digest('hex') };
}

/** Why `path` cannot stand in for the run's input (gone, or another size or content); undefined when it can. */
export async function inputMismatch(input: LedgerInput, path: string = input.path): Promise<string | undefined> {
  if (!existsSync(path)) return `The input file ${path} is gone.`;
  const now = await fingerprintInput(path, input.format);
  return describeChange(input, now);
}

/**
 * The run's prompts with their origins, read from its input file at once (for a view that holds the whole run
 * anyway); undefined when the file is gone or changed.
 */
export function readInputPrompts(input: LedgerInput): PromptItem[] | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(input.path);
  } catch {
    return undefined;
  }
  const now = { ...input, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  if (describeChange(input, now) !== undefined) return undefined;
  return parsePromptText(bytes.toString('utf8'), { fileName: input.path, format: input.format }).items;
}

function describeChange(was: LedgerInput, now: LedgerInput): string | undefined {
  if (now.size === was.size && now.sha256 === was.sha256) return undefined;
  const size = now.size === was.size ? 'the same size, other content' : `${now.size} bytes, not ${was.size}`;
  return `The input file ${now.path} changed since the run began (${size}).`;
}

