// What a cell comes to in a report, from its state and its verdict together: the JUnit file, the HTML report
// and the column figures count the same way. An answer that errored or a grading that errored is an error; an
// answer (or a grader's verdict) not in yet is pending; neither is a pass or a fail (experiments.md §3).

import type { CellRecord } from './cell-records';

/**
 * - pass / fail: judged by the cell's assertions.
 * - answered: an answer with nothing to judge it by (no assertions, or none counted): a passing test case in
 *   JUnit, but not part of a pass rate.
 * - error: the server's error, or a grader that gave no verdict.
 * - pending: no answer yet (pending, unknown, unsent), or a grader's verdict not in yet.
 */
export type ReportOutcome = 'pass' | 'fail' | 'answered' | 'error' | 'pending';

export function reportOutcome(record: CellRecord): ReportOutcome {
  if (record.status === 'error') return 'error';
  if (record.status !== 'ok') return 'pending';
  switch (record.verdict?.status) {
    case 'pass':
      return 'pass';
    case 'fail':
      return 'fail';
    case 'error':
      return 'error';
    case 'pending':
      return 'pending';
    default:
      return 'answered';
  }
}

export interface OutcomeCounts {
  cells: number;
  passed: number;
  failed: number;
  answered: number;
  errors: number;
  pending: number;
}

export function outcomeCounts(records: Iterable<CellRecord>): OutcomeCounts {
  const counts: OutcomeCounts = { cells: 0, passed: 0, failed: 0, answered: 0, errors: 0, pending: 0 };
  for (const record of records) {
    counts.cells++;
    const outcome = reportOutcome(record);
    if (outcome === 'pass') counts.passed++;
    else if (outcome === 'fail') counts.failed++;
    else if (outcome === 'answered') counts.answered++;
    else if (outcome === 'error') counts.errors++;
    else counts.pending++;
  }
  return counts;
}
