// A run's items as the panels show them: the ledger's statuses, with `queued` for a prompt not sent yet while
// its run goes (`unsent` once the run stopped before it). Declared once for the results and experiment pages.

export type ShownStatus = 'ok' | 'error' | 'pending' | 'unknown' | 'unsent' | 'queued';

export const SHOWN_STATUSES: readonly ShownStatus[] = ['ok', 'error', 'pending', 'unknown', 'unsent', 'queued'];

export type ShownCounts = Record<ShownStatus, number>;
