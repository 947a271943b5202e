// The loss over steps as one SVG polyline, drawn through the DOM (no markup strings), with its range in
// text labels. Steps run left to right, the loss falls downward on the page as it falls in value.

import type { LossPoint } from '../../protocol/training';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 400;
const HEIGHT = 120;
const PAD = 4;

export interface LossChart {
  element: SVGSVGElement;
  render(points: readonly LossPoint[]): void;
}

export function createLossChart(): LossChart {
  const svg = svgElement('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': 'Loss over steps', preserveAspectRatio: 'none' });
  const line = svgElement('polyline', { fill: 'none', class: 'loss-line', 'vector-effect': 'non-scaling-stroke' });
  const top = svgElement('text', { x: String(PAD), y: '12', class: 'loss-label' });
  const bottom = svgElement('text', { x: String(PAD), y: String(HEIGHT - PAD), class: 'loss-label' });
  svg.append(line, top, bottom);
  return {
    element: svg,
    render(points) {
      svg.dataset.points = String(points.length);
      line.setAttribute('points', polylinePoints(points));
      const losses = points.map((p) => p.loss);
      top.textContent = points.length > 0 ? `loss ${Math.max(...losses).toFixed(4)}` : 'No loss reported yet';
      bottom.textContent = points.length > 0 ? `${Math.min(...losses).toFixed(4)} at step ${points[points.length - 1].step + 1}` : '';
    },
  };
}

/** "x,y x,y …" in the chart's box; one point is drawn as a short flat line. */
export function polylinePoints(points: readonly LossPoint[]): string {
  if (points.length === 0) return '';
  const steps = points.map((p) => p.step);
  const losses = points.map((p) => p.loss);
  const [minStep, maxStep] = [Math.min(...steps), Math.max(...steps)];
  const [minLoss, maxLoss] = [Math.min(...losses), Math.max(...losses)];
  const x = (step: number): number => PAD + (maxStep === minStep ? 0 : ((step - minStep) / (maxStep - minStep)) * (WIDTH - 2 * PAD));
  const y = (loss: number): number => PAD + (maxLoss === minLoss ? (HEIGHT - 2 * PAD) / 2 : ((maxLoss - loss) / (maxLoss - minLoss)) * (HEIGHT - 2 * PAD));
  const drawn = points.map((p) => `${x(p.step).toFixed(1)},${y(p.loss).toFixed(1)}`);
  return points.length === 1 ? `${drawn[0]} ${(WIDTH - PAD).toFixed(1)},${y(points[0].loss).toFixed(1)}` : drawn.join(' ');
}

function svgElement<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Record<string, string>): SVGElementTagNameMap[K] {
  const created = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}
