// Turns the queue monitor's samples and states into the metrics view's plain protocol shapes, with the
// wording users read. No 'vscode' import, so it is unit-tested on Node.

import type { ComponentHealth, Health } from '../../core/api/types';
import { readServerGeneration } from '../../core/monitor/server-generation';
import type { QueueSample, QueueState } from '../../core/monitor/types';
import type { MetricsPoint, ViewState } from '../../protocol/metrics';

export function toMetricsPoint(sample: QueueSample): MetricsPoint {
  const point: MetricsPoint = { at: sample.at };
  const { queueDepth, tokensPerSecond, requestsPerSecond } = sample.metrics;
  // Only finite numbers cross: NaN and Infinity would turn into null on the way to the webview.
  if (isFiniteNumber(queueDepth)) point.queueDepth = queueDepth;
  if (isFiniteNumber(tokensPerSecond)) point.tokensPerSecond = tokensPerSecond;
  if (isFiniteNumber(requestsPerSecond)) point.requestsPerSecond = requestsPerSecond;
  return point;
}

/** The state as the view words it, with which server the latest sample came from. */
export function toViewState(state: QueueState): ViewState {
  const worded = wordState(state);
  const sample = state.kind === 'ok' || state.kind === 'busy' ? state.sample : 'lastSample' in state ? state.lastSample : undefined;
  if (!sample) return worded;
  const reading = readServerGeneration(sample.metrics, 'health' in state ? state.health : undefined);
  return { ...worded, rates: reading.rates, server: reading.description };
}

function wordState(state: QueueState): ViewState {
  switch (state.kind) {
    case 'unconfigured':
      return { kind: state.kind, text: `Not configured: ${state.reason}` };
    case 'connecting':
      return { kind: state.kind, deployment: state.baseUrl, text: `Connecting to ${state.baseUrl}…` };
    case 'ok':
      return withDetail({ kind: state.kind, deployment: state.baseUrl, text: `Connected to ${state.baseUrl}` }, healthProblems(state.health));
    case 'busy':
      return withDetail(
        {
          kind: state.kind,
          deployment: state.baseUrl,
          text: `Busy: queue depth ${state.sample.metrics.queueDepth ?? '?'} is above ${state.threshold}`,
          detail: 'New batch groups wait until it drops (scalarlm.batch.pauseAboveQueueDepth).',
        },
        healthProblems(state.health),
      );
    case 'unreachable':
      // The webview appends " Retrying in N s." from retryAt and keeps it counting down.
      return { kind: state.kind, deployment: state.baseUrl, text: `Unreachable: ${asSentence(state.error)}`, retryAt: state.retryAt };
    case 'paused':
      return { kind: state.kind, deployment: state.baseUrl, text: 'Paused while the window is not focused' };
  }
}

/** "vLLM down: out of memory.", for the components that are not up; undefined when all are (or unknown). */
function healthProblems(health: Health | undefined): string | undefined {
  if (!health) return undefined;
  const components: [string, ComponentHealth | undefined][] = [['API', health.api], ['vLLM', health.vllm], ['Megatron', health.megatron]];
  const problems = components.flatMap(([name, component]) =>
    component === undefined || component === 'up' ? [] : [`${name} down: ${component.reason}.`],
  );
  return problems.length > 0 ? problems.join(' ') : undefined;
}

function withDetail(state: ViewState, extra: string | undefined): ViewState {
  if (extra === undefined) return state;
  return { ...state, detail: state.detail === undefined ? extra : `${state.detail} ${extra}` };
}

/** The core's errors are sentences already; a bare one ("ECONNRESET") gets a full stop so the countdown reads on. */
function asSentence(text: string): string {
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

function isFiniteNumber(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
