// Every timer the simulator starts goes through one Timers, so close() can stop them all and mocha exits
// on its own.

export class Timers {
  private readonly handles = new Set<NodeJS.Timeout>();

  /** Runs `fn` once after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void {
    const handle = setTimeout(() => {
      this.handles.delete(handle);
      fn();
    }, Math.max(0, ms));
    this.handles.add(handle);
    return () => {
      clearTimeout(handle);
      this.handles.delete(handle);
    };
  }

  /** Runs `fn` every `ms`; returns a cancel function. */
  every(ms: number, fn: () => void): () => void {
    const handle = setInterval(fn, ms);
    this.handles.add(handle);
    return () => {
      clearInterval(handle);
      this.handles.delete(handle);
    };
  }

  /** Resolves true after `ms`, or false as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const onAbort = (): void => {
        cancel();
        resolve(false);
      };
      const cancel = this.after(ms, () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      });
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  clearAll(): void {
    for (const handle of this.handles) clearTimeout(handle);
    this.handles.clear();
  }
}
