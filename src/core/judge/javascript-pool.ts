// `javascript` assertions run in one pooled worker thread (assertion-worker.ts), with a deadline for every
// script: the caller posts the assertion and waits for the verdict (Atomics.wait: judging stays a plain
// function call for its many callers, and the wait is bounded), and when the deadline passes with no verdict
// the worker is ended and a fresh one takes the next assertion. Whatever the script does (loop between
// statements, a getter that never returns, allocate without end, reject a promise), the caller gets a failed
// assertion with its reason, never a hang or a crash. One worker serves thousands of cells at a small cost each.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { CellContext } from './types';
import { failed, type ScriptVerdict } from './javascript-verdict';

/** The bundles and the compiled tests both keep the worker beside this module's code. */
const WORKER_FILE = join(__dirname, 'assertion-worker.js');
/** The heap one assertion's worker may use: a runaway allocation ends it, not the process. */
export const ASSERTION_MEMORY_MB = 128;
/** A fresh worker must say it is ready within this (a loaded machine starts threads slowly). */
const START_LIMIT_MS = 20_000;
/** Beyond the script's own time limit: posting, the verdict's reading and the reply. */
const REPLY_MARGIN_MS = 250;

export interface AssertionRequest {
  source: string;
  file: string;
  /** Read again after a failure, to say what the code saw. */
  reads: string[];
  output: string;
  context: CellContext;
  inverse: boolean;
  threshold?: number | undefined;
  timeoutMs: number;
}

interface LiveWorker {
  worker: Worker;
  port: MessagePort;
  /** [0]: a verdict was posted; [1]: the worker is ready. */
  signal: Int32Array;
}

let live: LiveWorker | undefined;

export function runInWorker(request: AssertionRequest): ScriptVerdict {
  const current = live ?? start();
  if (typeof current === 'string') return failed(current);
  Atomics.store(current.signal, 0, 0);
  current.port.postMessage(request);
  Atomics.wait(current.signal, 0, 0, request.timeoutMs + REPLY_MARGIN_MS);
  const reply = receiveMessageOnPort(current.port);
  if (reply) return reply.message as ScriptVerdict;
  end(current);
  return failed(`did not finish within ${request.timeoutMs} ms, or used more than the ${ASSERTION_MEMORY_MB} MB of memory an assertion may, and was stopped`);
}

function start(): LiveWorker | string {
  if (!existsSync(WORKER_FILE)) return `could not run: ${WORKER_FILE} is missing from this installation`;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(WORKER_FILE, {
    workerData: { port: port2, signal },
    transferList: [port2],
    resourceLimits: { maxOldGenerationSizeMb: ASSERTION_MEMORY_MB, maxYoungGenerationSizeMb: 16 },
  });
  const started: LiveWorker = { worker, port: port1, signal };
  // An idle worker keeps no process alive; one that died (out of memory) is replaced at the next assertion.
  worker.unref();
  port1.unref();
  worker.on('error', () => end(started));
  worker.on('exit', () => end(started));
  if (Atomics.wait(signal, 1, 0, START_LIMIT_MS) === 'timed-out') {
    end(started);
    return `could not run: the worker thread of javascript assertions did not start within ${START_LIMIT_MS / 1000} s`;
  }
  live = started;
  return started;
}

function end(worker: LiveWorker): void {
  if (live === worker) live = undefined;
  worker.port.close();
  void worker.worker.terminate();
}
