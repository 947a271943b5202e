// Words the batch results and experiment panels share: a run's phases, the toolbar's button states and
// the resume button. DOM-free.

import type { ExperimentPhase } from '../../protocol/experiments';
import type { RunPhase } from '../../protocol/results';
import { formatCount } from './format';

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

/** "Resume (128 pending, 2,280 unsent)"; plain "Resume" when there is nothing to resume. */
export function resumeLabel(counts: { pending: number; unsent: number }): string {
  const parts = [counts.pending > 0 ? `${formatCount(counts.pending)} pending` : '', counts.unsent > 0 ? `${formatCount(counts.unsent)} unsent` : ''].filter(Boolean);
  return `Resume${parts.length ? ` (${parts.join(', ')})` : ''}`;
}
