// eval's baseline gate: the baseline read before anything is sent (a damaged file stops at its line), the rows and
// columns the run will have checked against it, then the finished run gated on it by the core's rule and the
// verdict printed: counts, each regressed row with why it fails now, the newly passing rows, the paired test.

import { columnLabel, shorten } from '../core/experiments/experiment-matrix';
import { baselineReport, BaselineColumnsError, BaselineNotFoundError, changesByCell, gateAgainstBaseline, gateCountsText, loadBaseline, matchRows, mismatchCount, mismatchLines, pairColumns, plannedRows, summarizeStoredRun, type BaselineGate, type BaselineReport, type LoadedBaseline, type RunSummaryOfRun } from '../core/experiments/evidence';
import type { PlannedExperiment } from '../core/experiments/run-experiment';
import type { SampleChange } from '../core/evidence';
import type { RunStore } from '../core/runs/run-store';
import { stringOption, UsageError, type ParsedArgs } from './command';
import { EXIT, type CliIO } from './io';
import { cliRunStore } from './run-location';

/** How much of a regressed row's reason is printed. */
const REASON_CHARS = 600;

/** `--baseline RUN_OR_FILE [--baseline-partial]`, read before anything is sent (a damaged file stops at its line). */
export interface BaselineOption {
  baseline: LoadedBaseline;
  partial: boolean;
}

export function baselineOption(args: ParsedArgs, cwd: string, io: CliIO): BaselineOption | undefined {
  const given = stringOption(args, 'baseline');
  const partial = args.values['baseline-partial'] === true;
  if (given === undefined) {
    if (partial) throw new UsageError('--baseline-partial goes with --baseline.');
    return undefined;
  }
  try {
    return { baseline: loadBaseline(given, { cwd, store: cliRunStore(io), trust: 'trusted' }), partial };
  } catch (error) {
    if (error instanceof BaselineNotFoundError) throw new UsageError(`--baseline: ${error.message}`);
    throw error;
  }
}

/** The rows and columns the run will have, checked against the baseline before a cell is sent. */
export async function baselineFits({ baseline, partial }: BaselineOption, planned: PlannedExperiment, io: CliIO): Promise<boolean> {
  try {
    pairColumns(baseline.summary.columns.map((c) => c.label), planned.header.columns.map(columnLabel));
  } catch (error) {
    if (error instanceof BaselineColumnsError) throw new UsageError(`--baseline ${baseline.name}: ${error.message}`);
    throw error;
  }
  const { mismatch } = matchRows(baseline.summary.rows, await plannedRows(planned.spec.testBatches()));
  if (mismatchCount(mismatch) === 0 || partial) return true;
  io.stderr.write(`The baseline ${baseline.name} cannot be compared with this run:\n${mismatchLines(mismatch).map((line) => `  ${line}`).join('\n')}\nNothing was sent. --baseline-partial compares the rows that match; or bless a baseline of these rows.\n`);
  return false;
}

export interface GatedRun {
  name: string;
  gate: BaselineGate;
  now: RunSummaryOfRun;
  report: BaselineReport | undefined;
  changeOf(test: number, column: number): SampleChange | undefined;
}

export function gatedRun(store: RunStore, runId: string, { baseline, partial }: BaselineOption): GatedRun {
  const now = summarizeStoredRun(store, runId, 'trusted');
  let gate: BaselineGate;
  try {
    gate = gateAgainstBaseline(baseline.summary, now, { partial });
  } catch (error) {
    if (error instanceof BaselineColumnsError) throw new UsageError(`--baseline ${baseline.name}: ${error.message}`);
    throw error;
  }
  return { name: baseline.name, gate, now, report: gate.comparable ? baselineReport(baseline.name, gate, baseline.summary, now) : undefined, changeOf: changesByCell(gate, now) };
}

/** Rows printed by name under the gate's counts, of each kind. */
const GATE_ROWS = 20;

/** The gate's verdict: counts, each regressed row with why it fails now, the newly passing rows, the paired tests. */
export function gateLines({ name, gate, now, report }: GatedRun): string {
  if (!report) return `\nThe baseline ${name} cannot be compared with this run:\n${mismatchLines(gate.mismatch).map((line) => `  ${line}`).join('\n')}\n--baseline-partial compares the rows that match; or bless a baseline of these rows.\n`;
  const lines = ['', `Against the baseline ${name} (${report.comparedRows} row${report.comparedRows === 1 ? '' : 's'} compared): ${gateCountsText(gate.counts)}.`];
  if (report.unmatchedRows > 0 || gate.mismatch.onlyInBaseline.length > 0) lines.push(`Not compared (--baseline-partial): ${mismatchLines(gate.mismatch).join(' ')}`);
  const named = (change: SampleChange, word: string, why: (cell: BaselineGate['cells'][number]) => string) => {
    const cells = gate.cells.filter((cell) => cell.change === change);
    for (const cell of cells.slice(0, GATE_ROWS)) lines.push(`${word} ${cell.label} · ${now.columns[cell.column].label}: ${why(cell)}`);
    if (cells.length > GATE_ROWS) lines.push(`... ${cells.length - GATE_ROWS} more ${word.toLowerCase()} rows (each is marked in --output).`);
  };
  const samples = (cell: BaselineGate['cells'][number]) => (cell.base.judged > 1 || cell.now.judged > 1 ? `${cell.base.passed}/${cell.base.judged} passed there, ${cell.now.passed}/${cell.now.judged} now` : '');
  named('regressed', 'REGRESSED', (cell) => `${samples(cell) || 'passed in the baseline, fails now'}: ${shorten(now.reasons.get(cell.key)?.[cell.column] ?? '', REASON_CHARS)}`);
  named('improved', 'Newly passing', (cell) => samples(cell) || 'failed in the baseline, passes now');
  named('fewer-passes', 'Fewer passes', (cell) => `${samples(cell)}, within what chance gives (not a regression)`);
  for (const pair of report.paired) lines.push(`${pair.column}${pair.column === pair.baseColumn ? '' : ` against ${pair.baseColumn}`}: ${pair.text}.`);
  return lines.join('\n') + '\n';
}

/**
 * With a baseline: 2 when it could not be compared, 100 when a row regressed (a finding, said before unanswered
 * cells, which cannot regress), 3 when some cell is unanswered or could not be judged, else 0.
 */
export function gateExit({ gate }: GatedRun, unanswered: boolean): number {
  if (!gate.comparable) return EXIT.usage;
  if (gate.counts.regressed > 0) return EXIT.failed;
  return unanswered ? EXIT.partial : EXIT.ok;
}
