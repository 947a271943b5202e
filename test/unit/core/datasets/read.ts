// Reads a dataset into an array for the tests, with its notes, or the DatasetError it ends with.

import * as assert from 'node:assert/strict';
import { DatasetError, readDataset, type DatasetNote, type DatasetRow, type ReadDatasetOptions } from '../../../../src/core/datasets';

export async function readAll(path: string, options: ReadDatasetOptions = {}): Promise<{ rows: DatasetRow[]; notes: DatasetNote[] }> {
  const rows: DatasetRow[] = [];
  const notes: DatasetNote[] = [];
  for await (const row of readDataset(path, { ...options, onNote: (note) => notes.push(note) })) rows.push(row);
  return { rows, notes };
}

export async function readError(path: string, options: ReadDatasetOptions = {}): Promise<DatasetError> {
  try {
    await readAll(path, options);
  } catch (error) {
    assert.ok(error instanceof DatasetError, String(error));
    return error;
  }
  assert.fail('expected a DatasetError');
}
