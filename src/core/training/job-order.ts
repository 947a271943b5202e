// The order training jobs are shown in, everywhere: newest first by start time. The server's list_models counts a
// job without history as started at 0 (training.md §3.3), so a just-submitted job comes last there, though its
// status carries its real start_time.

import type { TrainingJob } from '../api/types';

/** Newest first; jobs without a start time after those with one, in the server's order. */
export function newestFirst(jobs: readonly TrainingJob[]): TrainingJob[] {
  return [...jobs].sort((a, b) => {
    if (a.startTime === undefined || b.startTime === undefined) return (a.startTime === undefined ? 1 : 0) - (b.startTime === undefined ? 1 : 0);
    return b.startTime - a.startTime;
  });
}
