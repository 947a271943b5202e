// Words the batch results and experiment panels share: a run's phases, an unreachable deployment, the toolbar's
// button states and the resume button. DOM-free.

import type { ExperimentPhase } from '../../protocol/experiments';
import type { RunPhase } from '../../protocol/results';
import { formatCount, wholeSeconds } from './format';

/** One toolbar button as the page shows it now. */
export interface ToolbarButtonState {
  label: string;
  enabled: boolean;
}

export const PHASE_LABELS: Record<RunPhase | ExperimentPhase, string> = {
  running: 'Running',
  complete: 'Complete',
  cancelled: 'Cancelled',
  deadline: 'Stopped at the deadline',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** The phase badge: a run going while the deployment does not answer says so rather than "Running". */
export function phaseLabel(phase: RunPhase | ExperimentPhase, unreachable: boolean): string {
  return phase === 'running' && unreachable ? 'Deployment unreachable' : PHASE_LABELS[phase];
}

/** "The deployment is unreachable since 22:31:05 (for 1 min 10 s): the run carries on by itself when it answers again." */
export function unreachableLine(since: number, now: number): string {
  const at = new Date(since);
  const clock = [at.getHours(), at.getMinutes(), at.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':');
  return `The deployment is unreachable since ${clock} (for ${wholeSeconds(now - since)}): the run carries on by itself when it answers again.`;
}

/** "Resume (128 pending, 2,280 unsent)"; plain "Resume" when there is nothing to resume. */
export function resumeLabel(counts: { pending: number; unsent: number }): string {
  const parts = [counts.pending > 0 ? `${formatCount(counts.pending)} pending` : '', counts.unsent > 0 ? `${formatCount(counts.unsent)} unsent` : ''].filter(Boolean);
  return `Resume${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
