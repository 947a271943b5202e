// What a `javascript` assertion's result means, as in promptfoo: a boolean, a number (the score: it passes
// above 0, or at or above `threshold` when set) or {pass, score?, reason?}; anything else is a fail. Read in
// the assertion worker, where the result's own code (a getter, say) runs under the same deadline.

export interface JavascriptVerdict {
  pass: boolean;
  score: number;
  reason: string;
}

export interface VerdictRules {
  inverse: boolean;
  threshold?: number | undefined;
}

export function verdictOf(result: unknown, run: VerdictRules): JavascriptVerdict {
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

export function failed(reason: string): JavascriptVerdict {
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
export function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}
