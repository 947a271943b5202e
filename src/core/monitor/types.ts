// What the queue monitor tells its listeners: the deployment's state for the status bar, and a
// history of samples for the metrics chart.

import type { Health, QueueMetrics } from '../api/types';

/** One successful metrics poll. */
export interface QueueSample {
  /** Epoch milliseconds. */
  at: number;
  metrics: QueueMetrics;
}

export type QueueState =
  /** No base URL configured, or metrics turned off. */
  | { kind: 'unconfigured'; reason: string }
  /** The first poll has not answered yet. */
  | { kind: 'connecting'; baseUrl: string }
  | { kind: 'ok'; baseUrl: string; sample: QueueSample; health?: Health }
  /** Queue depth above the configured threshold. */
  | { kind: 'busy'; baseUrl: string; sample: QueueSample; health?: Health; threshold: number }
  /** Polls fail; the next try is at `retryAt` (backoff up to 60 s). */
  | { kind: 'unreachable'; baseUrl: string; error: string; retryAt: number; lastSample?: QueueSample }
  /** The window is not focused: no polling until it is. */
  | { kind: 'paused'; baseUrl: string; lastSample?: QueueSample };

export interface Unsubscribe {
  dispose(): void;
}

export interface QueueMonitorView {
  readonly state: QueueState;
  /** Samples of the last 10 minutes, oldest first. */
  history(): readonly QueueSample[];
  onDidChangeState(listener: (state: QueueState) => void): Unsubscribe;
  onDidSample(listener: (sample: QueueSample) => void): Unsubscribe;
}
