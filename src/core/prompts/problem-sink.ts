// The parsers report problems to a sink instead of throwing, so one parser serves both callers:
// the in-memory and streaming readers stop at the first error, and the validation pass lists them all.
// Problems are reported as functions that build them: past the listing limit only the count is kept,
// and a file with a million bad lines is not slowed down by a million stack traces.

import { PromptInputError, PromptInputWarning } from './prompt-input-error';

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
