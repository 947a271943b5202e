// The results panel's sentences: actions, copying a request, a retry's parent, and the explanation for
// unknown groups. DOM-free.

import type { CodeFormat, CountsView, RunAction, RunHeaderView, RunPhase } from '../../protocol/results';
import { formatCreated } from '../shared/format';
import { resumeLabel, type ToolbarButtonState } from '../shared/run-wording';

/** Each run action's label and whether it applies now. */
export function toolbarButtons(phase: RunPhase, counts: CountsView): Record<RunAction, ToolbarButtonState> {
  const running = phase === 'running';
  return {
    // A retry is a new run of its own, linked to this one, so it does not wait for this run to end.
    retryFailed: { label: `Retry failed (${counts.error})`, enabled: counts.error > 0 },
    // While the run is going it covers these itself; afterwards a resume polls what is pending and sends
    // what never went out.
    resumePending: { label: resumeLabel(counts), enabled: counts.pending + counts.unsent > 0 && !running },
    exportJsonl: { label: 'Export JSONL', enabled: true },
    exportCsv: { label: 'Export CSV', enabled: true },
    exportTraining: { label: 'Export Training Data…', enabled: counts.ok > 0 },
    openLedger: { label: 'Open ledger', enabled: true },
    cancel: { label: 'Cancel', enabled: running },
  };
}

/** The toolbar, left to right. */
export const RUN_ACTIONS: readonly RunAction[] = ['retryFailed', 'resumePending', 'exportJsonl', 'exportCsv', 'exportTraining', 'openLedger', 'cancel'];

/** The actions in the toolbar's row while they fit, left to right: the run's own; the rest are in its menu. */
export const RUN_ROW: readonly RunAction[] = ['retryFailed', 'resumePending', 'cancel'];

/** Why an unknown group was left alone, and what resubmitting it risks. */
export function unknownGroupExplanation(group: number): string {
  return (
    `The submit of group ${group} failed in a way that leaves open whether the server received it. ` +
    'ScalarLM has no idempotency key, so sending it again could run these prompts twice. Resubmit only if you accept that.'
  );
}

export function resubmitLabel(group: number): string {
  return `Resubmit group ${group}`;
}

/** A retry names the run it retries by its title (and when it started: runs of one file share a title). */
export function retryLine(parent: RunHeaderView['parent']): string {
  return parent === undefined ? 'Retries the failed prompts of a run since deleted' : `Retries the failed prompts of ${parent.title} (started ${formatCreated(parent.createdAt)})`;
}

/** The copy buttons, left to right, and their labels. */
export const CODE_BUTTONS: readonly { format: CodeFormat; label: string }[] = [
  { format: 'curl', label: 'cURL' },
  { format: 'python', label: 'Python' },
  { format: 'typescript', label: 'TypeScript' },
];

/** Which group's request the copy buttons copy: the selected item's, else the first. */
export function copyTarget(group: number | undefined): string {
  if (group === undefined) return 'the first group';
  return group < 0 ? 'none: the selected prompt was never sent' : `group ${group}, the selected item's`;
}
