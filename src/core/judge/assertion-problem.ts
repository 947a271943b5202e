// An assertion that cannot be judged with, found before anything is sent: located like a compiler message
// (`file:line: detail`) so terminals and editors link it, and worded to say what to write instead.

export interface AssertionLocation {
  file: string;
  /** 1-based. */
  line: number;
}

export class AssertionProblem {
  readonly file: string;
  readonly line: number;
  readonly detail: string;
  readonly message: string;
  /** Refused only because the workspace is not trusted: trusting it is the fix, so the editor offers that too. */
  readonly needsTrust: boolean;

  constructor(where: AssertionLocation, detail: string, needsTrust = false) {
    this.needsTrust = needsTrust;
    this.file = where.file;
    this.line = where.line;
    this.detail = detail;
    this.message = `${where.file}:${where.line}: ${detail}`;
  }
}
