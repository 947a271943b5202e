// A dataset that cannot be read as test cases: the message starts with `file:line[:column]:` (a link in
// terminals and editors) and says what to change.

export interface DatasetLocation {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, when known. */
  column?: number;
}

export function locationPrefix({ file, line, column }: DatasetLocation): string {
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

export class DatasetError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly detail: string;

  constructor(location: DatasetLocation, detail: string) {
    super(`${locationPrefix(location)}: ${detail}`);
    this.name = 'DatasetError';
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.detail = detail;
  }
}
