// The queue metrics webview: draws at once from the state saved before a reload, says `ready`, then merges
// what the host sends.

import { isMetricsHostMessage, type MetricsWebviewMessage } from '../../protocol/metrics';
import { connectToHost } from '../shared/host-connection';
import { createMetricsView } from './metrics-view';
import { applyHostMessage, hostNow, restoreViewData, type ViewData } from './view-data';

const host = connectToHost<MetricsWebviewMessage, ViewData>();
const view = createMetricsView(document.body);
let data = restoreViewData(host.getState(), Date.now());

function render(): void {
  view.render(data, hostNow(data, Date.now()));
}

// The page lives exactly as long as these listeners: VS Code discards both together when the panel is hidden or closed.
window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (!isMetricsHostMessage(event.data)) return;
  data = applyHostMessage(data, event.data, Date.now());
  host.setState(data);
  render();
});

// Slides the window and counts down to the next retry while no message arrives (paused, unreachable).
setInterval(render, 1000);

render();
host.postMessage({ type: 'ready' });
