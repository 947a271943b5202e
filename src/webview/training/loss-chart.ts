// The loss over steps as one SVG polyline, drawn through the DOM (no markup strings), with its range in
// text labels. Steps run left to right, the loss falls downward on the page as it falls in value; the labels
// sit in the corners a falling loss leaves empty (top right, bottom left).

import type { LossPoint } from '../../protocol/training';
import { CHART, polylinePoints } from './chart-points';

const SVG_NS = 'http://www.w3.org/2000/svg';
const { WIDTH, HEIGHT, PAD } = CHART;

export interface LossChart {
  element: SVGSVGElement;
  render(points: readonly LossPoint[]): void;
}

export function createLossChart(): LossChart {
  const svg = svgElement('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': 'Loss over steps', preserveAspectRatio: 'none' });
  const line = svgElement('polyline', { fill: 'none', class: 'loss-line', 'vector-effect': 'non-scaling-stroke' });
  const top = svgElement('text', { x: String(WIDTH - PAD), y: '12', 'text-anchor': 'end', class: 'loss-label' });
  const bottom = svgElement('text', { x: String(PAD), y: String(HEIGHT - PAD), class: 'loss-label' });
  svg.append(line, top, bottom);
  return {
    element: svg,
    render(points) {
      svg.dataset.points = String(points.length);
      line.setAttribute('points', polylinePoints(points));
      const losses = points.map((p) => p.loss);
      top.textContent = points.length > 0 ? `highest loss ${Math.max(...losses).toFixed(4)}` : 'No loss reported yet';
      bottom.textContent = points.length > 0 ? `lowest ${Math.min(...losses).toFixed(4)} · ${points.length} step${points.length === 1 ? '' : 's'}` : '';
    },
  };
}

function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const created = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}
