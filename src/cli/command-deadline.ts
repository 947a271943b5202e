// A command's end, held for the whole command: Ctrl-C, or --timeout running out. The timer is a plain setTimeout
// this object owns and clears on dispose. Not AbortSignal.any([..., AbortSignal.timeout(ms)]): on Node 20 the
// composite holds its sources weakly and a timeout signal nobody listens to directly is then only weakly held,
// so a garbage collection can take it before it fires and the command runs on past its deadline
// (nodejs/node#57736: `--timeout 20` ran 82.7 s and exited 0).

export class CommandDeadline {
  private readonly controller = new AbortController();
  private readonly expiry = new AbortController();
  private readonly timer: NodeJS.Timeout | undefined;
  private readonly onInterrupt = (): void => this.controller.abort(this.interrupt.reason);

  constructor(
    private readonly interrupt: AbortSignal,
    readonly timeoutMs: number | undefined,
  ) {
    if (interrupt.aborted) this.onInterrupt();
    else interrupt.addEventListener('abort', this.onInterrupt, { once: true });
    if (timeoutMs !== undefined && !this.controller.signal.aborted) {
      this.timer = setTimeout(() => {
        const reason = new Error(`--timeout of ${timeoutMs / 1000} s reached`);
        this.expiry.abort(reason);
        this.controller.abort(reason);
      }, timeoutMs);
    }
  }

  /** Aborts on Ctrl-C or when the timeout runs out. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Aborts only when the timeout runs out: a run told apart from a cancel (it ends at its deadline). */
  get expired(): AbortSignal {
    return this.expiry.signal;
  }

  /** The timeout ran out (rather than the user interrupting). */
  get timedOut(): boolean {
    return this.expiry.signal.aborted;
  }

  /** "Stopped at the --timeout deadline (2 s): " and what is left. */
  stoppedLine(left: string): string {
    return `Stopped at the --timeout deadline (${(this.timeoutMs ?? 0) / 1000} s): ${left}.`;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.interrupt.removeEventListener('abort', this.onInterrupt);
  }
}
