// CSV and TSV datasets, streamed through csv-parse: the header row names the variables, each further row is
// a test case. Only the rows in the stream's small buffer are held, so a file of any length is read in bounded memory.
// Lines are counted here rather than taken from csv-parse, which counts a CRLF inside a quoted cell twice.

import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { setOwn } from '../yaml/located-yaml';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import type { DatasetRow } from './types';

export interface CsvReadOptions {
  file: string;
  delimiter: ',' | '\t';
  chunkSize?: number;
}

type ColumnKind = 'var' | 'expected' | 'description' | 'ignored';

/** promptfoo's reserved columns, to catch `_expected` written with one underscore. */
const reservedNames = ['expected', 'description', 'prefix', 'suffix', 'metric', 'threshold', 'metadata', 'config', 'providerOutput'];

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
      return columnKind(name, { line }, notes);
    });
    this.assignRaw = this.names.includes('__proto__') ? setOwn : (raw, name, cell) => (raw[name] = cell);
  }

  row(cells: string[], index: number, line: number): DatasetRow {
    if (cells.length !== this.names.length) throw this.countProblem(cells.length, line);
    const vars: Record<string, unknown> = {};
    const raw: Record<string, unknown> = {};
    const row: DatasetRow = { index, line, vars, raw };
    for (let column = 0; column < cells.length; column++) {
      const name = this.names[column];
      const cell = cells[column];
      this.assignRaw(raw, name, cell);
      switch (this.kinds[column]) {
        case 'var':
          vars[name] = cell;
          break;
        case 'expected':
          if (cell.trim() !== '') row.expected = cell;
          break;
        case 'description':
          if (cell !== '') row.description = cell;
          break;
        case 'ignored':
          break;
      }
    }
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

function columnKind(name: string, position: { line: number }, notes: NoteOnce): ColumnKind {
  if (name === '__expected') return 'expected';
  if (name === '__description') return 'description';
  if (/^__expected\d+$/.test(name)) {
    notes.note(name, position, `only the \`__expected\` column is read as an assertion; \`${name}\` is ignored (for several assertions per test, use a YAML or JSONL tests file with \`assert\`)`);
    return 'ignored';
  }
  if (name.startsWith('__')) {
    notes.note(name, position, `the \`${name}\` column is not supported here and is ignored`);
    return 'ignored';
  }
  const reserved = reservedNames.find((reservedName) => name === `_${reservedName}` || name.startsWith(`_${reservedName}:`));
  if (reserved !== undefined) notes.note(name, position, `the \`${name}\` column is read as a variable; did you mean \`_${name}\`?`);
  return 'var';
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
