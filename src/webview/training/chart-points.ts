// Where the loss history goes in the chart's box, and what its axes say: plain arithmetic, no DOM, so it is
// unit-tested on Node.

import type { LossPoint } from '../../protocol/training';

export const CHART = { WIDTH: 400, HEIGHT: 120, PAD: 4 } as const;
const { WIDTH, HEIGHT, PAD } = CHART;

/** "x,y x,y …" in the chart's box; one point is drawn as a flat line across. */
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

export interface AxisLabels {
  highestLoss: string;
  lowestLoss: string;
  /** Counted from 1, as the job's "step 12 of 20" counts them (the history's steps are 0-based). */
  firstStep: string;
  lastStep: string;
}

/** The ends of the loss and step axes; undefined without a history. */
export function axisLabels(points: readonly LossPoint[]): AxisLabels | undefined {
  if (points.length === 0) return undefined;
  const steps = points.map((p) => p.step);
  const losses = points.map((p) => p.loss);
  return {
    highestLoss: Math.max(...losses).toFixed(4),
    lowestLoss: Math.min(...losses).toFixed(4),
    firstStep: String(Math.min(...steps) + 1),
    lastStep: String(Math.max(...steps) + 1),
  };
}
