// How the queue state reads in the status bar: text, a short tooltip, every metric for the queue actions, and
// colour, as plain data. No 'vscode'
// import, so the wording is unit-tested on Node.

import type { ComponentHealth, QueueMetrics } from '../../core/api/types';
import { formatMetricValue, metricRows } from '../../core/monitor/metric-rows';
import { readServerGeneration } from '../../core/monitor/server-generation';
import type { QueueSample, QueueState } from '../../core/monitor/types';

export interface StatusPresentation {
  text: string;
  /** A one-line summary for the tooltip's first line. */
  summary: string;
  /** Every metric, health and the deployment, as rows: the queue actions list them (the tooltip stays short). */
  rows: [string, string][];
  /** Which server generation the metrics show, and how its rates are measured; absent before any sample. */
  server?: string;
  background?: 'warning' | 'error';
}

export function presentQueueState(state: QueueState, now = Date.now()): StatusPresentation {
  switch (state.kind) {
    case 'unconfigured':
      return { text: '$(circle-slash) ScalarLM', summary: `Not configured: ${state.reason}`, rows: [] };
    case 'connecting':
      return { text: '$(sync~spin) ScalarLM', summary: `Connecting to ${state.baseUrl}…`, rows: [['Deployment', state.baseUrl]] };
    case 'ok':
      return {
        text: `$(pulse) ${queueText(state.sample.metrics)}`,
        summary: `Connected to ${state.baseUrl}`,
        rows: [...metricRowsText(state.sample.metrics), ...healthRows(state.health), ['Deployment', state.baseUrl]],
        server: readServerGeneration(state.sample.metrics, state.health).description,
      };
    case 'busy':
      return {
        text: `$(warning) ${queueText(state.sample.metrics)}`,
        summary: `Busy: queue depth ${state.sample.metrics.queueDepth} is above ${state.threshold} (scalarlm.batch.pauseAboveQueueDepth); new batch groups wait.`,
        rows: [...metricRowsText(state.sample.metrics), ...healthRows(state.health), ['Deployment', state.baseUrl]],
        server: readServerGeneration(state.sample.metrics, state.health).description,
        background: 'warning',
      };
    case 'unreachable': {
      const seconds = Math.max(0, Math.round((state.retryAt - now) / 1000));
      return {
        text: '$(debug-disconnect) ScalarLM unreachable',
        summary: `Unreachable: ${state.error} Retrying in ${seconds} s.`,
        rows: [...lastSampleRows(state.lastSample), ['Deployment', state.baseUrl]],
        ...serverOf(state.lastSample),
        background: 'error',
      };
    }
    case 'paused':
      return {
        text: `$(debug-pause) ${state.lastSample ? queueText(state.lastSample.metrics) : 'ScalarLM'}`,
        summary: 'Paused while the window is not focused.',
        rows: [...lastSampleRows(state.lastSample), ['Deployment', state.baseUrl]],
        ...serverOf(state.lastSample),
      };
  }
}

/** "12 queued · 1.2k tok/s" */
export function queueText(metrics: QueueMetrics): string {
  const depth = metrics.queueDepth === undefined ? '?' : String(metrics.queueDepth);
  const tokens = metrics.tokensPerSecond === undefined ? '' : ` · ${compact(metrics.tokensPerSecond)} tok/s`;
  return `${depth} queued${tokens}`;
}

function compact(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(1)}k`;
  return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

function metricRowsText(m: QueueMetrics): [string, string][] {
  return metricRows(m).map(([label, value]) => [label, typeof value === 'number' ? formatMetricValue(label, value) : value]);
}

function lastSampleRows(sample: QueueSample | undefined): [string, string][] {
  if (!sample) return [];
  return [['Last sample', new Date(sample.at).toLocaleTimeString()], ...metricRowsText(sample.metrics)];
}

function serverOf(sample: QueueSample | undefined): Pick<StatusPresentation, 'server'> {
  return sample ? { server: readServerGeneration(sample.metrics).description } : {};
}

function healthRows(health: { api: ComponentHealth; vllm: ComponentHealth; megatron?: ComponentHealth } | undefined): [string, string][] {
  if (!health) return [];
  const rows: [string, string][] = [
    ['API', describeHealth(health.api)],
    ['vLLM', describeHealth(health.vllm)],
  ];
  if (health.megatron !== undefined) rows.push(['Megatron', describeHealth(health.megatron)]);
  return rows;
}

function describeHealth(health: ComponentHealth): string {
  return typeof health === 'string' ? health : `${health.status}: ${health.reason}`;
}


/** Metrics the tooltip names; the rest are in the queue actions. */
const TOOLTIP_METRICS = 2;

/**
 * The tooltip, a few lines whatever the deployment reports (a tall one hid the status bar's health and the
 * deployment): the summary, health on one line, the deployment, queue depth and tokens/s. Markdown-free text.
 */
export function tooltipLines(view: StatusPresentation): string[] {
  const rows = new Map(view.rows);
  const health = ['API', 'vLLM', 'Megatron'].filter((name) => rows.has(name)).map((name) => `${name} ${rows.get(name) ?? ''}`);
  const metrics = view.rows.filter(([name]) => !HEALTH_AND_PLACE.has(name)).slice(0, TOOLTIP_METRICS);
  const lines = [view.summary];
  if (health.length > 0) lines.push(`Health: ${health.join(' · ')}`);
  if (metrics.length > 0) lines.push(metrics.map(([name, value]) => `${name} ${value}`).join(' · '));
  if (rows.has('Deployment')) lines.push(`Deployment: ${rows.get('Deployment') ?? ''}`);
  return lines;
}

const HEALTH_AND_PLACE = new Set(['API', 'vLLM', 'Megatron', 'Deployment', 'Last sample']);
