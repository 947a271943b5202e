// An experiment run's cells as records: one per cell with its prompt, provider, test, rendered prompt, state,
// output and figures. `scalarlm-lab eval --output` and the editor's export write them as JSON, JSONL or CSV.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { extname } from 'node:path';
import { stringify } from 'csv-stringify';
import type { ExperimentHeader } from '../batch/types';
import { promptText } from '../runs/export';
import type { RunItem, RunProjection } from '../runs/run-projection';
import type { StoredTest } from './experiment-tests-file';

export interface CellRecord {
  prompt: { key: string; label: string };
  provider: { key: string; label: string; model: string | null };
  transport: 'batch' | 'chat';
  test: { index: number; description: string | null; vars: Record<string, unknown> };
  repeat: number;
  status: RunItem['status'];
  output: string | null;
  error: string | null;
  renderedPrompt: string;
  requestId: string | number | null;
  tokens: { prompt: number; completion: number } | null;
  latencyMs: number | null;
  finishReason: string | null;
}

export function cellRecord(header: ExperimentHeader, item: RunItem, tests: ReadonlyMap<number, StoredTest>): CellRecord | undefined {
  if (!item.cell) return undefined;
  const [column, test, repeat] = item.cell;
  const c = header.columns[column];
  const stored = tests.get(test);
  return {
    prompt: { key: c.promptKey, label: c.promptLabel },
    provider: { key: c.providerKey, label: c.providerLabel, model: c.model ?? null },
    transport: c.transport,
    test: { index: test, description: stored?.description ?? null, vars: stored?.vars ?? {} },
    repeat,
    status: item.status,
    output: item.response,
    error: item.error,
    renderedPrompt: promptText(item.prompt),
    requestId: item.requestId,
    tokens: item.usage ? { prompt: item.usage.p, completion: item.usage.c } : null,
    latencyMs: item.latencyMs ?? null,
    finishReason: item.finishReason ?? null,
  };
}

/** Every cell of a run (kept items), in matrix order: test, then column, then repeat. */
export function cellRecords(projection: RunProjection, tests: ReadonlyMap<number, StoredTest>): CellRecord[] {
  const header = projection.header.experiment;
  if (!header) throw new Error('This run is not an experiment: it has no cells.');
  const cells = projection.items.filter((item): item is RunItem & { cell: NonNullable<RunItem['cell']> } => item.cell !== undefined);
  cells.sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0] || a.cell[2] - b.cell[2]);
  return cells.flatMap((item) => cellRecord(header, item, tests) ?? []);
}

export type RecordFormat = 'json' | 'jsonl' | 'csv';

/** The format a path asks for by its extension; undefined for one this writer does not know. */
export function recordFormatOf(path: string): RecordFormat | undefined {
  const extension = extname(path).toLowerCase().slice(1);
  return extension === 'json' || extension === 'jsonl' || extension === 'csv' ? extension : undefined;
}

const CSV_COLUMNS = ['prompt', 'provider', 'model', 'transport', 'test', 'description', 'vars', 'repeat', 'status', 'output', 'error', 'request_id', 'prompt_tokens', 'completion_tokens', 'latency_ms', 'finish_reason', 'rendered_prompt'];

export async function writeCellRecords(path: string, records: readonly CellRecord[], run: { runId: string; title: string; header: ExperimentHeader }): Promise<void> {
  const format = recordFormatOf(path);
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  if (format === 'csv') {
    const csv = stringify({ header: true, columns: CSV_COLUMNS });
    csv.pipe(out);
    for (const r of records) {
      const row = [r.prompt.label, r.provider.label, r.provider.model, r.transport, r.test.index, r.test.description, JSON.stringify(r.test.vars), r.repeat, r.status, r.output, r.error, r.requestId, r.tokens?.prompt ?? null, r.tokens?.completion ?? null, r.latencyMs, r.finishReason, r.renderedPrompt];
      if (!csv.write(row)) await once(csv, 'drain');
    }
    csv.end();
  } else if (format === 'jsonl') {
    for (const record of records) await write(JSON.stringify(record) + '\n');
    out.end();
  } else {
    // One document: the run, its columns, then the cells, written a cell at a time.
    await write(`{"runId":${JSON.stringify(run.runId)},"title":${JSON.stringify(run.title)},"columns":${JSON.stringify(run.header.columns)},"results":[`);
    for (let i = 0; i < records.length; i++) await write(`${i ? ',' : ''}\n${JSON.stringify(records[i])}`);
    await write('\n]}\n');
    out.end();
  }
  await once(out, 'finish');
}
