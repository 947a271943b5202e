// The outputs Export Training Data… offers for an experiment run, worded from the core's counts: what each gives
// (how many rows or answers), the sources that give something first, and the ones that give nothing last, saying
// why, so the user is never sent through pickers and a save dialog to hear "nothing qualifies". No 'vscode'
// import: it is unit-tested on Node.

import type { SourceCount } from '../../core/experiments/training-sources';

export interface SourceOption {
  label: string;
  description: string;
  count: SourceCount;
}

const UNUSABLE = '$(circle-slash) ';

export function sourceOptions(counts: readonly SourceCount[]): SourceOption[] {
  const options = counts.map((count): SourceOption => ({ label: (count.why ? UNUSABLE : '') + labelOf(count), description: count.why ? `none: ${count.why}` : descriptionOf(count), count }));
  return [...options.filter((option) => !option.count.why), ...options.filter((option) => option.count.why)];
}

/** When no source gives anything, the one message that says why for each; undefined when one does. */
export function nothingToExport(counts: readonly SourceCount[]): string | undefined {
  if (counts.some((count) => !count.why)) return undefined;
  return `Nothing in this run can be training data: ${counts.map((count) => `${labelOf(count).toLowerCase()}: ${count.why}`).join('; ')}.`;
}

/** Said after a source that gives nothing was picked (its why is beside it in the pick). */
export function unusableSource(count: SourceCount): string {
  return `${labelOf(count).toLowerCase()} give nothing to train on here, pick another`;
}

function labelOf(count: SourceCount): string {
  if (count.expectedVar !== undefined) return `The values of ${count.expectedVar}`;
  return { expected: 'Expected answers', passing: 'Passing answers', reviewed: 'Reviewed answers' }[count.from];
}

function descriptionOf({ from, expectedVar, qualifying, of }: SourceCount): string {
  if (expectedVar !== undefined) return `as each row's answer: ${qualifying} of ${of} rows have one`;
  if (from === 'expected') return `each row's equals assertion or __expected cell: ${qualifying} of ${of} rows have one`;
  if (from === 'passing') return `${qualifying} of ${of} answers passed every assertion`;
  return `${qualifying} of ${of} answers reviewed: the corrections, and the answers marked good`;
}
