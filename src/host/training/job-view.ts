// The job panel's view, worded from the job's detail: status, progress, the loss history, the config, the
// lineage recorded when the adaptor was trained here, and what a cancel came to (current servers let the trainer
// write over it, training.md §4).

import { jobProgress, lineageFacts, type AdaptorLineage, type CancelOutcome, type DatasetPage, type TrainingJobDetail } from '../../core/training';
import type { DatasetView, JobPanelView } from '../../protocol/training';
import { isRunning } from './job-list';

export function jobPanelView(detail: TrainingJobDetail, notice?: string, lineage?: AdaptorLineage): JobPanelView {
  const { status } = detail;
  const view: JobPanelView = {
    hash: detail.hash,
    status: status.status,
    progress: progressText(detail),
    deployed: detail.deployed ? 'Deployed' : 'Not deployed yet',
    loss: status.history.map(({ step, loss }) => ({ step, loss })),
    config: Object.entries(detail.config).map(([key, value]) => ({ key, value: JSON.stringify(value) ?? String(value) })),
    canCancel: isRunning(status.status) || status.status === 'CANCELLED',
  };
  if (lineage) view.lineage = lineageFacts(lineage).map(([key, value]) => ({ key, value }));
  if (status.error !== undefined) view.error = status.error;
  if (notice !== undefined) view.notice = notice;
  return view;
}

/** What a cancel came to, said plainly. */
export function cancelNotice(outcome: CancelOutcome): string {
  if (outcome.alreadyFinished) return `The job had already ended (${outcome.answered.status}): there was nothing to cancel.`;
  if (outcome.runsOn) {
    const went = outcome.after.status === 'COMPLETED' ? 'went on and completed' : `runs on (${outcome.after.status})`;
    return `Cancel requested, but the job ${went}: this server's trainer wrote over the cancel, so the job ends on its own.`;
  }
  return 'Cancel requested: the server shows the job CANCELLED. It is still followed, as a current server may start it again.';
}

export function datasetView(page: DatasetPage, offset: number, limit: number, query: string): DatasetView {
  return {
    offset,
    limit,
    query,
    total: page.total,
    matched: page.matched,
    truncated: page.truncated,
    rows: page.examples.map((row) => ({ index: row.index, input: row.input ?? JSON.stringify(row.raw) ?? '', output: row.output ?? '' })),
  };
}

/** "step 12 of 20 · loss 0.4117 · ETA 3s", from what the status says so far. */
function progressText(detail: TrainingJobDetail): string {
  const progress = jobProgress(detail.status);
  const parts: string[] = [];
  if (progress.maxSteps !== undefined || progress.step > 0) parts.push(`step ${progress.step} of ${progress.maxSteps ?? '?'}`);
  if (progress.loss !== undefined) parts.push(`loss ${progress.loss.toFixed(4)}`);
  if (progress.etaSeconds !== undefined) parts.push(`ETA ${Math.ceil(progress.etaSeconds)}s`);
  return parts.join(' · ');
}
