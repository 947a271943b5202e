// Problems in a prompt template, located the way compilers do it (`file:line[:column]: detail`), so that
// terminals and editors can turn the prefix into a link. Rendering throws TemplateError; checking a file while
// it is being typed lists every problem it can find as TemplateProblem, errors and notes alike.

export interface TemplateLocation {
  file: string;
  /** 1-based, in the file (not in the template body). */
  line: number;
  /** 1-based, in UTF-16 code units like an editor's column, when known. */
  column?: number;
}

export type ProblemSeverity = 'error' | 'warning' | 'note';

export interface TemplateProblem extends TemplateLocation {
  severity: ProblemSeverity;
  /** What is wrong and what to do, without the location. */
  detail: string;
  /** `file:line[:column]: detail`. */
  message: string;
}

export function locationPrefix({ file, line, column }: TemplateLocation): string {
  return column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
}

/** A template that cannot be rendered, or a render that failed: the message reads well on its own. */
export class TemplateError extends Error {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
  readonly detail: string;

  constructor(location: TemplateLocation, detail: string) {
    super(`${locationPrefix(location)}: ${detail}`);
    this.name = 'TemplateError';
    this.file = location.file;
    this.line = location.line;
    this.column = location.column;
    this.detail = detail;
  }

  toProblem(): TemplateProblem {
    return problem('error', this, this.detail);
  }
}

/**
 * A variable the template needs has no value. Prompty's Jinja2 would render it empty; here it is refused (a
 * missing value is almost always a mistake), and the caller says how to give one where it knows how.
 */
export class UndefinedVariableError extends TemplateError {
  constructor(
    location: TemplateLocation,
    detail: string,
    readonly variable: string,
  ) {
    super(location, detail);
    this.name = 'UndefinedVariableError';
  }
}

const JINJA_REFUSED =
  'this workspace is in Restricted Mode, and Jinja2 templates run only in trusted workspaces ' +
  '(a Jinja2 template can run code); trust the workspace to render it, or write the template with `template: mustache`';

/**
 * Refused because the workspace is not trusted: Jinja2 (nunjucks runs a template's expressions as JavaScript
 * with no sandbox, so a cloned repository's template could run code), or a file reference that leads outside
 * the workspace (core/files). The UI offers "Manage Workspace Trust".
 */
export class TemplateTrustError extends TemplateError {
  constructor(location: TemplateLocation, detail = JINJA_REFUSED) {
    super(location, detail);
    this.name = 'TemplateTrustError';
  }
}

export function problem(severity: ProblemSeverity, location: TemplateLocation, detail: string): TemplateProblem {
  const { file, line, column } = location;
  const located: TemplateLocation = column === undefined ? { file, line } : { file, line, column };
  return { severity, ...located, detail, message: `${locationPrefix(located)}: ${detail}` };
}

export function byPosition(a: { line: number; column?: number }, b: { line: number; column?: number }): number {
  return a.line - b.line || (a.column ?? 0) - (b.column ?? 0);
}
