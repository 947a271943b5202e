// The job panel's view, worded from the job's detail: status, progress, the loss history, the config, the
// lineage recorded when the adaptor was trained here, and what a cancel came to (training.md §4, §11).

import { cancelWords, jobProgress, lineageFacts, progressDetail, type AdaptorLineage, type CancelOutcome, type JobActions, type DatasetPage, type TrainingJobDetail } from '../../core/training';
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
  };
  if (lineage) view.lineage = lineageFacts(lineage).map(([key, value]) => ({ key, value }));
  if (status.error !== undefined) view.error = status.error;
  if (notice !== undefined) view.notice = notice;
  return view;
}

/**
 * What a cancel came to, in the command line's words (job-words.ts: one rule for both). The editor has no
 * restart or delete of its own, so it names the commands to run in a terminal.
 */
export function cancelNotice(hash: string, outcome: CancelOutcome): string {
  const inTerminal = (command: string): string => `scalarlm-lab ${command} ${hash} (in a terminal)`;
  const actions: JobActions = { restart: inTerminal('restart'), delete: inTerminal('delete'), show: inTerminal('job') };
  return cancelWords(hash, outcome.kind, outcome.after, actions);
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
