// Finds misspelt or unsupported role markers in the template's own text before anything is rendered, so
// that diagnostics show them while typing, at their line and column.

import { classifyLine, unknownMarkerDetail } from './role-markers';
import { TemplateError } from './template-error';

export interface TextRun {
  text: string;
  /** File line of the run's first character. */
  line: number;
  /** Whether the run begins at the start of a line, and ends at the end of one. */
  startsLine: boolean;
  endsLine: boolean;
}

/** Checks the complete lines of one run of literal template text. */
export function checkMarkerLines(run: TextRun, file: string): TemplateError[] {
  const errors: TemplateError[] = [];
  const lines = run.text.split('\n');
  lines.forEach((line, index) => {
    const complete = (index > 0 || run.startsLine) && (index < lines.length - 1 || run.endsLine);
    if (!complete) return;
    const marker = classifyLine(line);
    if (marker.kind !== 'unknown') return;
    const column = line.search(/\S/) + 1;
    errors.push(new TemplateError({ file, line: run.line + index, column }, unknownMarkerDetail(marker.written)));
  });
  return errors;
}
