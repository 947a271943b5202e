// The experiment panel's webview: builds the page, says `ready`, then applies what the host sends,
// reporting the first render after each `init` (shared/start-page.ts).

import { isExperimentToWebview, type ExperimentFromWebview, type ExperimentPanelState, type ExperimentToWebview } from '../../protocol/experiments';
import { startPage } from '../shared/start-page';
import { createExperimentPage } from './experiment-page';
import { restorePanelState } from './panel-state';

startPage<ExperimentToWebview, ExperimentFromWebview, ExperimentPanelState>({
  accepts: isExperimentToWebview,
  restore: restorePanelState,
  create: (host, restored, signal) => createExperimentPage(document.body, host, restored, signal),
  ready: { type: 'ready' },
  rendered: (init, ms) => ({ type: 'rendered', cells: init.cells.length, ms }),
});
