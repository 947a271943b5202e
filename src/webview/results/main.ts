// The batch results webview: builds the page, says `ready`, then applies what the host sends. After the
// first render that follows each `init` it reports how long that took, so slow panels show up in tests.

import type { ResultsFromWebview, ResultsPanelState } from '../../protocol/results';
import { connectToHost } from '../shared/host-connection';
import { isResultsToWebview } from './host-messages';
import { restorePanelState } from './panel-state';
import { createResultsPage } from './results-page';

const host = connectToHost<ResultsFromWebview, ResultsPanelState>();
// Every listener, observer and timer of the page hangs off this signal; it is released with the page.
const lifetime = new AbortController();
const page = createResultsPage(
  document.body,
  { post: (message) => host.postMessage(message), save: (state) => host.setState(state) },
  restorePanelState(host.getState()),
  lifetime.signal,
);

window.addEventListener(
  'message',
  (event: MessageEvent<unknown>) => {
    if (!isResultsToWebview(event.data)) return;
    const arrived = performance.now();
    page.apply(event.data);
    if (event.data.type === 'init') {
      // Reading a layout property makes the browser finish style and layout now, so the figure covers them.
      void document.body.offsetHeight;
      host.postMessage({ type: 'rendered', items: event.data.items.length, ms: Math.round((performance.now() - arrived) * 10) / 10 });
    }
  },
  { signal: lifetime.signal },
);
window.addEventListener('pagehide', () => lifetime.abort(), { once: true });

host.postMessage({ type: 'ready' });
