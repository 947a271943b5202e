// `javascript` assertions: code from the experiment file, over `output` and `context` ({vars, prompt}).
// The code is compiled when the assertion is read (a syntax error is reported before anything is sent,
// and nothing runs), and runs only where the workspace is trusted: in a fresh node:vm context holding
// nothing but the language's built-ins and a JSON copy of the data, with a time limit. node:vm is not a
// security boundary, which is why untrusted workspaces never run it at all.
//
// The value may be, as in promptfoo: an expression (`output.includes('Paris')`); statements whose last
// expression is the result (`const n = output.length; n < 100`); or a function body with `return`.
// An expression that yields a function is called with (output, context).
// The result may be a boolean, a number (the score: it passes above 0, or at or above `threshold` when
// set) or {pass, score?, reason?}.

import { Script, createContext } from 'node:vm';
import type { CellContext } from './types';

export const defaultJavascriptTimeoutMs = 1000;

/**
 * Compiles `code` in the first form it parses as. When none does, the error is the one of the code as it
 * stands (a script), so that it names the user's own tokens and line, unless it fails only for using
 * `return`, when the function body's error is the one that matters.
 */
export function compileJavascript(code: string, file: string): Script | { problem: string } {
  const forms = [
    `(function (value) { return typeof value === 'function' ? value(output, context) : value; })((\n${code}\n))`,
    code,
    `(function (output, context) {\n${code}\n})(output, context)`,
  ];
  const errors: unknown[] = [];
  for (const source of forms) {
    try {
      return new Script(source, { filename: file });
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
}

/** Runs the compiled assertion once. Whatever the code does (throw, loop, return nonsense) is a fail. */
export function runJavascript(script: Script, run: JavascriptRun): JavascriptVerdict {
  let result: unknown;
  try {
    // A null-prototype global and data parsed inside the sandbox: no object of this realm, and so no way
    // back to its Function, require or process, is reachable from the assertion's code.
    const sandbox = createContext(Object.assign(Object.create(null) as object, { input: JSON.stringify({ output: run.output, context: run.context }) }));
    new Script('(() => { const data = JSON.parse(input); delete globalThis.input; globalThis.output = data.output; globalThis.context = data.context; })()').runInContext(sandbox);
    result = script.runInContext(sandbox, { timeout: run.timeoutMs });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      return failed(`javascript did not finish within ${run.timeoutMs} ms`);
    }
    return failed(`javascript threw an error: ${messageOf(error)}`);
  }
  return verdictOf(result, run);
}

function verdictOf(result: unknown, run: JavascriptRun): JavascriptVerdict {
  if (typeof result === 'boolean') {
    const pass = result !== run.inverse;
    return { pass, score: pass ? 1 : 0, reason: pass ? 'Assertion passed' : `javascript returned ${result}` };
  }
  if (typeof result === 'number' && Number.isFinite(result)) {
    const above = run.threshold === undefined ? result > 0 : result >= run.threshold;
    const pass = above !== run.inverse;
    const bar = run.threshold === undefined ? '0' : `the threshold ${run.threshold}`;
    const comparison = run.threshold === undefined ? (above ? 'above' : 'not above') : above ? 'at or above' : 'below';
    return { pass, score: clamp(result), reason: pass ? 'Assertion passed' : `javascript returned ${result}, ${comparison} ${bar}` };
  }
  if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') {
    return failed('javascript returned a Promise; return the result itself (a boolean, a number or {pass, score, reason})');
  }
  if (typeof result === 'object' && result !== null && typeof (result as { pass?: unknown }).pass === 'boolean') {
    const { pass: raw, score, reason } = result as { pass: boolean; score?: unknown; reason?: unknown };
    if (score !== undefined && !(typeof score === 'number' && Number.isFinite(score))) {
      return failed(`javascript returned a "score" that is not a number (${describe(score)})`);
    }
    const pass = raw !== run.inverse;
    const given = typeof reason === 'string' && reason !== '' ? reason : undefined;
    return {
      pass,
      score: clamp(score ?? (raw ? 1 : 0)),
      reason: given ?? (pass ? 'Assertion passed' : `javascript returned pass: ${raw}`),
    };
  }
  return failed(`javascript must return a boolean, a number or {pass, score, reason}; it returned ${describe(result)}`);
}

function failed(reason: string): JavascriptVerdict {
  return { pass: false, score: 0, reason };
}

function clamp(score: number): number {
  return Math.min(1, Math.max(0, score));
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value)}`;
  if (typeof value === 'object') return Array.isArray(value) ? 'an array' : 'an object without a boolean "pass"';
  return `${typeof value} ${String(value)}`;
}

/** Errors from the sandbox are of its realm, so `instanceof Error` does not see them. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
