// The loss over steps: one SVG polyline, stretched to the panel's width, between two axes of HTML text. The
// labels stay outside the SVG because it scales non-uniformly (preserveAspectRatio none, so the line fills any
// width): text inside it was drawn stretched. Steps run left to right (first and last step below), the loss falls
// downward on the page as it falls in value (highest and lowest loss at the left). Built through the DOM, no markup.

import type { LossPoint } from '../../protocol/training';
import { element } from '../shared/dom';
import { axisLabels, CHART, polylinePoints } from './chart-points';

const SVG_NS = 'http://www.w3.org/2000/svg';
const { WIDTH, HEIGHT } = CHART;

export interface LossChart {
  element: HTMLElement;
  render(points: readonly LossPoint[]): void;
}

export function createLossChart(): LossChart {
  const svg = svgElement('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': 'Loss over steps', preserveAspectRatio: 'none' });
  const line = svgElement('polyline', { fill: 'none', class: 'loss-line', 'vector-effect': 'non-scaling-stroke' });
  svg.append(line);
  const [high, low, first, last] = ['high', 'low', 'first', 'last'].map((name) => element('span', name));
  const lossAxis = element('div', 'loss-axis');
  lossAxis.append(high, element('span', 'axis-title', 'loss'), low);
  const stepAxis = element('div', 'step-axis');
  stepAxis.append(first, element('span', 'axis-title', 'step'), last);
  const empty = element('p', 'chart-empty', 'No loss reported yet');
  const chart = element('div', 'loss-chart');
  chart.append(lossAxis, svg, stepAxis);
  const figure = element('div');
  figure.append(empty, chart);
  return {
    element: figure,
    render(points) {
      svg.dataset.points = String(points.length);
      line.setAttribute('points', polylinePoints(points));
      const labels = axisLabels(points);
      empty.hidden = labels !== undefined;
      high.textContent = labels?.highestLoss ?? '';
      low.textContent = labels?.lowestLoss ?? '';
      first.textContent = labels?.firstStep ?? '';
      last.textContent = labels?.lastStep ?? '';
    },
  };
}

function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const created = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}
