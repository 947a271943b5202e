// Messages between the queue metrics panel (extension host) and its webview. Both sides compile this file:
// plain data shapes and its sibling message-shape only, no imports from the core or from 'vscode'.

import { messageGuard, type MessageOf, type MessageSpec } from './message-shape';

/** One metrics poll as the chart needs it. A value the server did not report is absent, never zero. */
export interface MetricsPoint {
  /** Epoch milliseconds, on the extension host's clock. */
  at: number;
  queueDepth?: number;
  tokensPerSecond?: number;
  requestsPerSecond?: number;
}

export type ViewStateKind = 'unconfigured' | 'connecting' | 'ok' | 'busy' | 'unreachable' | 'paused';

/** How the server measures tokens/s and requests/s: over the last 60 s, or since it started (older servers). */
export type RateWindow = 'last-60s' | 'cumulative';

export const RATE_WINDOWS: readonly RateWindow[] = ['last-60s', 'cumulative'];

/** The deployment's state, already worded by the host. */
export interface ViewState {
  kind: ViewStateKind;
  /**
   * The base URL the monitor watches, absent when unconfigured. When it changes, the points kept so far
   * belong to another deployment and the webview drops them.
   */
  deployment?: string;
  /** One line, e.g. "Connected to http://127.0.0.1:8000". */
  text: string;
  /** A second, quieter line when there is more to say (a component down, what "busy" holds back). */
  detail?: string;
  /**
   * When unreachable: the next poll, epoch milliseconds on the host's clock. The webview appends
   * " Retrying in N s." itself and counts it down, so the line stays true between state changes.
   */
  retryAt?: number;
  /** How the server measures its rates, once a sample has shown which server it is; the charts say so. */
  rates?: RateWindow;
  /** Which server generation the samples show, worded by the host ("Older ScalarLM (…): rates are cumulative…"). */
  server?: string;
}

/**
 * Host -> webview. Each message carries the host's clock (`now`), so the webview can place points on the
 * time axis even when it runs in a browser on another machine (code-server, remote) whose clock differs.
 */
export type MetricsHostMessage =
  /** Everything the monitor knows, sent in answer to each `ready` (the page reloads whenever it is shown again). */
  | { type: 'snapshot'; now: number; points: MetricsPoint[]; state: ViewState }
  | { type: 'sample'; now: number; point: MetricsPoint }
  | { type: 'state'; now: number; state: ViewState };

/** Webview -> host. */
/** What the page posts, declared once: the type below and the host's check both come from it. */
export const METRICS_FROM_WEBVIEW = {
  /** The page has its listeners in place; the host posts nothing before this. */
  ready: {},
} as const satisfies MessageSpec;

export type MetricsWebviewMessage = MessageOf<typeof METRICS_FROM_WEBVIEW>;

export const isMetricsWebviewMessage = messageGuard(METRICS_FROM_WEBVIEW);

/** Narrows what the webview receives: it accepts only the three message types, with a numeric clock. */
export function isMetricsHostMessage(value: unknown): value is MetricsHostMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, now } = value as { type?: unknown; now?: unknown };
  return (type === 'snapshot' || type === 'sample' || type === 'state') && typeof now === 'number';
}
