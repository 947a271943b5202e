// Watches the deployment's queue while a run is going: holds new groups back while queue_depth is above
// the threshold (a shared deployment serves other people too), and supplies the request rate for ETAs.

import type { ScalarLMApi } from '../api/api';
import type { QueueMetrics } from '../api/types';
import { isScalarLMError } from '../api/errors';
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
      this.downSince = undefined;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (isScalarLMError(error) && (error.kind === 'unreachable' || error.kind === 'timeout')) this.downSince ??= Date.now();
      if (first) return this.latest;
      if (!this.failing) this.options.onLog?.(`Queue metrics unavailable: ${(error as Error).message}`);
      this.failing = true;
    }
    return this.latest;
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
