// Writing an experiment run's cell records as JSON, JSONL or CSV, or as a report: JUnit XML for CI, a static
// HTML page. `scalarlm-lab eval --output` and the editor's export both write through here.

import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { extname } from 'node:path';
import type { Stringifier } from 'csv-stringify';
import { spreadsheetCsv } from '../../runs/spreadsheet-csv';
import type { CellRecord, RecordedRun } from '../cell-records';
import { ColumnTally } from '../column-figures';
import { htmlReport } from './html-report';
import { junitReport } from './junit-report';

export type RecordFormat = 'json' | 'jsonl' | 'csv' | 'xml' | 'html';

export const RECORD_FORMATS: readonly RecordFormat[] = ['json', 'jsonl', 'csv', 'xml', 'html'];

/** The format a path asks for by its extension; undefined for one this writer does not know. */
export function recordFormatOf(path: string): RecordFormat | undefined {
  const extension = extname(path).toLowerCase().slice(1);
  return RECORD_FORMATS.find((format) => format === extension);
}

/** The reports need every cell to write their suites and summaries, so their records are held until close. */
const REPORTS: Partial<Record<RecordFormat, (run: RecordedRun, records: CellRecord[]) => Iterable<string>>> = { xml: junitReport, html: htmlReport };

/**
 * A row per cell. `verdict` is the cell's by its assertions (pass, fail, error, pending, no-assertions; empty
 * without assertions), `score` its weighted score, `failure_reason` why it failed (or could not be judged):
 * the reason the panel, JUnit and the HTML report show. `seen_in_training`: a trained adaptor's cell, whether its
 * input was in its training data (true, false or unknown; empty for the cells of other columns). `review` is a
 * person's (good or bad; empty when not reviewed), beside the verdict, `review_correction` the answer they wrote it
 * should have given.
 */
const CSV_COLUMNS = ['prompt', 'provider', 'model', 'transport', 'test', 'description', 'vars', 'repeat', 'status', 'output', 'error', 'verdict', 'score', 'failure_reason', 'seen_in_training', 'review', 'review_correction', 'request_id', 'prompt_tokens', 'completion_tokens', 'latency_ms', 'finish_reason', 'rendered_prompt'];

/**
 * Records written as they come (a run's cells as each is final), in the format the path asks for: JSONL a
 * line each, CSV a row each, JSON one document (the run, the cells, then the columns with their figures: `passRate` is
 * `{passed, judged, rate, low, high}`, the 95% interval; an adaptor's column has `unseen` and `seen` ones too, over
 * the cells whose input was not and was in its training data); nothing is held. The
 * JUnit and HTML reports hold the records and write the whole file on close.
 */
export class CellRecordWriter {
  private readonly out: WriteStream;
  private readonly csv: Stringifier | undefined;
  private readonly held: CellRecord[] | undefined;
  /** The JSON document's columns close it with their figures (pass rate and interval), counted as records go. */
  private readonly tally: ColumnTally | undefined;
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
      this.out.write(`{"runId":${JSON.stringify(run.runId)},"title":${JSON.stringify(run.title)},"results":[`);
      this.tally = new ColumnTally(run.header.columns);
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
      const verdict = r.verdict;
      const failed = verdict?.status === 'fail' || verdict?.status === 'error';
      this.csv.write([r.prompt.label, r.provider.label, r.provider.model, r.transport, r.test.index, r.test.description, JSON.stringify(r.test.vars), r.repeat, r.status, r.output, r.error, verdict?.status ?? null, verdict?.score ?? null, failed ? verdict.reason : null, r.seenInTraining === undefined ? null : String(r.seenInTraining), r.review?.verdict ?? null, r.review?.correction ?? null, r.requestId, r.tokens?.prompt ?? null, r.tokens?.completion ?? null, r.latencyMs, r.finishReason, r.renderedPrompt]);
    } else if (this.format === 'jsonl') this.out.write(JSON.stringify(record) + '\n');
    else {
      this.tally?.add(record);
      this.out.write(`${this.count ? ',' : ''}\n${JSON.stringify(record)}`);
    }
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
      if (this.tally) {
        const figures = this.tally.figures();
        this.out.write(`\n],"columns":[${this.run.header.columns.map((column, index) => `\n${JSON.stringify({ ...column, ...figures[index] })}`).join(',')}\n]}\n`);
      }
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
