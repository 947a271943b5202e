// The training upload as the server opens it: `tarfile.open(path, "r:*")` detects gzip or a plain tar
// (training.md §2.1), then the trainer reads `dataset.jsonlines` at the archive's root. A small ustar
// reader is enough: the simulator only needs that one member, and needs no package for it.

import { gunzipSync } from 'node:zlib';

const BLOCK = 512;
const DATASET_MEMBER = 'dataset.jsonlines';

export type OpenedArchive = { ok: true; dataset: Buffer | undefined } | { ok: false; message: string };

/** The dataset of an uploaded archive (undefined when the archive has none), or tarfile's message for bytes it cannot open. */
export function openTrainingArchive(bytes: Buffer): OpenedArchive {
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = gunzipSync(bytes);
    } catch (error) {
      return { ok: false, message: `Error -3 while decompressing data: ${(error as Error).message}` };
    }
  }
  const members = readMembers(tar);
  if (!members) return { ok: false, message: notAnArchive(bytes) };
  return { ok: true, dataset: members.get(DATASET_MEMBER) };
}

/** Regular files by name (a leading `./` dropped), or undefined when the first header is not a tar header. */
function readMembers(tar: Buffer): Map<string, Buffer> | undefined {
  const members = new Map<string, Buffer>();
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return members;
    if (!checksumMatches(header)) return at === 0 ? undefined : members;
    const name = text(header, 0, 100);
    const prefix = text(header, 345, 155);
    const size = parseInt(text(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 0x30);
    const start = at + BLOCK;
    if (type === '0' && start + size <= tar.length) {
      members.set((prefix ? `${prefix}/${name}` : name).replace(/^\.\//, ''), tar.subarray(start, start + size));
    }
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return at === 0 ? undefined : members;
}

function checksumMatches(header: Buffer): boolean {
  const stored = parseInt(text(header, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return stored === sum;
}

function text(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

/** tarfile's ReadError for "r:*" when no method opens the file. */
function notAnArchive(bytes: Buffer): string {
  const tarReason = bytes.length < BLOCK ? 'truncated header' : 'invalid header';
  return (
    'file could not be opened successfully:\n' +
    `- method gz: ReadError('not a gzip file')\n` +
    `- method bz2: ReadError('not a bzip2 file')\n` +
    `- method xz: ReadError('not an lzma file')\n` +
    `- method tar: ReadError('${tarReason}')`
  );
}
