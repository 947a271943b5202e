// The worker thread `javascript` assertions run in (see javascript-pool.ts), never the caller's thread: the
// caller waits for each verdict with a deadline and ends this worker when it passes, so a loop, a getter
// that never returns or a runaway allocation (the worker's heap is capped) costs one failed assertion, not
// the extension host or the CLI. A script's rejected promise is its own affair and is ignored here.
//
// Each assertion gets a fresh node:vm context holding nothing but the language's built-ins and a JSON copy of
// the data, its promise jobs run inside the time limit (microtaskMode), and the verdict is read here.

import { Script, createContext } from 'node:vm';
import { workerData, type MessagePort } from 'node:worker_threads';
import { readValues } from './javascript-reads';
import { failed, messageOf, verdictOf, type ScriptVerdict } from './javascript-verdict';
import type { AssertionRequest } from './javascript-pool';

const { port, signal } = workerData as { port: MessagePort; signal: Int32Array };
/** Compiled scripts by source: thousands of cells share a few assertions. */
const scripts = new Map<string, Script>();
const MAX_SCRIPTS = 500;

process.on('unhandledRejection', () => undefined);

port.on('message', (request: AssertionRequest) => {
  const { verdict, seen } = evaluate(request);
  // A failure the script did not explain is shown with what its code read.
  const shown = !verdict.pass && verdict.reason === undefined && seen.length > 0 ? { seen } : {};
  port.postMessage({ pass: verdict.pass, score: verdict.score, ...(verdict.reason !== undefined ? { reason: String(verdict.reason) } : {}), ...(verdict.what !== undefined ? { what: verdict.what } : {}), ...shown });
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
Atomics.store(signal, 1, 1);
Atomics.notify(signal, 1);

function evaluate(request: AssertionRequest): { verdict: ScriptVerdict; seen: string[] } {
  let result: unknown;
  let seen: string[] = [];
  try {
    // A null-prototype global and data parsed inside the sandbox: no object of this realm, and so no way
    // back to its Function, require or process, is reachable from the assertion's code.
    const sandbox = createContext(Object.assign(Object.create(null) as object, { input: JSON.stringify({ output: request.output, context: request.context }) }), { microtaskMode: 'afterEvaluate' });
    new Script('(() => { const data = JSON.parse(input); delete globalThis.input; globalThis.output = data.output; globalThis.context = data.context; })()').runInContext(sandbox);
    // Read before the script runs: the data as given, through no prototype or getter of the script's making.
    seen = readValues(request.reads, sandbox, request.timeoutMs);
    result = compiled(request).runInContext(sandbox, { timeout: request.timeoutMs });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return { verdict: failed(`did not finish within ${request.timeoutMs} ms`), seen };
    return { verdict: failed(`threw an error (${messageOf(error)})`), seen };
  }
  try {
    return { verdict: verdictOf(result, request), seen };
  } catch (error) {
    return { verdict: failed(`returned a value that threw when read (${messageOf(error)})`), seen };
  }
}

function compiled(request: AssertionRequest): Script {
  const key = `${request.file}\n${request.source}`;
  let script = scripts.get(key);
  if (!script) {
    if (scripts.size >= MAX_SCRIPTS) scripts.clear();
    script = new Script(request.source, { filename: request.file });
    scripts.set(key, script);
  }
  return script;
}
