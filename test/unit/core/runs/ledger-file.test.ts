// Reading a ledger's lines: every whole line with its byte offsets, whatever falls across the reads (64 KiB at a
// time) and however long a line is; a last line a crash cut is left out.

import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readLedgerLines } from '../../../../src/core/runs/ledger-file';
import type { LedgerEvent } from '../../../../src/core/runs/ledger-schema';
import { useTempDir } from '../../helpers/temp-dir';

describe('reading a ledger\'s lines', () => {
  const tmp = useTempDir();

  it('gives every whole line and its offsets across reads, lines longer than a read and multi-byte characters included', () => {
    const path = join(tmp.path, 'run.ledger.jsonl');
    // Lines of many lengths (some far longer than a read), with characters of 2, 3 and 4 bytes and blank lines.
    const events = Array.from({ length: 400 }, (_, g) => ({ t: 'items', g, s: 'ok', r: [`${'é€😀'.repeat(g % 7)}${'x'.repeat(((g * 7919) % 1500) * (g % 50 === 0 ? 200 : 1))}`] }));
    const lines = events.map((event) => JSON.stringify(event));
    const text = lines.map((line, at) => (at % 13 === 0 ? `${line}\n\n` : `${line}\n`)).join('') + '{"t":"items","g":400,"s":"o';
    writeFileSync(path, text);
    const read = [...readLedgerLines(path)];
    assert.deepEqual(read.map((line) => line.event), events as unknown as LedgerEvent[]);
    const bytes = Buffer.from(text);
    for (const line of read) assert.equal(bytes.toString('utf8', line.offset, line.next), `${JSON.stringify(line.event)}\n`);
    // From a line's offset on, the same lines as from the start.
    const from = read[123];
    assert.deepEqual([...readLedgerLines(path, from.offset)].map((line) => [line.offset, line.next]), read.slice(123).map((line) => [line.offset, line.next]));
  });
});
