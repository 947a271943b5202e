// Problems of templates and experiment files as editor diagnostics, without the editor: 0-based positions,
// a range that covers the word at the problem (or the whole line when no column is known), a severity the
// editor has, and the detail alone (the Problems panel names the file and line itself).

import type { ConfigProblem } from '../../core/experiments/config';
import type { ProblemSeverity } from '../../core/templates';

export type DiagnosticLevel = 'error' | 'warning' | 'information';

export interface DiagnosticData {
  /** 0-based. */
  line: number;
  /** 0-based, in UTF-16 code units. */
  startColumn: number;
  endColumn: number;
  severity: DiagnosticLevel;
  message: string;
}

/** What both kinds of problem carry: 1-based line and column, a detail without the location. */
export interface ProblemAt {
  line: number;
  column?: number;
  detail: string;
  severity: ProblemSeverity | ConfigProblem['severity'];
}

const levels: Record<ProblemAt['severity'], DiagnosticLevel> = { error: 'error', warning: 'warning', note: 'information', info: 'information' };

/**
 * `lineText(line)` gives the text of a 0-based line; undefined when the text is not known (a file that is
 * not open), and then the range is empty at the problem (the editor widens it to the word there).
 */
export function diagnosticData(problem: ProblemAt, lineText: (line: number) => string | undefined, lineCount: number): DiagnosticData {
  const line = Math.max(0, Math.min(problem.line - 1, lineCount - 1));
  const severity = levels[problem.severity];
  const text = lineText(line);
  if (text === undefined) {
    const column = Math.max(0, (problem.column ?? 1) - 1);
    return { line, startColumn: column, endColumn: column, severity, message: problem.detail };
  }
  if (problem.column === undefined || line !== problem.line - 1) return { line, startColumn: 0, endColumn: text.length, severity, message: problem.detail };
  const start = Math.min(problem.column - 1, text.length);
  return { line, startColumn: start, endColumn: wordEnd(text, start), severity, message: problem.detail };
}

/**
 * The end of the word (`name`, `scalarlm:model`, `a.b`), quoted string or symbol run at `start`, so that a
 * squiggle covers what is at fault. A colon ends a word unless more of it follows (`sytem:` is `sytem`).
 */
function wordEnd(text: string, start: number): number {
  const rest = text.slice(start);
  const match = /^(?:[\p{L}\p{N}_$./-]+(?::[^\s,\]}]+)*|"(?:[^"\\]|\\.)*"?|'[^']*'?|\S+)/u.exec(rest);
  const length = match?.[0].length ?? 0;
  return length === 0 ? Math.max(start, text.length) : start + length;
}

/**
 * One problem per place: a typo is one cause, and the checks that meet it (an undeclared variable, the sample's
 * missing value, the preview's failed render) all point at the same word. The first found says it (the
 * typing check's, which names the cause), as severe as the most severe of them (a render it stopped is an error).
 */
const rank: Record<DiagnosticLevel, number> = { information: 0, warning: 1, error: 2 };

export function onePerPlace(items: DiagnosticData[]): DiagnosticData[] {
  const byPlace = new Map<string, DiagnosticData>();
  for (const item of items) {
    const key = `${item.line}:${item.startColumn}`;
    const first = byPlace.get(key);
    if (first === undefined) byPlace.set(key, item);
    else if (rank[item.severity] > rank[first.severity]) byPlace.set(key, { ...first, severity: item.severity });
  }
  return [...byPlace.values()];
}
