// The experiment panel's evidence in words: a comparison's paired test and whether its answers are the same
// text, the baseline bar's lines, and the marks a row's column wears (its samples' passes, flaky, its change
// against the baseline). Every figure is the host's; this only says it. DOM-free.

import type { BaselineChange, BaselineView, ColumnView, ComparisonView, SampleView } from '../../protocol/experiments';
import { formatCount } from '../shared/format';
import type { CellMark } from './cell-marks';
import { columnName } from './wording';

/** "Paired test: better beyond noise (p = 0.016, exact McNemar over 6 rows); better on 3 rows, worse on 0"; none before a cell is judged on both sides. */
export function pairedLine(comparison: ComparisonView): string | undefined {
  const { paired } = comparison;
  if (paired.rows === 0) return undefined;
  return `Paired test: ${paired.text}; ${paired.discordant}`;
}

/** "Answers like its base on 12/12 rows" when every answered pair is the same text; none otherwise. */
export function alikeLine(comparison: ComparisonView, repeats: number): string | undefined {
  const { alike, same, answered } = comparison.sameAnswers;
  if (!alike) return undefined;
  const of = `${formatCount(same)}/${formatCount(answered)}`;
  return comparison.kind === 'columns' ? `Answers like its base on ${of} ${repeats > 1 ? 'cells' : 'rows'}` : `Answers like the compared run on ${of} cells`;
}

export interface BaselineWording {
  /** What the panel is compared with, or why it is not. */
  title: string;
  /** Each count on its own (the bar wraps between them). */
  counts: { change: BaselineChange; text: string }[];
  /** The paired test, a line per column; or why nothing could be compared, a line per reason. */
  lines: string[];
}

/** The words of a change: with repeats "improved" (more passes beyond chance), else "newly passing". */
function changeWords(change: BaselineChange, repeats: number): string {
  const words: Record<BaselineChange, string> = {
    regressed: 'regressed',
    improved: repeats > 1 ? 'improved' : 'newly passing',
    'fewer-passes': 'fewer passes (within noise)',
    'more-passes': 'more passes (within noise)',
    same: 'unchanged',
    unjudged: 'not judged',
  };
  return words[change];
}

/** Always said, zeros too ("0 regressed" is the news); the others only when some are. */
const ALWAYS: readonly BaselineChange[] = ['regressed', 'improved', 'same'];
const ORDER: readonly BaselineChange[] = ['regressed', 'improved', 'fewer-passes', 'more-passes', 'same', 'unjudged'];

export function baselineWording(view: BaselineView, columns: readonly ColumnView[], repeats: number, formatDate: (iso: string) => string): BaselineWording {
  switch (view.state) {
    case 'this-run':
      return { title: `This run is the baseline of ${view.experiment}: its other runs show each row's change against it.`, counts: [], lines: [] };
    case 'missing':
      return { title: `The baseline of ${view.experiment}, run ${view.runId.slice(0, 8)}, is no longer in the runs folder: set another run as the baseline, or clear it.`, counts: [], lines: [] };
    case 'unreadable':
      return { title: view.problem, counts: [], lines: [] };
    case 'incomparable':
      return { title: `The baseline ${baselineName(view, formatDate)} cannot be compared with this run:`, counts: [], lines: view.problems };
    case 'compared': {
      const counts = ORDER.filter((change) => ALWAYS.includes(change) || view.counts[change] > 0).map((change) => ({ change, text: `${formatCount(view.counts[change])} ${changeWords(change, repeats)}` }));
      const lines = view.paired.filter(({ test }) => test.rows > 0).map(({ column, test }) => {
        const shown = columns.find((candidate) => candidate.index === column);
        const which = view.paired.length > 1 ? `, ${shown === undefined ? `column ${column + 1}` : columnName(shown)}` : '';
        return `Paired test${which}: ${test.text}; ${test.discordant}`;
      });
      return { title: `Against the baseline ${baselineName(view, formatDate)}:`, counts, lines };
    }
  }
}

function baselineName(view: { runId: string; title: string; createdAt: string }, formatDate: (iso: string) => string): string {
  return `${view.runId.slice(0, 8)} (${view.title}, ${formatDate(view.createdAt)})`;
}

/** A row's column against the baseline, as its cell shows it; none when it is the same. */
export function baselineMark(change: BaselineChange | undefined, repeats: number): (CellMark & { change: BaselineChange }) | undefined {
  if (change === undefined || change === 'same') return undefined;
  const titles: Record<Exclude<BaselineChange, 'same'>, string> = {
    regressed: repeats > 1 ? 'Fewer passes than in the baseline run, beyond what chance gives (Fisher, one-sided, p ≤ 0.05)' : 'Passed in the baseline run; fails now',
    improved: repeats > 1 ? 'More passes than in the baseline run, beyond what chance gives (Fisher, one-sided, p ≤ 0.05)' : 'Failed in the baseline run; passes now',
    'fewer-passes': 'Fewer passes than in the baseline run, within what chance gives: not a regression',
    'more-passes': 'More passes than in the baseline run, within what chance gives',
    unjudged: 'Not compared: nothing judged here or in the baseline run (an error, still pending, or no assertions)',
  };
  const text = changeWords(change, repeats);
  return { change, text, label: `${text} against the baseline`, title: titles[change] };
}

/** "2/3 pass" and whether the samples agree, for a column of a row with repeats. */
export function samplesMark(sample: SampleView): CellMark & { flaky: boolean } {
  const count = `${formatCount(sample.passed)}/${formatCount(sample.judged)}`;
  const apart = sample.samples - sample.judged;
  const notJudged = apart > 0 ? `; ${formatCount(apart)} more not judged (an error, pending, or no assertions)` : '';
  const agreement = sample.judged < 2 ? '' : sample.flaky ? '; the samples disagree: flaky' : '; the samples agree';
  return {
    flaky: sample.flaky,
    text: `${count} pass`,
    label: `${count} samples passed${sample.flaky ? ', flaky' : ''}`,
    title: `${formatCount(sample.passed)} of ${formatCount(sample.judged)} judged samples passed${notJudged}${agreement}`,
  };
}

export const FLAKY_MARK: CellMark = { text: 'flaky', label: 'flaky', title: 'Some samples pass and some fail: the same prompt does not give the same verdict' };
