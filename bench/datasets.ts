// Reading datasets: readDataset over a 100,000-row CSV (a tenth of the rows with a quoted two-line cell) and
// the same rows as JSONL, beside bare csv-parse on the same CSV. Rows/s and the peak growth of RSS while
// reading: streaming should keep the growth to a few MB whatever the row count.

import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { readDataset } from '../src/core/datasets';
import { printTable } from './lib/table';

const ROWS = 100_000;

async function writeLines(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) {
    if (!out.write(line + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

function* csvLines(): Generator<string> {
  yield 'id,question,context,__expected';
  for (let i = 0; i < ROWS; i++) {
    const question = i % 10 === 0 ? `"Question ${i}, in two parts:\nwhat and why?"` : `Question ${i}: what is item ${i % 97}?`;
    yield `${i},${question},Some context for row ${i} that makes the row a little longer,contains:${i}`;
  }
}

function* jsonlLines(): Generator<string> {
  for (let i = 0; i < ROWS; i++) {
    yield JSON.stringify({ vars: { id: String(i), question: `Question ${i}: what is item ${i % 97}?` }, assert: [{ type: 'contains', value: String(i) }] });
  }
}

async function measure(read: (onRow: () => void) => Promise<void>): Promise<{ rowsPerSecond: number; peakGrowthMb: number }> {
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  let rows = 0;
  const started = performance.now();
  await read(() => {
    if (++rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage.rss());
  });
  const seconds = (performance.now() - started) / 1000;
  if (rows !== ROWS) throw new Error(`read ${rows} rows, expected ${ROWS}`);
  return { rowsPerSecond: rows / seconds, peakGrowthMb: (peak - baseline) / 1e6 };
}

async function viaReadDataset(path: string, onRow: () => void): Promise<void> {
  for await (const _row of readDataset(path)) onRow();
}

async function bareCsvParse(path: string, onRow: () => void): Promise<void> {
  let header = true;
  for await (const _record of createReadStream(path).pipe(parse({ bom: true, relax_quotes: true }))) {
    if (header) header = false;
    else onRow();
  }
}

export async function benchDatasets(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'scalarlm-bench-datasets-'));
  try {
    const csv = join(dir, 'cases.csv');
    const jsonl = join(dir, 'cases.jsonl');
    await writeLines(csv, csvLines());
    await writeLines(jsonl, jsonlLines());
    const rows: (string | number)[][] = [];
    const bare = await measure((onRow) => bareCsvParse(csv, onRow));
    for (const [name, result] of [
      ['bare csv-parse, CSV', bare],
      ['readDataset, CSV', await measure((onRow) => viaReadDataset(csv, onRow))],
      ['readDataset, JSONL', await measure((onRow) => viaReadDataset(jsonl, onRow))],
    ] as const) {
      rows.push([name, result.rowsPerSecond, result.peakGrowthMb, result.rowsPerSecond / bare.rowsPerSecond]);
    }
    printTable(`Datasets, ${ROWS.toLocaleString('en-US')} rows`, ['reader', 'rows/s', 'peak RSS growth MB', 'vs bare CSV'], rows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
