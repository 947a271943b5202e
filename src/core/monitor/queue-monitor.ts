// Polls a deployment's queue metrics for the status bar and the metrics chart. It polls only while the
// window is focused, backs off up to 60 s while the deployment is unreachable (and recovers by itself),
// and keeps ten minutes of samples. Health is fetched now and then for the tooltip.

import type { ScalarLMApi } from '../api/api';
import type { Health } from '../api/types';
import type { QueueMonitorView, QueueSample, QueueState, Unsubscribe } from './types';

export const HISTORY_MS = 10 * 60_000;
export const MAX_BACKOFF_MS = 60_000;
const HEALTH_EVERY_MS = 30_000;

export interface QueueMonitorSettings {
  /** The client to poll, or undefined with the reason it cannot poll (no base URL, metrics turned off). */
  target: { api: ScalarLMApi } | { unconfigured: string };
  intervalMs: number;
  /** Queue depth above this shows as busy. */
  busyAbove: number;
}

type Listener<T> = (value: T) => void;

export class QueueMonitor implements QueueMonitorView {
  private current: QueueState = { kind: 'unconfigured', reason: 'Not started.' };
  private samples: QueueSample[] = [];
  private health: Health | undefined;
  private healthAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: AbortController | undefined;
  private failures = 0;
  private focused = true;
  private disposed = false;
  private readonly stateListeners = new Set<Listener<QueueState>>();
  private readonly sampleListeners = new Set<Listener<QueueSample>>();

  constructor(private settings: QueueMonitorSettings) {}

  get state(): QueueState {
    return this.current;
  }

  history(): readonly QueueSample[] {
    return this.samples;
  }

  onDidChangeState(listener: Listener<QueueState>): Unsubscribe {
    return subscribe(this.stateListeners, listener);
  }

  onDidSample(listener: Listener<QueueSample>): Unsubscribe {
    return subscribe(this.sampleListeners, listener);
  }

  /** Starts polling (or shows why it cannot). */
  start(): void {
    this.restart();
  }

  /** New settings apply at once: a new deployment starts from "connecting" with a fresh history. */
  configure(settings: QueueMonitorSettings): void {
    const sameTarget = 'api' in settings.target && 'api' in this.settings.target && settings.target.api.baseUrl === this.settings.target.api.baseUrl;
    this.settings = settings;
    if (!sameTarget) {
      this.samples = [];
      this.health = undefined;
      this.healthAt = 0;
    }
    this.restart();
  }

  /** No polling while the window is not focused; polls at once when it is again. */
  setFocused(focused: boolean): void {
    if (focused === this.focused) return;
    this.focused = focused;
    this.restart();
  }

  /** Polls now, whatever the schedule (after the user changed something). */
  refresh(): void {
    this.restart();
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
    this.stateListeners.clear();
    this.sampleListeners.clear();
  }

  private restart(): void {
    this.stop();
    if (this.disposed) return;
    const { target } = this.settings;
    if (!('api' in target)) return this.setState({ kind: 'unconfigured', reason: target.unconfigured });
    const lastSample = this.samples[this.samples.length - 1];
    if (!this.focused) return this.setState({ kind: 'paused', baseUrl: target.api.baseUrl, ...(lastSample ? { lastSample } : {}) });
    this.failures = 0;
    if (this.current.kind === 'unconfigured' || !lastSample) this.setState({ kind: 'connecting', baseUrl: target.api.baseUrl });
    void this.poll(target.api);
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
  }

  private async poll(api: ScalarLMApi): Promise<void> {
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const { data: metrics } = await api.metrics({ signal: controller.signal });
      const sample: QueueSample = { at: Date.now(), metrics };
      await this.refreshHealth(api, controller.signal);
      if (controller.signal.aborted) return;
      this.failures = 0;
      this.record(sample);
      const depth = metrics.queueDepth ?? 0;
      const base = { baseUrl: api.baseUrl, sample, ...(this.health ? { health: this.health } : {}) };
      this.setState(depth > this.settings.busyAbove ? { kind: 'busy', ...base, threshold: this.settings.busyAbove } : { kind: 'ok', ...base });
      this.schedule(api, this.settings.intervalMs);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.failures++;
      const delay = Math.min(this.settings.intervalMs * 2 ** (this.failures - 1), MAX_BACKOFF_MS);
      const lastSample = this.samples[this.samples.length - 1];
      this.setState({
        kind: 'unreachable',
        baseUrl: api.baseUrl,
        error: (error as Error).message,
        retryAt: Date.now() + delay,
        ...(lastSample ? { lastSample } : {}),
      });
      this.schedule(api, delay);
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  /** Health changes rarely and costs the server a vLLM round trip: fetched every 30 s, failures ignored. */
  private async refreshHealth(api: ScalarLMApi, signal: AbortSignal): Promise<void> {
    if (Date.now() - this.healthAt < HEALTH_EVERY_MS) return;
    this.healthAt = Date.now();
    try {
      this.health = (await api.health({ signal })).data;
    } catch {
      this.health = undefined;
    }
  }

  private schedule(api: ScalarLMApi, delayMs: number): void {
    if (this.disposed || !this.focused) return;
    this.timer = setTimeout(() => void this.poll(api), delayMs);
  }

  private record(sample: QueueSample): void {
    this.samples.push(sample);
    const oldest = sample.at - HISTORY_MS;
    let drop = 0;
    while (drop < this.samples.length && this.samples[drop].at < oldest) drop++;
    if (drop > 0) this.samples = this.samples.slice(drop);
    for (const listener of this.sampleListeners) listener(sample);
  }

  private setState(state: QueueState): void {
    this.current = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

function subscribe<T>(listeners: Set<Listener<T>>, listener: Listener<T>): Unsubscribe {
  listeners.add(listener);
  return { dispose: () => listeners.delete(listener) };
}
