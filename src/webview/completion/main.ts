// The completion webview: draws at once from the view saved before it was hidden, says `ready`, then shows
// what the host sends.

import { isCompletionHostMessage, isCompletionView, type CompletionView, type CompletionWebviewMessage } from '../../protocol/completion';
import { connectToHost } from '../shared/host-connection';
import { createCompletionPage } from './completion-page';

const host = connectToHost<CompletionWebviewMessage, CompletionView>();
// Every listener of the page hangs off this signal; it is released with the page.
const lifetime = new AbortController();
const page = createCompletionPage(document.body, (action) => host.postMessage({ type: 'action', action }), lifetime.signal);
const saved = host.getState();
if (isCompletionView(saved)) page.render(saved);

window.addEventListener(
  'message',
  (event: MessageEvent<unknown>) => {
    if (!isCompletionHostMessage(event.data)) return;
    host.setState(event.data.view);
    page.render(event.data.view);
  },
  { signal: lifetime.signal },
);
window.addEventListener('pagehide', () => lifetime.abort(), { once: true });

host.postMessage({ type: 'ready' });
