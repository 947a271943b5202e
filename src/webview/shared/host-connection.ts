// A page's only way to the extension: VS Code's webview API, typed with the panel's messages and state.

export interface WebviewApi<Message, State> {
  postMessage(message: Message): void;
  getState(): unknown;
  setState(state: State): void;
}

// Provided by VS Code inside the webview; it may be called only once per page.
declare function acquireVsCodeApi(): WebviewApi<unknown, unknown>;

export function connectToHost<Message, State>(): WebviewApi<Message, State> {
  return acquireVsCodeApi() as WebviewApi<Message, State>;
}
