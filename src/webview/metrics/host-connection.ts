// The page's only way to the extension: VS Code's webview API, typed with this view's messages and state.

import type { MetricsWebviewMessage } from '../../protocol/metrics';
import type { ViewData } from './view-data';

interface WebviewApi {
  postMessage(message: MetricsWebviewMessage): void;
  getState(): unknown;
  setState(state: ViewData): void;
}

// Provided by VS Code inside the webview; it may be called only once per page.
declare function acquireVsCodeApi(): WebviewApi;

export function connectToHost(): WebviewApi {
  return acquireVsCodeApi();
}
