// The submission counters of SimStats, kept with the state: with --state-dir a restarted simulator still
// knows how often each group was submitted, so a test can prove a client never resubmitted across a
// restart (a window reload restarts the extension's simulator). Request counts per route start afresh.

import type { SimStats } from '../options';
import type { FileStore } from './file-store';

// Not a 64-hex name, so list_requests never shows it (protocol §5.1).
const FILE = 'sim-submissions.json';

type Counts = Pick<SimStats, 'generateSubmissions' | 'enqueuedPrompts'>;

export function loadSubmissionCounts(store: FileStore): Counts {
  const text = store.read(FILE);
  if (text === undefined) return { generateSubmissions: {}, enqueuedPrompts: 0 };
  const saved = JSON.parse(text) as Counts;
  return { generateSubmissions: saved.generateSubmissions ?? {}, enqueuedPrompts: saved.enqueuedPrompts ?? 0 };
}

export function saveSubmissionCounts(store: FileStore, stats: SimStats): void {
  store.write(FILE, JSON.stringify({ generateSubmissions: stats.generateSubmissions, enqueuedPrompts: stats.enqueuedPrompts }));
}
