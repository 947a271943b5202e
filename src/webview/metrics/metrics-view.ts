// The page: current values, the deployment's state, which server it is, and three stacked charts. Built once with DOM APIs;
// render() only updates text and attributes.

import { createChart, setText } from './chart';
import { trimToWindow, WINDOW_MS } from './points';
import { retryCountdown } from './retry-countdown';
import { currentValuesText, SERIES } from './series';
import type { ViewData } from './view-data';

export interface MetricsView {
  render(data: ViewData, hostNow: number): void;
}

export function createMetricsView(container: HTMLElement): MetricsView {
  const main = document.createElement('main');
  main.dataset.view = 'scalarlm-metrics';

  const current = paragraph('current');
  const state = paragraph('state');
  const stateText = document.createElement('span');
  stateText.id = 'state-text';
  // Only the worded state is live: the countdown beside it changes every second and would be read out each time.
  stateText.setAttribute('aria-live', 'polite');
  const stateRetry = document.createElement('span');
  stateRetry.id = 'state-retry';
  state.append(stateText, stateRetry);
  const stateDetail = paragraph('state-detail');
  const server = paragraph('server');

  const charts = SERIES.map(createChart);
  const chartList = document.createElement('div');
  chartList.className = 'charts';
  chartList.append(...charts.map((chart) => chart.element));

  main.append(current, state, stateDetail, server, chartList, timeAxis());
  container.append(main);

  return {
    render(data, hostNow) {
      const points = trimToWindow(data.points, hostNow);
      // How much history the view holds, readable without parsing the charts (tests check a reload keeps it).
      main.dataset.points = String(points.length);
      main.dataset.oldest = points.length > 0 ? String(points[0].at) : '';
      const rates = data.state?.rates;
      setText(current, currentValuesText(points[points.length - 1], rates));
      state.dataset.kind = data.state?.kind ?? 'waiting';
      setText(stateText, data.state?.text ?? 'Waiting for the queue monitor…');
      setText(stateRetry, retryCountdown(data.state, hostNow));
      setText(stateDetail, data.state?.detail ?? '');
      stateDetail.hidden = data.state?.detail === undefined;
      setText(server, data.state?.server ?? '');
      server.hidden = data.state?.server === undefined;
      const range = { start: hostNow - WINDOW_MS, end: hostNow };
      for (const chart of charts) chart.update(points, range, rates);
    },
  };
}

function paragraph(id: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.id = id;
  return element;
}

/** Labels under the stack; the charts' own labels already say "last 10 minutes" to screen readers. */
function timeAxis(): HTMLElement {
  const axis = document.createElement('div');
  axis.className = 'time-axis';
  axis.setAttribute('aria-hidden', 'true');
  for (const label of ['10 min ago', '5 min ago', 'now']) {
    const span = document.createElement('span');
    span.textContent = label;
    axis.append(span);
  }
  return axis;
}
