// What a `javascript` assertion's result means, as in promptfoo: a boolean, a number (the score: it passes
// above 0, or at or above `threshold` when set) or {pass, score?, reason?}; anything else is a fail. Read in
// the assertion worker, where the result's own code (a getter, say) runs under the same deadline.
//
// A failure the script did not explain says what happened ("returned false"); javascript.ts makes that the
// reason, with the code and the values it read, so a reason never stops at "javascript returned false".

export interface ScriptVerdict {
  pass: boolean;
  score: number;
  /** The script's own reason, from the {pass, score, reason} it returned. */
  reason?: string;
  /** A failure without a reason of its own: what happened, as "returned false" or "threw an error (…)". */
  what?: string;
  /** The values the code read, for such a failure: "output.length was 57". */
  seen?: string[];
}

export interface VerdictRules {
  inverse: boolean;
  threshold?: number | undefined;
}

export function verdictOf(result: unknown, run: VerdictRules): ScriptVerdict {
  if (typeof result === 'boolean') {
    const pass = result !== run.inverse;
    return pass ? { pass, score: 1 } : { pass, score: 0, what: `returned ${result}` };
  }
  if (typeof result === 'number' && Number.isFinite(result)) {
    const above = run.threshold === undefined ? result > 0 : result >= run.threshold;
    const pass = above !== run.inverse;
    const bar = run.threshold === undefined ? '0' : `the threshold ${run.threshold}`;
    const comparison = run.threshold === undefined ? (above ? 'above' : 'not above') : above ? 'at or above' : 'below';
    return pass ? { pass, score: clamp(result) } : { pass, score: clamp(result), what: `returned ${result}, ${comparison} ${bar}` };
  }
  if (typeof result === 'object' && result !== null && typeof (result as { then?: unknown }).then === 'function') {
    return failed('returned a Promise (return the result itself: a boolean, a number or {pass, score, reason})');
  }
  if (typeof result === 'object' && result !== null && typeof (result as { pass?: unknown }).pass === 'boolean') {
    const { pass: raw, score, reason } = result as { pass: boolean; score?: unknown; reason?: unknown };
    if (score !== undefined && !(typeof score === 'number' && Number.isFinite(score))) {
      return failed(`returned a "score" that is not a number (${describe(score)})`);
    }
    const pass = raw !== run.inverse;
    const verdict = { pass, score: clamp(score ?? (raw ? 1 : 0)) };
    if (typeof reason === 'string' && reason !== '') return { ...verdict, reason };
    return pass ? verdict : { ...verdict, what: `returned {pass: ${raw}}` };
  }
  return failed(`returned ${describe(result)}, not a boolean, a number or {pass, score, reason}`);
}

/** A failure: `what` happened ("threw an error (…)"). */
export function failed(what: string): ScriptVerdict {
  return { pass: false, score: 0, what };
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
