// The page's only way to the extension: VS Code's webview API, typed with this panel's messages and state.

import type { ResultsFromWebview, ResultsPanelState } from '../../protocol/results';

interface WebviewApi {
  postMessage(message: ResultsFromWebview): void;
  getState(): unknown;
  setState(state: ResultsPanelState): void;
}

// Provided by VS Code inside the webview; it may be called only once per page.
declare function acquireVsCodeApi(): WebviewApi;

export function connectToHost(): WebviewApi {
  return acquireVsCodeApi();
}
