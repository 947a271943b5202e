// What a failing `javascript` assertion looked at, so its reason can say so: `output.length < 20` failing
// reads "(output.length was 57)". The reads are the property paths from `output` and `context` in the code
// (`output.length`, `context.vars.city`; a method called on a value, `output.includes(…)`, reads `output`),
// found in the text when the assertion is compiled. The worker reads them in the assertion's sandbox just
// before its code runs, so a read is a plain lookup on the JSON copy of the data: nothing of the script's
// making (a getter, a prototype it changed) is run by it.

import { Script, type Context } from 'node:vm';
import { codeLine, quoteSeen } from './quote';

/** Enough to show what a one-line condition compared; more would drown the reason. */
const MOST_READS = 4;
const NAME = String.raw`[A-Za-z_$][\w$]*`;
const STEP = String.raw`\s*\.\s*${NAME}|\[\s*(?:\d+|'[^'\\\n]*'|"[^"\\\n]*")\s*\]`;
/** A path from `output` or `context` (not a property of that name: `x.output`), then whether a call follows. */
const PATH = new RegExp(String.raw`(?<![\w$.])(?:output|context)(?![\w$])(?:${STEP})*(\s*\()?`, 'g');
const LAST_NAME = new RegExp(String.raw`\s*\.\s*${NAME}$`);

/** The distinct paths the code reads, in order of appearance, at most MOST_READS. */
export function readsOf(code: string): string[] {
  const reads: string[] = [];
  for (const match of code.matchAll(PATH)) {
    let path = match[0];
    if (match[1] !== undefined) {
      // A call: the method is not a value to show, the value it was called on is.
      path = path.slice(0, -match[1].length).replace(LAST_NAME, '');
    }
    path = path.replace(/\s+/g, '');
    if (!reads.includes(path)) reads.push(path);
    if (reads.length === MOST_READS) break;
  }
  return reads;
}

/** The reads of assertions, compiled once each: thousands of cells share a few. */
const scripts = new Map<string, Script>();
const MAX_SCRIPTS = 500;

/**
 * "output.length was 57" for each read, in a sandbox whose globals `output` and `context` hold the data; a read
 * that throws is left out (the failure says why).
 */
export function readValues(reads: readonly string[], sandbox: Context, timeoutMs: number): string[] {
  if (reads.length === 0) return [];
  let values: unknown[][];
  try {
    values = readsScript(reads).runInContext(sandbox, { timeout: timeoutMs }) as unknown[][];
  } catch {
    return [];
  }
  return reads.flatMap((read, at) => (values[at].length === 0 ? [] : [`${read} was ${shown(values[at][0])}`]));
}

function readsScript(reads: readonly string[]): Script {
  const key = reads.join('\n');
  let script = scripts.get(key);
  if (!script) {
    if (scripts.size >= MAX_SCRIPTS) scripts.clear();
    script = new Script(`[${reads.map((read) => `(() => { try { return [${read}]; } catch { return []; } })()`).join(', ')}]`);
    scripts.set(key, script);
  }
  return script;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return quoteSeen(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return codeLine(JSON.stringify(value));
  return String(value);
}
