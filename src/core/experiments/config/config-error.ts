// Problems in an experiment file, located the way compilers do it (`file:line:column: detail`), so that
// terminals turn them into links and the editor into diagnostics.

import { TemplateTrustError } from '../../templates';
import type { ConfigProblem, ProblemSeverity, SourcePosition } from './types';

export function configProblem(severity: ProblemSeverity, file: string, position: SourcePosition, detail: string): ConfigProblem {
  return { severity, file, line: position.line, column: position.column, detail, message: `${file}:${position.line}:${position.column}: ${detail}` };
}

/**
 * The experiment cannot run. `errors` lists every fatal problem found (this error's location is the first),
 * `problems` the warnings and ignored keys found with them, so that all can be shown at once; `refusal` is
 * the first error the file access made (Restricted Mode), for the editor to offer to trust the folder.
 */
export class ConfigError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly detail: string;
  readonly errors: ConfigProblem[];
  readonly problems: ConfigProblem[];
  readonly refusal?: TemplateTrustError;

  constructor(errors: ConfigProblem[], problems: ConfigProblem[] = []) {
    super(errors.map((error) => error.message).join('\n'));
    this.name = 'ConfigError';
    const [first] = errors;
    this.file = first.file;
    this.line = first.line;
    this.column = first.column;
    this.detail = first.detail;
    this.errors = errors;
    this.problems = problems;
    const refused = errors.find((error) => error.refused);
    if (refused !== undefined) this.refusal = new TemplateTrustError(refused, refused.detail);
  }
}
