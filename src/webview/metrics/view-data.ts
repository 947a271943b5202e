// What the page knows and keeps across reloads (through the webview state), and how host messages change
// it. DOM-free, so the Node unit tests cover restore and merge.

import { RATE_WINDOWS, type MetricsHostMessage, type MetricsPoint, type RateWindow, type ViewState, type ViewStateKind } from '../../protocol/metrics';
import { mergePoints } from './points';

export interface ViewData {
  points: MetricsPoint[];
  state?: ViewState;
  /** The deployment the points belong to: the last one a state named (an unconfigured state names none). */
  deployment?: string;
  /** Host clock minus page clock, measured at the last message: the page and host may run on different machines. */
  clockOffsetMs: number;
}

export const EMPTY_VIEW_DATA: ViewData = { points: [], clockOffsetMs: 0 };

/** Applies one host message, received when the page clock read `receivedAt`. */
export function applyHostMessage(data: ViewData, message: MetricsHostMessage, receivedAt: number): ViewData {
  const clockOffsetMs = message.now - receivedAt;
  switch (message.type) {
    case 'snapshot': {
      const kept = forDeployment(data, message.state);
      return { ...kept, points: mergePoints(kept.points, message.points, message.now), state: message.state, clockOffsetMs };
    }
    case 'sample':
      return { ...data, points: mergePoints(data.points, [message.point], message.now), clockOffsetMs };
    case 'state':
      return { ...forDeployment(data, message.state), state: message.state, clockOffsetMs };
  }
}

/** The data to carry on under `state`: without the points when the monitor moved to another deployment. */
function forDeployment(data: ViewData, state: ViewState): ViewData {
  if (state.deployment === undefined || state.deployment === data.deployment) return data;
  return { ...data, deployment: state.deployment, points: data.deployment === undefined ? data.points : [] };
}

/** The host's clock, as best the page knows it. */
export function hostNow(data: ViewData, pageNow: number): number {
  return pageNow + data.clockOffsetMs;
}

const STATE_KINDS: readonly ViewStateKind[] = ['unconfigured', 'connecting', 'ok', 'busy', 'unreachable', 'paused'];

/**
 * Reads the webview state saved before a reload. It is whatever an earlier version of this page stored
 * (or nothing), so every field is checked and anything unexpected is dropped rather than trusted.
 */
export function restoreViewData(saved: unknown, pageNow: number): ViewData {
  if (typeof saved !== 'object' || saved === null) return EMPTY_VIEW_DATA;
  const { points, state, deployment, clockOffsetMs } = saved as Record<string, unknown>;
  const offset = isFiniteNumber(clockOffsetMs) ? clockOffsetMs : 0;
  const validPoints = Array.isArray(points) ? points.flatMap(readPoint) : [];
  return {
    points: mergePoints([], validPoints, pageNow + offset),
    state: readState(state),
    deployment: typeof deployment === 'string' ? deployment : undefined,
    clockOffsetMs: offset,
  };
}

function readPoint(value: unknown): MetricsPoint[] {
  if (typeof value !== 'object' || value === null) return [];
  const { at, queueDepth, tokensPerSecond, requestsPerSecond } = value as Record<string, unknown>;
  if (!isFiniteNumber(at)) return [];
  const point: MetricsPoint = { at };
  if (isFiniteNumber(queueDepth)) point.queueDepth = queueDepth;
  if (isFiniteNumber(tokensPerSecond)) point.tokensPerSecond = tokensPerSecond;
  if (isFiniteNumber(requestsPerSecond)) point.requestsPerSecond = requestsPerSecond;
  return [point];
}

function readState(value: unknown): ViewState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, deployment, text, detail, retryAt, rates, server } = value as Record<string, unknown>;
  if (!STATE_KINDS.includes(kind as ViewStateKind) || typeof text !== 'string') return undefined;
  const state: ViewState = { kind: kind as ViewStateKind, text };
  if (typeof deployment === 'string') state.deployment = deployment;
  if (typeof detail === 'string') state.detail = detail;
  if (isFiniteNumber(retryAt)) state.retryAt = retryAt;
  if (RATE_WINDOWS.includes(rates as RateWindow)) state.rates = rates as RateWindow;
  if (typeof server === 'string') state.server = server;
  return state;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
