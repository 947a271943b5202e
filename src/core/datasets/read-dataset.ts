// Datasets by file name: CSV/TSV and JSONL are streamed (any size, bounded memory), JSON and YAML are read
// whole. Every problem is a DatasetError naming the file and line.

import { PromptInputError } from '../prompts/problems';
import { csvRowBatches } from './csv-rows';
import { DatasetError } from './dataset-error';
import { datasetExtensions, datasetFormatOf } from './dataset-format';
import { jsonRows, yamlRows } from './document-rows';
import { jsonlRowBatches } from './jsonl-rows';
import { NoteOnce } from './note-once';
import { oneByOne } from './one-by-one';
import { readablePath } from './pipe-spool';
import type { DatasetRow, ReadDatasetOptions } from './types';

/** Yields the rows in file order; throws a DatasetError at the first problem, after the rows before it. */
export function readDataset(path: string, options: ReadDatasetOptions = {}): AsyncGenerator<DatasetRow> {
  return oneByOne(readDatasetBatches(path, options));
}

/**
 * The rows in file order, a batch at a time (a pass over a large file then costs a step of its consumer's loop
 * per batch, not per row); throws a DatasetError at the first problem, after the rows before it.
 */
export async function* readDatasetBatches(given: string, options: ReadDatasetOptions = {}): AsyncGenerator<DatasetRow[]> {
  const file = options.displayName ?? given;
  const notes = new NoteOnce(file, options.onNote);
  try {
    const path = await readablePath(given);
    switch (datasetFormatOf(given)) {
      case 'csv':
        yield* csvRowBatches(path, { file, delimiter: ',', chunkSize: options.chunkSize }, notes);
        return;
      case 'tsv':
        yield* csvRowBatches(path, { file, delimiter: '\t', chunkSize: options.chunkSize }, notes);
        return;
      case 'jsonl':
        yield* jsonlRowBatches(path, file, options.chunkSize, notes);
        return;
      case 'json':
        yield await jsonRows(path, file, notes);
        return;
      case 'yaml':
        yield await yamlRows(path, file, notes);
        return;
      case undefined:
        throw new DatasetError({ file, line: 1 }, `a dataset must be one of ${datasetExtensions.join(', ')}; rename the file or convert it`);
    }
  } catch (error) {
    throw asDatasetError(error, file);
  }
}

/** How many rows the dataset has (for progress); reads it through, in bounded memory for CSV and JSONL. */
export async function countDatasetRows(path: string, options: ReadDatasetOptions = {}): Promise<number> {
  let count = 0;
  for await (const rows of readDatasetBatches(path, options)) count += rows.length;
  return count;
}

/** Row `index` (0-based) for a preview, or undefined past the end; reads no further than that row. */
export async function datasetRow(path: string, index: number, options: ReadDatasetOptions = {}): Promise<DatasetRow | undefined> {
  for await (const row of readDataset(path, options)) {
    if (row.index === index) return row;
  }
  return undefined;
}

function asDatasetError(error: unknown, file: string): unknown {
  if (error instanceof DatasetError) return error;
  if (error instanceof PromptInputError) return new DatasetError(error, error.detail);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return new DatasetError({ file, line: 1 }, 'the file does not exist; check its path');
  if (typeof code === 'string') return new DatasetError({ file, line: 1 }, `the file cannot be read (${(error as Error).message})`);
  return error;
}
