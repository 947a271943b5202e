// The job panel's view, worded from the job's detail: status, progress, the loss history, the config, the
// lineage recorded when the adaptor was trained here, and what a cancel came to (training.md §4, §11).

import { cancelWords, jobProgress, lineageFacts, progressDetail, restartable, type AdaptorLineage, type CancelOutcome, type JobActions, type DatasetPage, type TrainingJobDetail } from '../../core/training';
import type { DatasetView, JobPanelView } from '../../protocol/training';
import { isRunning } from './job-list';

export function jobPanelView(detail: TrainingJobDetail, notice?: string, lineage?: AdaptorLineage): JobPanelView {
  const { status } = detail;
  const view: JobPanelView = {
    hash: detail.hash,
    status: status.status,
    progress: progressDetail(jobProgress(status, detail.config)),
    deployed: detail.deployed ? 'Deployed' : 'Not deployed yet',
    loss: status.history.map(({ step, loss }) => ({ step, loss })),
    config: Object.entries(detail.config).map(([key, value]) => ({ key, value: JSON.stringify(value) ?? String(value) })),
    canCancel: isRunning(status.status) || status.status === 'CANCELLED',
    canRestart: restartable(status.status),
    canUseAdaptor: status.status === 'COMPLETED',
  };
  if (lineage) view.lineage = lineageFacts(lineage).map(([key, value]) => ({ key, value }));
  if (status.error !== undefined) view.error = status.error;
  if (notice !== undefined) view.notice = notice;
  return view;
}

/** The editor's restart and delete, named where the job's words point to them (the command line names its commands). */
export const EDITOR_JOB_ACTIONS: JobActions = {
  restart: 'Restart Job (in its panel, or the Training view\'s menu)',
  delete: 'Delete Job… (in its panel, or the Training view\'s menu)',
  show: 'its panel (Open Training Job in the Training view)',
};

/** What a cancel came to, in the command line's words (job-words.ts: one rule for both), naming the editor's actions. */
export function cancelNotice(hash: string, outcome: CancelOutcome): string {
  return cancelWords(hash, outcome.kind, outcome.after, EDITOR_JOB_ACTIONS);
}

/** The notification when a job the editor watches completes; it offers Add to Experiment… and Compare with Base. */
export function completedNotice(detail: TrainingJobDetail): string {
  return `Training job ${detail.hash.slice(0, 12)}… COMPLETED (${progressDetail(jobProgress(detail.status, detail.config))}). Judge its adaptor: add it to an experiment, or compare it with the base.`;
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
