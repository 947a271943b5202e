// A command's end, held for the whole command: Ctrl-C, or --timeout running out. The timer is a plain setTimeout
// this object owns and clears on dispose. Not AbortSignal.any([..., AbortSignal.timeout(ms)]): on Node 20 the
// composite holds its sources weakly and a timeout signal nobody listens to directly is then only weakly held,
// so a garbage collection can take it before it fires and the command runs on past its deadline
// (nodejs/node#57736: `--timeout 20` ran 82.7 s and exited 0).

export class CommandDeadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onInterrupt = (): void => this.controller.abort(this.interrupt.reason);
  private expired = false;

  constructor(
    private readonly interrupt: AbortSignal,
    timeoutMs: number | undefined,
  ) {
    if (interrupt.aborted) this.onInterrupt();
    else interrupt.addEventListener('abort', this.onInterrupt, { once: true });
    if (timeoutMs !== undefined && !this.controller.signal.aborted) {
      this.timer = setTimeout(() => {
        this.expired = true;
        this.controller.abort(new Error(`--timeout of ${timeoutMs / 1000} s reached`));
      }, timeoutMs);
    }
  }

  /** Aborts on Ctrl-C or when the timeout runs out. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The timeout ran out (rather than the user interrupting). */
  get timedOut(): boolean {
    return this.expired;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.interrupt.removeEventListener('abort', this.onInterrupt);
  }
}
