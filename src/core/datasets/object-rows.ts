// One JSON or YAML value -> one row. An object with a `vars` key is a test case ({description, vars, assert,
// options}); any other object is the variables themselves, as in promptfoo's JSONL tests files.

import { describeValue, hasOwn, isPlainObject } from '../prompts/validation';
import { DatasetError } from './dataset-error';
import type { NoteOnce } from './note-once';
import { ignoredKeyDetail, testCaseShape, type Describe, type ValuePath } from './test-case-shape';
import type { DatasetRow } from './types';

export interface RowPlace {
  /** Names values in messages in the words of the file's format. */
  describe?: Describe;
  file: string;
  index: number;
  line: number;
  column?: number;
  /** Where a part of the value is; called only when there is something to report. */
  locate(path: ValuePath): { line: number; column?: number };
}

const rowShapes = 'a test case such as {"vars": {...}, "assert": [...]}, or an object of variables';

export function rowFromValue(value: unknown, place: RowPlace, notes: NoteOnce): DatasetRow {
  const row = { index: place.index, line: place.line, ...(place.column !== undefined ? { column: place.column } : {}) };
  const describe = place.describe ?? describeValue;
  if (!isPlainObject(value)) {
    throw new DatasetError({ file: place.file, line: place.line, column: place.column }, `expected ${rowShapes}; got ${describe(value)}`);
  }
  if (!hasOwn(value, 'vars')) {
    for (const key of ['assert', 'description']) {
      if (hasOwn(value, key)) {
        notes.note(`vars-only:${key}`, place.locate([key]), `\`${key}\` is read as a variable because this object has no \`vars\`; to make it a test case, put its variables under \`vars\``);
      }
    }
    return { ...row, vars: value, raw: value };
  }
  const shape = testCaseShape(value, describe);
  const problem = shape.problems[0];
  if (problem !== undefined) throw new DatasetError({ file: place.file, ...place.locate(problem.path) }, problem.message);
  for (const ignored of shape.ignored) notes.note(`${ignored.kind}:${ignored.key}`, place.locate(ignored.path), ignoredKeyDetail(ignored));
  const { vars, description, assert, options, threshold, varsFiles } = shape.parts;
  if (varsFiles !== undefined) throw new DatasetError({ file: place.file, ...place.locate(['vars']) }, '`vars` naming files is read only in the experiment file itself; write the variables here');
  return {
    ...row,
    vars,
    ...(threshold !== undefined ? { threshold } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(assert !== undefined ? { assert } : {}),
    ...(options !== undefined ? { options } : {}),
    raw: value,
  };
}
