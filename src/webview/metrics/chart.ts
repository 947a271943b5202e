// One compact chart: a title, the top of its scale, and the series as an inline SVG line over the window.

import type { MetricsPoint, RateWindow } from '../../protocol/metrics';
import { seriesPath, type PlotSize, type TimeRange } from './chart-geometry';
import { chartSummary, formatScale, seriesTitle, type Series } from './series';
import { svgElement } from './svg';

/** The viewBox; CSS stretches it to the panel (non-scaling strokes keep the line width even). */
const PLOT: PlotSize = { width: 600, height: 100 };

export interface Chart {
  readonly element: HTMLElement;
  /** `rates`: how the server measures rates, which the title of a rate says. */
  update(points: readonly MetricsPoint[], range: TimeRange, rates: RateWindow | undefined): void;
}

export function createChart(series: Series): Chart {
  const element = document.createElement('section');
  element.className = 'chart';
  element.dataset.series = series.key;

  const title = document.createElement('h2');
  title.className = 'chart-title';
  title.textContent = series.title;

  const scale = document.createElement('span');
  scale.className = 'chart-scale';
  // The svg's label already says the values; the scale is for sighted readers of the line.
  scale.setAttribute('aria-hidden', 'true');

  const svg = svgElement('svg', {
    class: 'chart-plot',
    viewBox: `0 0 ${PLOT.width} ${PLOT.height}`,
    preserveAspectRatio: 'none',
    role: 'img',
  });
  const top = svgElement('line', { class: 'chart-grid', x1: '0', y1: '0', x2: String(PLOT.width), y2: '0' });
  const baseline = svgElement('line', { class: 'chart-axis', x1: '0', y1: String(PLOT.height), x2: String(PLOT.width), y2: String(PLOT.height) });
  const line = svgElement('path', { class: 'chart-line', d: '' });
  svg.append(top, baseline, line);

  const plot = document.createElement('div');
  plot.className = 'chart-area';
  plot.append(scale, svg);
  element.append(title, plot);

  return {
    element,
    update(points, range, rates) {
      const { yMax, d } = seriesPath(points, series.key, range, PLOT);
      line.setAttribute('d', d);
      setText(title, seriesTitle(series, rates));
      setText(scale, formatScale(yMax));
      svg.setAttribute('aria-label', chartSummary(series, points, rates));
    },
  };
}

/** Writes text only when it changed, so the once-a-second refresh does not churn the DOM. */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
