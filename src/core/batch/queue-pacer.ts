// Watches the deployment's queue while a run is going: holds new groups back while queue_depth is above
// the threshold (a shared deployment serves other people too), and supplies the request rate for ETAs. It is
// also where the run knows whether the deployment answers: an outage is said once when it starts ("unreachable
// since HH:MM:SS, retrying") and once when it ends, however many groups' calls fail meanwhile.

import type { ScalarLMApi } from '../api/api';
import type { QueueMetrics } from '../api/types';
import { isScalarLMError } from '../api/errors';

function notAnswering(error: unknown): boolean {
  return isScalarLMError(error) && (error.kind === 'unreachable' || error.kind === 'timeout');
}

/** HH:MM:SS, local time. */
function clock(epochMs: number): string {
  return new Date(epochMs).toTimeString().slice(0, 8);
}
import { sleep } from '../api/sleep';

export interface QueuePacerOptions {
  /** Hold new groups back while queue_depth is above this; undefined = never hold back. */
  pauseAboveQueueDepth?: number;
  intervalMs: number;
  onLog?: (message: string) => void;
}

export class QueuePacer {
  private latest: QueueMetrics | undefined;
  private sampledAt = 0;
  private failing = false;
  private downSince: number | undefined;
  /** Whether the outage since downSince has been said. */
  private outageSaid = false;

  constructor(
    private readonly api: ScalarLMApi,
    private readonly options: QueuePacerOptions,
  ) {}

  /** The last sample, or none while the deployment is unreachable (an old sample would read as live). */
  get metrics(): QueueMetrics | undefined {
    return this.downSince === undefined ? this.latest : undefined;
  }

  /** When the deployment stopped answering (refused, timed out), until a sample succeeds again. */
  get unreachableSince(): number | undefined {
    return this.downSince;
  }

  /**
   * Fetches metrics now. Failures are logged once and leave the last sample in place (not shown while unreachable).
   * A run's `first` look goes out beside its check that the deployment answers at all, which says that better: its
   * failure is not logged, and the next look (the gate's, at once) logs it if the metrics alone are missing.
   */
  async sample(signal?: AbortSignal, { first = false } = {}): Promise<QueueMetrics | undefined> {
    try {
      this.latest = (await this.api.metrics({ signal })).data;
      this.sampledAt = Date.now();
      this.failing = false;
      this.answered();
    } catch (error) {
      if (signal?.aborted) throw error;
      if (first) {
        if (notAnswering(error)) this.downSince ??= Date.now();
        return this.latest;
      }
      if (!this.failedToAnswer(error) && !this.failing) this.options.onLog?.(`Queue metrics unavailable: ${(error as Error).message}`);
      this.failing = true;
    }
    return this.latest;
  }

  /**
   * A call of the run failed: true when it is the deployment not answering (refused, timed out), said once per
   * outage, so the caller says nothing more; false for any other failure, which the caller reports.
   */
  failedToAnswer(error: unknown): boolean {
    if (!notAnswering(error)) return false;
    if (this.downSince === undefined || !this.outageSaid) {
      this.downSince ??= Date.now();
      this.outageSaid = true;
      this.options.onLog?.(`The deployment is unreachable since ${clock(this.downSince)}, retrying (${(error as Error).message})`);
    }
    return true;
  }

  /** A call of the run was answered: an outage said is over, and that is said too. */
  answered(): void {
    if (this.downSince !== undefined && this.outageSaid) this.options.onLog?.(`The deployment answers again (unreachable for ${Math.round((Date.now() - this.downSince) / 1000)} s).`);
    this.downSince = undefined;
    this.outageSaid = false;
  }

  /** Resolves when a new group may be submitted. */
  async gate(signal?: AbortSignal): Promise<void> {
    const limit = this.options.pauseAboveQueueDepth;
    if (limit === undefined) return;
    let announced = false;
    for (;;) {
      if (Date.now() - this.sampledAt >= this.options.intervalMs) await this.sample(signal);
      const depth = this.latest?.queueDepth;
      if (depth === undefined || depth <= limit || this.failing) return;
      if (!announced) this.options.onLog?.(`Queue depth ${depth} is above ${limit}: holding new groups back.`);
      announced = true;
      await sleep(this.options.intervalMs, signal);
    }
  }
}
