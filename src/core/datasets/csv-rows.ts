// CSV and TSV datasets, streamed through csv-parse: the header row names the variables, each further row is
// a test case. Only the rows in the stream's small buffer are held, so a file of any length is read in bounded memory.
// Lines are counted here rather than taken from csv-parse, which counts a CRLF inside a quoted cell twice.

import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { setOwn } from '../yaml/located-yaml';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import type { DatasetRow, ExpectedCell } from './types';

export interface CsvReadOptions {
  file: string;
  delimiter: ',' | '\t';
  chunkSize?: number;
}

/**
 * promptfoo's special columns (its testCaseFromCsvRow): `__expected…` (each an assertion), `__prefix` and
 * `__suffix` (test options), `__description`, `__metric` (of the row's assertions), `__threshold` (the test's),
 * `__config:__expectedN:threshold` (one assertion's), `__metadata:key` (ignored: it only filters runs there).
 * Any other column is a variable, `__`-names included, as in promptfoo.
 */
type ColumnKind = 'var' | 'expected' | 'description' | 'prefix' | 'suffix' | 'metric' | 'threshold' | 'ignored' | { assertion: number };

/** promptfoo's reserved columns, to catch `_expected` written with one underscore. */
const reservedNames = ['expected', 'description', 'prefix', 'suffix', 'metric', 'threshold', 'metadata', 'config', 'providerOutput'];
const plainKinds: Record<string, ColumnKind> = { __description: 'description', __prefix: 'prefix', __suffix: 'suffix', __metric: 'metric', __threshold: 'threshold' };

/**
 * Rows handed over at a time. A batch is used up soon after it is read, before the garbage collector's next
 * young-generation pass or so: rows held longer than that are moved to the old generation, which then grows.
 */
const BATCH_ROWS = 256;

/**
 * The rows in file order, a batch at a time. Records are taken from csv-parse's buffer as they are parsed (no
 * per-record callback: csv-parse builds a context object for each one it calls), and lines are counted as they
 * are taken. After a parse error the records parsed before it are still in the buffer: they are taken too, so
 * the error names the line of the record in progress.
 */
export async function* csvRowBatches(path: string, options: CsvReadOptions, notes: NoteOnce): AsyncGenerator<DatasetRow[]> {
  const { file } = options;
  const parser = parse({
    bom: true,
    delimiter: options.delimiter,
    // A quote inside an unquoted cell ({"a":""}) is text, as promptfoo also accepts.
    relax_quotes: true,
    // The column count is checked below, to say which row and what to do.
    relax_column_count: true,
  });
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const woken = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  parser.on('readable', woken);
  parser.on('end', () => {
    ended = true;
    woken();
  });
  // A read error (a missing file) destroys the parser too, and is met here.
  parser.on('error', (error) => {
    failure ??= error;
    woken();
  });
  pipeline(createReadStream(path, { highWaterMark: options.chunkSize }), parser, () => undefined);
  let header: CsvHeader | undefined;
  let index = 0;
  let nextLine = 1;
  try {
    for (;;) {
      const rows: DatasetRow[] = [];
      let problem: unknown;
      try {
        while (rows.length < BATCH_ROWS) {
          const cells = parser.read() as string[] | null;
          if (cells === null) break;
          const line = nextLine;
          nextLine += 1 + lineBreaksIn(cells);
          if (cells.every((cell) => cell.trim() === '')) continue;
          if (header === undefined) header = new CsvHeader(cells, file, line, notes);
          else rows.push(header.row(cells, index++, line));
        }
      } catch (error) {
        problem = error;
      }
      // The rows before a bad one come first.
      if (rows.length > 0) yield rows;
      if (problem !== undefined) throw problem;
      if (rows.length === BATCH_ROWS) continue;
      if (failure !== undefined) throw failure instanceof CsvError ? csvProblem(failure, file, nextLine) : failure;
      if (ended) return;
      if (rows.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    parser.destroy();
  }
}

class CsvHeader {
  private readonly names: string[];
  private readonly kinds: ColumnKind[];
  /** Plain assignment is much faster than defining properties, and safe unless a column is `__proto__`. */
  private readonly assignRaw: (raw: Record<string, unknown>, name: string, cell: string) => void;

  constructor(
    cells: string[],
    private readonly file: string,
    private readonly line: number,
    notes: NoteOnce,
  ) {
    this.names = cells.map((cell) => cell.trim());
    this.kinds = this.names.map((name, column) => {
      if (name === '') throw new DatasetError({ file, line }, `column ${column + 1} of the header has no name; the header row names every column (the variables)`);
      const first = this.names.indexOf(name);
      if (first !== column) throw new DatasetError({ file, line }, `the header names the column \`${name}\` twice (columns ${first + 1} and ${column + 1}); give each column its own name`);
      return columnKind(name, { line }, file, notes);
    });
    this.assignRaw = this.names.includes('__proto__') ? setOwn : (raw, name, cell) => (raw[name] = cell);
  }

  row(cells: string[], index: number, line: number): DatasetRow {
    if (cells.length !== this.names.length) throw this.countProblem(cells.length, line);
    const vars: Record<string, unknown> = {};
    const raw: Record<string, unknown> = {};
    const row: DatasetRow = { index, line, vars, raw };
    // Made only for a row that has them: most files are variables alone.
    let expected: ExpectedCell[] | undefined;
    let options: Record<string, unknown> | undefined;
    let thresholds: Map<number, number> | undefined;
    let metric: string | undefined;
    for (let column = 0; column < cells.length; column++) {
      const name = this.names[column];
      const cell = cells[column];
      this.assignRaw(raw, name, cell);
      const kind = this.kinds[column];
      if (typeof kind === 'object') {
        const threshold = finiteNumber(cell);
        if (threshold === undefined) throw new DatasetError({ file: this.file, line }, `the \`${name}\` cell must be a number; got "${cell}"`);
        (thresholds ??= new Map()).set(kind.assertion, threshold);
        continue;
      }
      switch (kind) {
        case 'var':
          vars[name] = cell;
          break;
        case 'expected':
          if (cell.trim() !== '') (expected ??= []).push({ text: cell.trim() });
          break;
        case 'description':
          if (cell !== '') row.description = cell;
          break;
        case 'prefix':
        case 'suffix':
          (options ??= {})[kind] = cell;
          break;
        case 'metric':
          metric = cell;
          break;
        case 'threshold': {
          const threshold = finiteNumber(cell);
          if (threshold !== undefined) row.threshold = threshold;
          break;
        }
        case 'ignored':
          break;
      }
    }
    expected?.forEach((cell, at) => {
      if (metric !== undefined && metric !== '') cell.metric = metric;
      const threshold = thresholds?.get(at);
      if (threshold !== undefined) cell.threshold = threshold;
    });
    if (expected) row.expected = expected;
    if (options) row.options = options;
    return row;
  }

  private countProblem(count: number, line: number): DatasetError {
    const columns = `the header (line ${this.line}) names ${this.names.length}`;
    return new DatasetError(
      { file: this.file, line },
      count > this.names.length
        ? `this row has ${count} cells but ${columns} columns; quote a cell that contains the delimiter ("like, this")`
        : `this row has ${count} cells but ${columns} columns; add the missing cells (an empty cell is nothing between two delimiters)`,
    );
  }
}

function columnKind(name: string, position: { line: number }, file: string, notes: NoteOnce): ColumnKind {
  if (name.startsWith('__expected')) return 'expected';
  const plain = plainKinds[name];
  if (plain !== undefined) return plain;
  if (name === '__metadata' || name.startsWith('__metadata:')) {
    notes.note(name, position, `the \`${name}\` column is ignored: metadata only filters and groups results in promptfoo, which is not done here`);
    return 'ignored';
  }
  if (name === '__providerOutput') {
    throw new DatasetError({ file, ...position }, 'the `__providerOutput` column (an answer given instead of calling the provider) is not supported here: every cell is sent to the deployment; remove the column');
  }
  if (name.startsWith('__config:')) {
    const match = /^__config:__expected(\d*):threshold$/.exec(name);
    const at = match === null ? undefined : match[1] === '' ? 0 : Number(match[1]) - 1;
    if (at === undefined || at < 0) {
      throw new DatasetError({ file, ...position }, `the column \`${name}\` cannot be read: write \`__config:__expected:threshold\` or \`__config:__expectedN:threshold\` (N from 1), as promptfoo does`);
    }
    return { assertion: at };
  }
  const reserved = reservedNames.find((reservedName) => !name.startsWith('__') && name.startsWith(`_${reservedName}`));
  if (reserved !== undefined) notes.note(name, position, `the \`${name}\` column is read as a variable; did you mean \`_${name}\`?`);
  return 'var';
}

/** promptfoo's parseFiniteNumber: a blank or non-numeric cell is no number. */
function finiteNumber(cell: string): number | undefined {
  const text = cell.trim();
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function lineBreaksIn(cells: string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.indexOf('\n') === -1 && cell.indexOf('\r') === -1) continue;
    breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

/** csv-parse's words, without its line number (counted differently), and what to do. */
function csvProblem(error: CsvError, file: string, line: number): DatasetError {
  const reason = error.message.replace(/ at line \d+.*$/, '');
  const advice =
    error.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'a quoted cell starting on this row is never closed; end it with " (a quote inside a quoted cell is written twice: "")'
      : `the CSV cannot be read here (${reason}); check the quotes on this row`;
  return new DatasetError({ file, line }, advice);
}
