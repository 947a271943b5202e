// The batch results webview: builds the page, says `ready`, then applies what the host sends, reporting
// the first render after each `init` (shared/start-page.ts).

import { isResultsToWebview, type ResultsFromWebview, type ResultsPanelState, type ResultsToWebview } from '../../protocol/results';
import { startPage } from '../shared/start-page';
import { restorePanelState } from './panel-state';
import { createResultsPage } from './results-page';

startPage<ResultsToWebview, ResultsFromWebview, ResultsPanelState>({
  accepts: isResultsToWebview,
  restore: restorePanelState,
  create: (host, restored, signal) => createResultsPage(document.body, host, restored, signal),
  ready: { type: 'ready' },
  rendered: (init, ms) => ({ type: 'rendered', items: init.items.length, ms }),
});
