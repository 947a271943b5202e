// Notes about ignored columns and keys are made once per file, at their first occurrence, however many rows
// repeat them: a 100,000-row file with a `metadata` key in every row gives one note, not 100,000.

import { locationPrefix } from './dataset-error';
import type { DatasetNote } from './types';

export class NoteOnce {
  private readonly seen = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly onNote: ((note: DatasetNote) => void) | undefined,
  ) {}

  note(key: string, position: { line: number; column?: number }, detail: string): void {
    if (this.onNote === undefined || this.seen.has(key)) return;
    this.seen.add(key);
    const location = { file: this.file, ...position };
    this.onNote({ ...location, key, message: `${locationPrefix(location)}: ${detail}` });
  }
}
