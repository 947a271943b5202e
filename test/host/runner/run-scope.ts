// Runs one host-test session to an exit code. Everything the session starts registers how to stop it, and
// the scope stops it all, newest first, on every path: success, failure, the overall timeout, Ctrl-C.

type Cleanup = (exitCode: number) => unknown;

/** Cleanups that hang must not keep the runner alive. */
const CLOSE_BOUND_MS = 30_000;

export class RunScope {
  private readonly cleanups: Cleanup[] = [];
  private closed = false;
  private exitCode = 1;

  /** True once the run's outcome is decided: whatever the session still reports is only its teardown. */
  get closing(): boolean {
    return this.closed;
  }

  /**
   * Registers a cleanup; the returned function forgets it again (for something already stopped).
   * After the outcome is decided (a timeout while the session still starts things), the cleanup starts at
   * once and the session is stopped with an error.
   */
  defer(cleanup: Cleanup): () => void {
    if (this.closed) {
      void Promise.resolve(cleanup(this.exitCode)).catch(() => undefined);
      throw new Error('the run has ended');
    }
    this.cleanups.push(cleanup);
    return () => {
      const index = this.cleanups.indexOf(cleanup);
      if (index >= 0) this.cleanups.splice(index, 1);
    };
  }

  async close(exitCode: number): Promise<void> {
    this.closed = true;
    this.exitCode = exitCode;
    for (const cleanup of this.cleanups.splice(0).reverse()) {
      try {
        await cleanup(exitCode);
      } catch (error) {
        console.error(`Cleanup failed: ${describeError(error)}`);
      }
    }
  }
}

/**
 * Runs one part of a session (a pass of the suite) in a scope of its own, cleaned up when the part ends with
 * the part's exit code, or by `outer` when the whole run is stopped first.
 */
export async function inNestedScope(outer: RunScope, part: (scope: RunScope) => Promise<number>): Promise<number> {
  const inner = new RunScope();
  const forget = outer.defer((exitCode) => inner.close(exitCode));
  let exitCode = 1;
  try {
    exitCode = await part(inner);
    return exitCode;
  } finally {
    forget();
    await inner.close(exitCode);
  }
}

/** Runs `session`, cleans up, and exits the process with the session's code (1 on error or timeout). */
export function runToExit(name: string, timeoutMs: number, session: (scope: RunScope) => Promise<number>): void {
  const scope = new RunScope();
  let timer: NodeJS.Timeout | undefined;
  let onSignal: ((signal: NodeJS.Signals) => void) | undefined;
  const outcomes = [
    session(scope).catch((error: unknown) => {
      if (!scope.closing) console.error(`${name}: ${describeError(error)}`);
      return 1;
    }),
    new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        console.error(`${name}: the run did not finish within ${timeoutMs / 1000} s; stopping it (set SCALARLM_HOST_TIMEOUT_SECONDS to allow longer).`);
        resolve(1);
      }, timeoutMs);
    }),
    new Promise<number>((resolve) => {
      onSignal = (signal) => {
        console.error(`${name}: ${signal}; stopping.`);
        resolve(signal === 'SIGINT' ? 130 : 143);
      };
      process.once('SIGINT', onSignal);
      process.once('SIGTERM', onSignal);
    }),
  ];
  void Promise.race(outcomes).then(async (exitCode) => {
    clearTimeout(timer);
    if (onSignal) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    setTimeout(() => {
      console.error(`${name}: cleanup did not finish within ${CLOSE_BOUND_MS / 1000} s; exiting anyway.`);
      process.exit(exitCode);
    }, CLOSE_BOUND_MS).unref();
    await scope.close(exitCode);
    process.exit(exitCode); // the session may still hold handles after a timeout or a signal
  });
}

/** The message alone: the runners' errors say what to do, and a stack would bury that. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
