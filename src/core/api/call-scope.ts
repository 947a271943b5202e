// The cancellation of one HTTP call: the caller's AbortSignal, the call's overall deadline and its idle
// limit, joined into one signal for undici, remembering which of them fired so the failure can be named
// correctly (AbortedError, or a TimeoutError of the right phase). dispose() removes the timers and the
// listener.
//
// The idle limit is kept here rather than with undici's headersTimeout/bodyTimeout: those run on undici's
// coarse timers (about a second of slack), and the body timer would also count the time a slow consumer
// takes. This one runs only while the client is waiting for the server.

export type StopCause = 'caller' | 'deadline' | 'idle';

export class CallScope {
  private readonly controller = new AbortController();
  private readonly deadlineTimer: NodeJS.Timeout | undefined;
  private readonly removeCallerListener: (() => void) | undefined;
  private stoppedBy: StopCause | undefined;

  constructor(
    callerSignal: AbortSignal | undefined,
    readonly deadlineMs: number | undefined,
    readonly idleMs: number,
  ) {
    if (callerSignal?.aborted) {
      this.stop('caller');
    } else if (callerSignal) {
      this.removeCallerListener = onceAborted(callerSignal, () => this.stop('caller'));
    }
    if (deadlineMs !== undefined && this.stoppedBy === undefined) {
      this.deadlineTimer = setTimeout(() => this.stop('deadline'), deadlineMs);
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Which limit stopped the call, if one did. */
  get cause(): StopCause | undefined {
    return this.stoppedBy;
  }

  /** Waits for the server (the headers, or the next piece of the body), stopping the call after idleMs of silence. */
  async whileWaiting<T>(pending: Promise<T>): Promise<T> {
    const idleTimer = setTimeout(() => this.stop('idle'), this.idleMs);
    try {
      return await pending;
    } finally {
      clearTimeout(idleTimer);
    }
  }

  dispose(): void {
    clearTimeout(this.deadlineTimer);
    this.removeCallerListener?.();
  }

  private stop(cause: StopCause): void {
    if (this.stoppedBy !== undefined) return;
    this.stoppedBy = cause;
    clearTimeout(this.deadlineTimer);
    this.controller.abort(new Error(STOP_REASONS[cause]));
  }
}

const STOP_REASONS: Readonly<Record<StopCause, string>> = {
  caller: 'cancelled by the caller',
  deadline: 'the overall deadline passed',
  idle: 'no data within the idle limit',
};

/**
 * The calls in flight under one caller's signal, stopped together by one listener: a run's groups share its
 * signal, and a listener each made Node print its MaxListenersExceededWarning past ten groups in flight.
 */
const callsBySignal = new WeakMap<AbortSignal, Set<() => void>>();

/** Calls `stop` once `signal` aborts; the function returned forgets it. */
function onceAborted(signal: AbortSignal, stop: () => void): () => void {
  const stops = callsBySignal.get(signal) ?? watched(signal);
  stops.add(stop);
  return () => stops.delete(stop);
}

function watched(signal: AbortSignal): Set<() => void> {
  const stops = new Set<() => void>();
  signal.addEventListener('abort', () => [...stops].forEach((stop) => stop()), { once: true });
  callsBySignal.set(signal, stops);
  return stops;
}
