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

export async function* csvRows(path: string, options: CsvReadOptions, notes: NoteOnce): AsyncGenerator<DatasetRow> {
  const { file } = options;
  // Lines are counted as csv-parse hands over each record, in order and before any error it raises, so an
  // error names the line of the record in progress even when the records before it were not consumed yet.
  // The queue holds the start lines of records parsed and not yet consumed (the stream's buffer, no more).
  let nextLine = 1;
  const startLines: number[] = [];
  const parser = parse({
    bom: true,
    delimiter: options.delimiter,
    // A quote inside an unquoted cell ({"a":""}) is text, as promptfoo also accepts.
    relax_quotes: true,
    // The column count is checked below, to say which row and what to do.
    relax_column_count: true,
    on_record: (cells: string[]) => {
      startLines.push(nextLine);
      nextLine += 1 + lineBreaksIn(cells);
      return cells;
    },
  });
  // A read error (a missing file) destroys the parser, so it surfaces in the loop below.
  pipeline(createReadStream(path, { highWaterMark: options.chunkSize }), parser, () => undefined);
  let header: CsvHeader | undefined;
  let index = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      const line = startLines.shift() ?? nextLine;
      if (cells.every((cell) => cell.trim() === '')) continue;
      if (header === undefined) header = new CsvHeader(cells, file, line, notes);
      else yield header.row(cells, index++, line);
    }
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error, file, nextLine);
    throw error;
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
    const expected: ExpectedCell[] = [];
    const options: Record<string, unknown> = {};
    const thresholds = new Map<number, number>();
    let metric: string | undefined;
    for (let column = 0; column < cells.length; column++) {
      const name = this.names[column];
      const cell = cells[column];
      this.assignRaw(raw, name, cell);
      const kind = this.kinds[column];
      if (typeof kind === 'object') {
        const threshold = finiteNumber(cell);
        if (threshold === undefined) throw new DatasetError({ file: this.file, line }, `the \`${name}\` cell must be a number; got "${cell}"`);
        thresholds.set(kind.assertion, threshold);
        continue;
      }
      switch (kind) {
        case 'var':
          vars[name] = cell;
          break;
        case 'expected':
          if (cell.trim() !== '') expected.push({ text: cell.trim() });
          break;
        case 'description':
          if (cell !== '') row.description = cell;
          break;
        case 'prefix':
        case 'suffix':
          options[kind] = cell;
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
    expected.forEach((cell, at) => {
      if (metric !== undefined && metric !== '') cell.metric = metric;
      const threshold = thresholds.get(at);
      if (threshold !== undefined) cell.threshold = threshold;
    });
    if (expected.length > 0) row.expected = expected;
    if (Object.keys(options).length > 0) row.options = options;
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
