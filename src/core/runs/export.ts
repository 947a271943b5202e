// Exports of a run's results: JSONL (one object per prompt) and CSV (one row per prompt, for spreadsheets).
// Both are written as streams, prompt text included; CSV fields cannot become formulas (spreadsheet-csv.ts).

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { PromptEntry } from '../api/types';
import type { RunItem } from './run-projection';
import { spreadsheetCsv } from './spreadsheet-csv';

export interface ExportRow {
  index: number;
  status: string;
  request_id: string | number | null;
  prompt: string;
  response: string | null;
  error: string | null;
  line: number | null;
}

export function exportRow(item: RunItem): ExportRow {
  return {
    index: item.index,
    status: item.status,
    request_id: item.requestId,
    prompt: promptText(item.prompt),
    response: item.response,
    error: item.error,
    line: item.origin?.line ?? null,
  };
}

/** A prompt as one readable text: a string as is, {messages} as "role: content" lines. */
export function promptText(entry: PromptEntry | undefined): string {
  if (entry === undefined) return '';
  if (typeof entry === 'string') return entry;
  if ('prompt' in entry) return entry.prompt;
  return entry.messages.map((m) => `${m.role}: ${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`).join('\n');
}

export async function exportJsonl(items: readonly RunItem[], path: string): Promise<void> {
  const out = createWriteStream(path);
  for (const item of items) {
    if (!out.write(JSON.stringify(exportRow(item)) + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export async function exportCsv(items: readonly RunItem[], path: string): Promise<void> {
  const csv = spreadsheetCsv(['index', 'status', 'request_id', 'prompt', 'response', 'error', 'line']);
  const out = createWriteStream(path);
  csv.pipe(out);
  for (const item of items) {
    if (!csv.write(exportRow(item))) await once(csv, 'drain');
  }
  csv.end();
  await once(out, 'finish');
}
