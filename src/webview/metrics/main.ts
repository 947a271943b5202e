// The queue metrics webview: draws at once from the state saved before a reload, says `ready`, then merges
// what the host sends (shared/start-page.ts).

import { isMetricsHostMessage, type MetricsHostMessage, type MetricsWebviewMessage } from '../../protocol/metrics';
import { startPage } from '../shared/start-page';
import { createMetricsView } from './metrics-view';
import { applyHostMessage, hostNow, restoreViewData, type ViewData } from './view-data';

startPage<MetricsHostMessage, MetricsWebviewMessage, ViewData>({
  accepts: isMetricsHostMessage,
  restore: (saved) => restoreViewData(saved, Date.now()),
  create: (host, restored, signal) => {
    const view = createMetricsView(document.body);
    let data = restored ?? restoreViewData(undefined, Date.now());
    const render = () => view.render(data, hostNow(data, Date.now()));
    // Slides the window and counts down to the next retry while no message arrives (paused, unreachable).
    const ticking = setInterval(render, 1000);
    signal.addEventListener('abort', () => clearInterval(ticking));
    render();
    return {
      apply(message) {
        data = applyHostMessage(data, message, Date.now());
        host.save(data);
        render();
      },
    };
  },
  ready: { type: 'ready' },
});
