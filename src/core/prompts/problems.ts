// What goes wrong in prompt input and where it is reported: errors and warnings with file, line and column,
// and the sinks that collect them (all of them for a report, or the first one to stop at).

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

/** Every problem found in a prompt source (the first ones listed, all counted): nothing was sent. */
export class PromptProblems extends Error {
  constructor(
    readonly errors: readonly PromptInputError[],
    readonly errorCount: number,
  ) {
    const more = errorCount - errors.length;
    super(
      [
        ...errors.map((error) => error.message),
        ...(more > 0 ? [`... and ${more} more.`] : []),
        `Nothing was sent: fix ${errorCount === 1 ? 'this line' : 'these lines'} and run again.`,
      ].join('\n'),
    );
  }
}

/** A message as a sentence: with its full stop, so that another sentence can follow it. */
export function asSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}

// The parsers report problems to a sink instead of throwing, so one parser serves both callers:
// the in-memory and streaming readers stop at the first error, and the validation pass lists them all.
// Problems are reported as functions that build them: past the listing limit only the count is kept,
// and a file with a million bad lines is not slowed down by a million stack traces.

export interface ProblemSink {
  error(build: () => PromptInputError): void;
  warning(build: () => PromptInputWarning): void;
}

/** Keeps the first `limit` errors and warnings, and counts all of them. */
export class ProblemCollector implements ProblemSink {
  readonly errors: PromptInputError[] = [];
  readonly warnings: PromptInputWarning[] = [];
  errorCount = 0;
  warningCount = 0;

  constructor(private readonly limit: number) {}

  error(build: () => PromptInputError): void {
    this.errorCount++;
    if (this.errors.length < this.limit) this.errors.push(build());
  }

  warning(build: () => PromptInputWarning): void {
    this.warningCount++;
    if (this.warnings.length < this.limit) this.warnings.push(build());
  }
}

/** Throws the first error; keeps the first `limit` warnings. */
export class FailFast extends ProblemCollector {
  override error(build: () => PromptInputError): never {
    throw build();
  }
}
