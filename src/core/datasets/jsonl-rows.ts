// JSONL datasets, one JSON object per line, streamed a chunk at a time. Blank lines are skipped.

import { locatePath } from '../prompts/json-locating';
import { jsonLineError } from '../prompts/json-locating';
import { readLineBatches } from '../prompts/text';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import { rowFromValue } from './object-rows';
import type { DatasetRow } from './types';

export async function* jsonlRows(path: string, file: string, chunkSize: number | undefined, notes: NoteOnce): AsyncGenerator<DatasetRow> {
  let index = 0;
  for await (const { firstLine, lines } of readLineBatches(path, { file, chunkSize })) {
    for (let offset = 0; offset < lines.length; offset++) {
      const text = lines[offset];
      if (text.trim() === '') continue;
      const line = firstLine + offset;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (parseError) {
        const problem = jsonLineError(text, parseError, file, line);
        throw new DatasetError({ file, line, column: problem.column }, `${problem.detail}; each line holds one JSON object`);
      }
      const column = text.length - text.trimStart().length + 1;
      const locate = (valuePath: (string | number)[]) => ({ line, column: locatePath(text, { start: 0, end: text.length }, valuePath).start + 1 });
      yield rowFromValue(value, { file, index: index++, line, column, locate }, notes);
    }
  }
}
