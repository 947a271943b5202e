// `javascript` assertions: code from the experiment file, over `output` and `context` ({vars, prompt}).
// The code is compiled when the assertion is read (a syntax error is reported before anything is sent,
// and nothing runs), and runs only where the workspace is trusted: in a worker thread with a deadline for
// every script (javascript-pool.ts), in a fresh node:vm context holding nothing but the language's built-ins
// and a JSON copy of the data. node:vm is not a security boundary, which is why untrusted workspaces never
// run it at all.
//
// The value may be, as in promptfoo: an expression (`output.includes('Paris')`); statements whose last
// expression is the result (`const n = output.length; n < 100`); or a function body with `return`.
// An expression that yields a function is called with (output, context).
// The result may be a boolean, a number (the score: it passes above 0, or at or above `threshold` when
// set) or {pass, score?, reason?}.

import { Script } from 'node:vm';
import { runInWorker } from './javascript-pool';
import { readsOf } from './javascript-reads';
import { messageOf } from './javascript-verdict';
import { codeLine } from './quote';
import type { CellContext, CompiledJavascript } from './types';

export const defaultJavascriptTimeoutMs = 1000;

/**
 * Compiles `code` in the first form it parses as. When none does, the error is the one of the code as it
 * stands (a script), so that it names the user's own tokens and line, unless it fails only for using
 * `return`, when the function body's error is the one that matters.
 */
export function compileJavascript(code: string, file: string): CompiledJavascript | { problem: string } {
  const forms = [
    `(function (value) { return typeof value === 'function' ? value(output, context) : value; })((\n${code}\n))`,
    code,
    `(function (output, context) {\n${code}\n})(output, context)`,
  ];
  const errors: unknown[] = [];
  for (const source of forms) {
    try {
      new Script(source, { filename: file });
      return { source, file, code, reads: readsOf(code) };
    } catch (error) {
      errors.push(error);
    }
  }
  const [, asScript, asBody] = errors;
  const usesReturn = messageOf(asScript).includes('Illegal return');
  const lines = code.split('\n').length;
  return { problem: usesReturn ? syntaxProblem(asBody, lines, -1) : syntaxProblem(asScript, lines, 0) };
}

/**
 * The message, with where in the code when it has several lines (`lineShift` undoes the wrapper's line;
 * a line past the code's last means the code ended too soon, inside the wrapper).
 */
function syntaxProblem(error: unknown, lines: number, lineShift: number): string {
  const found = /^[^\n]*:(\d+)\n/.exec(String((error as { stack?: unknown } | null)?.stack ?? ''))?.[1];
  if (found === undefined || lines === 1) return messageOf(error);
  const line = Number(found) + lineShift;
  return `${messageOf(error)} (${line > lines ? 'at the end' : `line ${line}`} of the code)`;
}

export interface JavascriptVerdict {
  pass: boolean;
  score: number;
  reason: string;
}

export interface JavascriptRun {
  output: string;
  context: CellContext;
  inverse: boolean;
  threshold?: number;
  timeoutMs: number;
  /** The assertion's `metric`: it names the assertion in the reason of a failure. */
  metric?: string;
}

/**
 * Runs the compiled assertion once, in the assertion worker. Whatever the code does (throw, loop, return
 * nonsense) is a fail. A failure's reason is the script's own, else what happened, the code and the values
 * it read: `javascript returned false: output.length < 20 (output.length was 57)`.
 */
export function runJavascript(compiled: CompiledJavascript, run: JavascriptRun): JavascriptVerdict {
  const verdict = runInWorker({ source: compiled.source, file: compiled.file, reads: compiled.reads, output: run.output, context: run.context, inverse: run.inverse, threshold: run.threshold, timeoutMs: run.timeoutMs });
  const { pass, score } = verdict;
  if (verdict.reason !== undefined) return { pass, score, reason: verdict.reason };
  if (pass) return { pass, score, reason: 'Assertion passed' };
  const name = run.metric === undefined ? 'javascript' : `javascript ${JSON.stringify(run.metric)}`;
  const seen = verdict.seen?.length ? ` (${verdict.seen.join(', ')})` : '';
  return { pass, score, reason: `${name} ${verdict.what ?? 'failed'}: ${codeLine(compiled.code)}${seen}` };
}
