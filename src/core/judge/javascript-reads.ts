// What a failing `javascript` assertion looked at, so its reason can say so: `output.length < 20` failing
// reads "(output.length was 57)". The reads are the property paths from `output` and `context` in the code
// (`output.length`, `context.vars.city`; a method called on a value, `output.includes(…)`, reads `output`),
// found in the text when the assertion is compiled. After a failure the worker reads them again in a fresh
// sandbox holding only a JSON copy of the data, so a read is a plain property lookup: it calls nothing of the
// script's and cannot see what the script changed.

import { Script, createContext } from 'node:vm';
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

/** "output.length was 57" for each read that can be read; one that throws is left out (the failure says why). */
export function readValues(reads: readonly string[], data: { output: string; context: unknown }, timeoutMs: number): string[] {
  if (reads.length === 0) return [];
  const sandbox = createContext(Object.assign(Object.create(null) as object, { input: JSON.stringify(data) }));
  const source = `(() => { const { output, context } = JSON.parse(input); return [${reads.map((read) => `(() => { try { return [${read}]; } catch { return []; } })()`).join(', ')}]; })()`;
  let values: unknown[][];
  try {
    values = new Script(source).runInContext(sandbox, { timeout: timeoutMs }) as unknown[][];
  } catch {
    return [];
  }
  return reads.flatMap((read, at) => (values[at].length === 0 ? [] : [`${read} was ${shown(values[at][0])}`]));
}

function shown(value: unknown): string {
  if (typeof value === 'string') return quoteSeen(value);
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null) return codeLine(JSON.stringify(value));
  return String(value);
}
