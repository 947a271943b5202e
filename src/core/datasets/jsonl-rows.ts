// JSONL datasets, one JSON object per line, streamed a chunk at a time. Blank lines are skipped.

import { locatePath } from '../prompts/json-locating';
import { jsonLineError } from '../prompts/json-locating';
import { readLineBatches } from '../prompts/text';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import { rowFromValue } from './object-rows';
import type { DatasetRow } from './types';

/** The rows of each chunk read, a batch at a time. */
export async function* jsonlRowBatches(path: string, file: string, chunkSize: number | undefined, notes: NoteOnce): AsyncGenerator<DatasetRow[]> {
  let index = 0;
  for await (const { firstLine, lines } of readLineBatches(path, { file, chunkSize })) {
    const rows: DatasetRow[] = [];
    let problem: unknown;
    for (let offset = 0; offset < lines.length && problem === undefined; offset++) {
      const text = lines[offset];
      if (text.trim() === '') continue;
      const line = firstLine + offset;
      try {
        rows.push(jsonlRow(text, { file, index, line }, notes));
        index++;
      } catch (error) {
        problem = error;
      }
    }
    // The rows before a bad one come first.
    if (rows.length > 0) yield rows;
    if (problem !== undefined) throw problem;
  }
}

function jsonlRow(text: string, at: { file: string; index: number; line: number }, notes: NoteOnce): DatasetRow {
  const { file, line } = at;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (parseError) {
    const problem = jsonLineError(text, parseError, file, line);
    throw new DatasetError({ file, line, column: problem.column }, `${problem.detail}; each line holds one JSON object`);
  }
  const column = text.length - text.trimStart().length + 1;
  const locate = (valuePath: (string | number)[]) => ({ line, column: locatePath(text, { start: 0, end: text.length }, valuePath).start + 1 });
  return rowFromValue(value, { ...at, column, locate }, notes);
}
