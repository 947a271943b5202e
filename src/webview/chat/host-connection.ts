// The page's only way to the extension: VS Code's webview API, typed with this panel's messages and state.

import type { ChatFromWebview, ChatPanelState } from '../../protocol/chat';

interface WebviewApi {
  postMessage(message: ChatFromWebview): void;
  getState(): unknown;
  setState(state: ChatPanelState): void;
}

// Provided by VS Code inside the webview; it may be called only once per page.
declare function acquireVsCodeApi(): WebviewApi;

export function connectToHost(): WebviewApi {
  return acquireVsCodeApi();
}
