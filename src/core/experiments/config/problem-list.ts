// Collects the problems of one experiment file as it is read, so that one pass reports all of them: errors,
// warnings, and keys that are ignored, each of the last two once however often it repeats.

import { configProblem } from './config-error';
import type { ConfigProblem, IgnoredConfigKey, SourcePosition } from './types';

export class ProblemList {
  readonly errors: ConfigProblem[] = [];
  readonly warnings: ConfigProblem[] = [];
  readonly ignored: IgnoredConfigKey[] = [];
  /** The ignored keys as problems (severity info), for the editor. */
  private readonly notes: ConfigProblem[] = [];
  private readonly seen = new Set<string>();

  constructor(readonly file: string) {}

  error(position: SourcePosition, detail: string): void {
    this.errors.push(configProblem('error', this.file, position, detail));
  }

  /** An error the file access made (Restricted Mode): trusting the folder lifts it. */
  refuse(position: SourcePosition, detail: string): void {
    this.errors.push({ ...configProblem('error', this.file, position, detail), refused: true });
  }

  /** `once` names the kind of warning: only its first occurrence is kept. */
  warning(position: SourcePosition, detail: string, once?: string): void {
    if (once !== undefined) {
      if (this.seen.has(`warning:${once}`)) return;
      this.seen.add(`warning:${once}`);
    }
    this.warnings.push(configProblem('warning', this.file, position, detail));
  }

  ignore(key: string, position: SourcePosition, detail = `\`${key}\` is not supported here and is ignored`): void {
    if (this.seen.has(`ignored:${key}`)) return;
    this.seen.add(`ignored:${key}`);
    const note = configProblem('info', this.file, position, detail);
    this.notes.push(note);
    this.ignored.push({ key, file: this.file, line: note.line, column: note.column, message: note.message });
  }

  /** Every problem for the editor: ignored keys as information. */
  all(): ConfigProblem[] {
    return [...this.errors, ...this.warnings, ...this.notes].sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
