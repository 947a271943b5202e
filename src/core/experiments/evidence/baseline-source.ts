// Where a baseline comes from: a baseline file (committed beside the config, read from a fresh clone with an
// empty runs folder), or a run of the runs folder, summed up the same way. One rule for `eval --baseline` and
// the editor.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RunStore } from '../../runs/run-store';
import type { Trust } from '../../judge';
import { parseBaseline } from './baseline-file';
import { summarizeStoredRun, type RunSummaryOfRun } from './run-summary';
import type { BaselineReport, RunSummary, SummaryRow } from '../run-summary-types';
import type { BaselineGate } from './baseline-gate';
import { pairedText, type SampleChange } from '../../evidence';
import type { TestCase } from '../config';
import { rowLabel } from '../experiment-matrix';
import { RowKeys } from './row-identity';

export interface LoadedBaseline {
  summary: RunSummary;
  /** How the output names it: the file as given, or "run 3f2a9c1d". */
  name: string;
}

export class BaselineNotFoundError extends Error {}

/** `given` is a file (when one is there) or a run id or prefix of the store; a file that is not a baseline throws at its line. */
export function loadBaseline(given: string, options: { cwd: string; store: RunStore; trust: Trust }): LoadedBaseline {
  const path = resolve(options.cwd, given);
  if (existsSync(path) && statSync(path).isFile()) return { summary: parseBaseline(readFileSync(path, 'utf8'), given), name: given };
  const run = options.store.find(given);
  if (!run) throw new BaselineNotFoundError(`There is no baseline file ${given}, and no run in ${options.store.dir} has an id starting with "${given}" (or several do: give more of it). Write a baseline file with: scalarlm-lab bless RUN --out ${given.endsWith('.json') ? given : 'baseline.json'}`);
  if (!run.experiment) throw new BaselineNotFoundError(`Run ${run.runId.slice(0, 8)} is not an experiment's run: a baseline has rows to compare.`);
  return { summary: summarizeStoredRun(options.store, run.runId, options.trust), name: `run ${run.runId.slice(0, 8)}` };
}

export function baselineReport(name: string, gate: BaselineGate, baseline: RunSummary, now: RunSummary): BaselineReport {
  const unmatched = gate.mismatch.onlyHere.length + gate.mismatch.differing.length;
  return {
    name,
    comparedRows: gate.matchedRows,
    unmatchedRows: unmatched,
    counts: gate.counts,
    paired: gate.pairs.map(({ column, baseColumn }, index) => ({ column: now.columns[column].label, baseColumn: baseline.columns[baseColumn].label, text: pairedText(gate.paired[index]) })),
  };
}

/** "1 regressed, 2 newly passing, 3 unchanged": the gate's counts, what is zero left out (unchanged always said). */
export function gateCountsText(counts: BaselineGate['counts']): string {
  const parts: string[] = [];
  if (counts.regressed) parts.push(`${counts.regressed} regressed`);
  if (counts.improved) parts.push(`${counts.improved} newly passing`);
  if (counts['fewer-passes']) parts.push(`${counts['fewer-passes']} with fewer passes (within noise)`);
  if (counts['more-passes']) parts.push(`${counts['more-passes']} with more passes (within noise)`);
  parts.push(`${counts.same} unchanged`);
  if (counts.unjudged) parts.push(`${counts.unjudged} not judged on one side`);
  return parts.join(', ');
}

/** The rows a planned run will have, named as its summary will name them: to check a baseline before sending. */
export async function plannedRows(batches: AsyncIterable<readonly TestCase[]>): Promise<Pick<SummaryRow, 'key' | 'label' | 'test' | 'assertions'>[]> {
  const keys = new RowKeys();
  const rows: Pick<SummaryRow, 'key' | 'label' | 'test' | 'assertions'>[] = [];
  for await (const tests of batches) for (const test of tests) rows.push({ ...keys.identify(test), label: rowLabel(test, test.index) });
  return rows;
}

/** Each cell's change against the baseline, by test index and column (the run's own numbering). */
export function changesByCell(gate: BaselineGate, now: RunSummaryOfRun): (test: number, column: number) => SampleChange | undefined {
  const changes = new Map<string, SampleChange>();
  for (const cell of gate.cells) {
    const test = now.indexOf.get(cell.key);
    if (test !== undefined) changes.set(`${test}:${cell.column}`, cell.change);
  }
  return (test, column) => changes.get(`${test}:${column}`);
}
