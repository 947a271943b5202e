// Request ids as the server forms them (protocol §1.3): the group id is the SHA-256 of json.dumps of the
// queued items; a prompt's id is `<group>_<index:09d>` (current), `<group>_<index>` (Nov 2025) or, before
// that, a bare integer (the SQLite row id of the prompt).

import { createHash } from 'node:crypto';
import { pyDumps } from './python-json';

export type IdStyle = 'padded' | 'unpadded' | 'integer';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 hex of Python's json.dumps of the item list: identical batches get identical ids. */
export function computeGroupId(items: readonly unknown[]): string {
  return sha256Hex(pyDumps(items));
}

export function promptId(group: string, index: number, style: 'padded' | 'unpadded'): string {
  return style === 'padded' ? `${group}_${String(index).padStart(9, '0')}` : `${group}_${index}`;
}

/** Everything before the first `_` (`work_queue/get_group_request_id.py`); an id without `_` is all group. */
export function groupOfPromptId(id: string): string {
  const underscore = id.indexOf('_');
  return underscore === -1 ? id : id.slice(0, underscore);
}

export const GROUP_ID_PATTERN = /^[0-9a-f]{64}$/;
