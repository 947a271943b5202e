// Problems found in prompt input, located the way compilers do it (`file:line[:column]: detail`) so that
// terminals and editors can turn the prefix into a link.

export interface PromptInputLocation {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like an editor's column, when known. */
  column?: number;
}

function locationPrefix({ file, line, column }: PromptInputLocation): string {
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/** Input that cannot be sent: the detail says what is wrong and what was expected. */
export class PromptInputError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly detail: string;

  constructor(location: PromptInputLocation, detail: string) {
    super(`${locationPrefix(location)}: ${detail}`);
    this.name = 'PromptInputError';
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.detail = detail;
  }
}

/** Input that is sent, but not all of it takes effect (for example per-entry keys the server ignores). */
export class PromptInputWarning {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly detail: string;
  readonly message: string;

  constructor(location: PromptInputLocation, detail: string) {
    this.message = `${locationPrefix(location)}: ${detail}`;
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.detail = detail;
  }
}
