// An experiment run's cells as records: one per cell with its prompt, provider, test, rendered prompt, state,
// output and figures. `scalarlm-lab eval --output` and the editor's export write them as JSON, JSONL or CSV,
// or as a report: JUnit XML for CI, a static HTML page.

import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { extname } from 'node:path';
import type { Stringifier } from 'csv-stringify';
import type { ExperimentHeader } from '../batch/types';
import { promptText } from '../runs/export';
import { spreadsheetCsv } from '../runs/spreadsheet-csv';
import type { RunItem, RunProjection } from '../runs/run-projection';
import type { StoredTest } from './experiment-tests-file';
import { htmlReport } from './reports/html-report';
import { junitReport } from './reports/junit-report';

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
  /** The cell's verdict by its assertions; null when the test has none. */
  verdict: RecordVerdict | null;
}

export interface RecordVerdict {
  /** pass / fail by the assertions; error or pending when the cell has no answer to judge (counted apart). */
  status: 'pass' | 'fail' | 'error' | 'pending' | 'no-assertions';
  score: number | null;
  reason: string;
  namedScores: Record<string, number>;
  assertions: { type: string; status: 'pass' | 'fail' | 'refused' | 'error' | 'pending'; pass: boolean; score: number; reason: string; weight: number; metric?: string; graderText?: string }[];
}

export function cellRecord(header: ExperimentHeader, item: RunItem, tests: ReadonlyMap<number, StoredTest>, verdict: RecordVerdict | null = null): CellRecord | undefined {
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
    verdict,
  };
}

/** Every cell of a run (kept items), in matrix order: test, then column, then repeat; judged when a judge is given. */
export function cellRecords(projection: RunProjection, tests: ReadonlyMap<number, StoredTest>, verdictOf?: (item: RunItem) => RecordVerdict | null): CellRecord[] {
  const header = projection.header.experiment;
  if (!header) throw new Error('This run is not an experiment: it has no cells.');
  const cells = projection.items.filter((item): item is RunItem & { cell: NonNullable<RunItem['cell']> } => item.cell !== undefined);
  cells.sort((a, b) => a.cell[1] - b.cell[1] || a.cell[0] - b.cell[0] || a.cell[2] - b.cell[2]);
  return cells.flatMap((item) => cellRecord(header, item, tests, verdictOf?.(item) ?? null) ?? []);
}

export type RecordFormat = 'json' | 'jsonl' | 'csv' | 'xml' | 'html';

export const RECORD_FORMATS: readonly RecordFormat[] = ['json', 'jsonl', 'csv', 'xml', 'html'];

/** The format a path asks for by its extension; undefined for one this writer does not know. */
export function recordFormatOf(path: string): RecordFormat | undefined {
  const extension = extname(path).toLowerCase().slice(1);
  return RECORD_FORMATS.find((format) => format === extension);
}

/** The reports need every cell to write their suites and summaries, so their records are held until close. */
const REPORTS: Partial<Record<RecordFormat, (run: RecordedRun, records: CellRecord[]) => Iterable<string>>> = { xml: junitReport, html: htmlReport };

const CSV_COLUMNS = ['prompt', 'provider', 'model', 'transport', 'test', 'description', 'vars', 'repeat', 'status', 'output', 'error', 'request_id', 'prompt_tokens', 'completion_tokens', 'latency_ms', 'finish_reason', 'rendered_prompt'];

export interface RecordedRun {
  runId: string;
  title: string;
  header: ExperimentHeader;
  /** When the run began (the ledger's createdAt, ISO 8601): the reports show it. */
  createdAt?: string;
}

/**
 * Records written as they come (a run's cells as each is final), in the format the path asks for: JSONL a
 * line each, CSV a row each, JSON one document (the run, its columns, then the cells); nothing is held. The
 * JUnit and HTML reports hold the records and write the whole file on close.
 */
export class CellRecordWriter {
  private readonly out: WriteStream;
  private readonly csv: Stringifier | undefined;
  private readonly held: CellRecord[] | undefined;
  private count = 0;

  private constructor(
    path: string,
    private readonly format: RecordFormat,
    private readonly run: RecordedRun,
  ) {
    this.out = createWriteStream(path);
    if (REPORTS[format]) this.held = [];
    else if (format === 'csv') {
      this.csv = spreadsheetCsv(CSV_COLUMNS);
      this.csv.pipe(this.out);
    } else if (format === 'json') {
      this.out.write(`{"runId":${JSON.stringify(run.runId)},"title":${JSON.stringify(run.title)},"columns":${JSON.stringify(run.header.columns)},"results":[`);
    }
  }

  static async open(path: string, run: RecordedRun): Promise<CellRecordWriter> {
    const writer = new CellRecordWriter(path, recordFormatOf(path) ?? 'json', run);
    await once(writer.out, 'open');
    return writer;
  }

  write(record: CellRecord): void {
    const r = record;
    if (this.held) this.held.push(record);
    else if (this.csv) {
      this.csv.write([r.prompt.label, r.provider.label, r.provider.model, r.transport, r.test.index, r.test.description, JSON.stringify(r.test.vars), r.repeat, r.status, r.output, r.error, r.requestId, r.tokens?.prompt ?? null, r.tokens?.completion ?? null, r.latencyMs, r.finishReason, r.renderedPrompt]);
    } else if (this.format === 'jsonl') this.out.write(JSON.stringify(record) + '\n');
    else this.out.write(`${this.count ? ',' : ''}\n${JSON.stringify(record)}`);
    this.count++;
  }

  /** Resolves once the file has taken what was written. */
  async drained(): Promise<void> {
    if (this.csv?.writableNeedDrain) await once(this.csv, 'drain');
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    const report = REPORTS[this.format];
    if (this.csv) this.csv.end();
    else if (report && this.held) {
      try {
        for (const chunk of report(this.run, this.held)) if (!this.out.write(chunk)) await once(this.out, 'drain');
      } catch (error) {
        this.out.destroy();
        throw error;
      }
      this.out.end();
    } else {
      if (this.format === 'json') this.out.write('\n]}\n');
      this.out.end();
    }
    await once(this.out, 'finish');
  }
}

export async function writeCellRecords(path: string, records: readonly CellRecord[], run: RecordedRun): Promise<void> {
  const writer = await CellRecordWriter.open(path, run);
  for (const record of records) {
    writer.write(record);
    await writer.drained();
  }
  await writer.close();
}
