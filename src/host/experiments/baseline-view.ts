// The experiment panel against its experiment's baseline run (Set as Baseline): both runs summed up from their
// files and compared by the baseline gate, the rule `scalarlm-lab eval --baseline` exits by, so the panel and CI
// say the same of every row. What the page gets: which baseline, each row's change per column, the counts and the
// paired test per column; or why there is nothing to compare (this run is the baseline, the baseline run is
// gone, its rows or assertions are not this run's). No 'vscode' import: it is unit-tested on Node.

import { BaselineColumnsError, gateAgainstBaseline, mismatchLines, summarizeStoredRun, type RunSummaryOfRun } from '../../core/experiments/evidence';
import type { Trust } from '../../core/judge';
import type { RunStore } from '../../core/runs/run-store';
import type { BaselineMark, BaselineView } from '../../protocol/experiments';
import { pairedView } from './comparison-evidence';

/** The experiment's chosen baseline run (none: it has none), or why the choice cannot be read. */
export type BaselineChoice = { runId?: string } | { problem: string };

export interface PanelBaselineView {
  view: BaselineView;
  /** By row index, each column's change; absent when nothing is compared. */
  marks?: Map<number, BaselineMark[]>;
}

export class PanelBaseline {
  /**
   * The baseline run summed up once per panel reading (the run read again reads it again): a finished run's rows
   * do not move while a panel compares with it, and this run's are summed up anew as its cells come in.
   */
  private baseline: RunSummaryOfRun | undefined;

  constructor(
    private readonly store: RunStore,
    private readonly runId: string,
    private readonly trust: Trust,
  ) {}

  /** This run against the chosen baseline, as it stands now; undefined when the experiment has no baseline. `experiment` names the experiment for people. */
  view(choice: BaselineChoice, experiment: string): PanelBaselineView | undefined {
    if ('problem' in choice) return { view: { state: 'unreadable', problem: choice.problem } };
    const { runId } = choice;
    if (runId === undefined) return undefined;
    if (runId === this.runId) return { view: { state: 'this-run', experiment } };
    if (!this.store.has(runId)) return { view: { state: 'missing', runId, experiment } };
    let baseline: RunSummaryOfRun, now: RunSummaryOfRun;
    try {
      if (this.baseline?.runId !== runId) this.baseline = summarizeStoredRun(this.store, runId, this.trust);
      baseline = this.baseline;
      now = summarizeStoredRun(this.store, this.runId, this.trust);
    } catch (error) {
      return { view: { state: 'unreadable', problem: `The baseline run ${runId.slice(0, 8)} cannot be read: ${(error as Error).message}` } };
    }
    const { createdAt } = this.store.summary(runId);
    const about = { runId, title: baseline.experiment, createdAt };
    let gate;
    try {
      gate = gateAgainstBaseline(baseline, now);
    } catch (error) {
      if (error instanceof BaselineColumnsError) return { view: { state: 'incomparable', ...about, problems: [error.message] } };
      throw error;
    }
    if (!gate.comparable) return { view: { state: 'incomparable', ...about, problems: mismatchLines(gate.mismatch) } };
    const marks = new Map<number, BaselineMark[]>();
    for (const cell of gate.cells) {
      const row = now.indexOf.get(cell.key);
      if (row === undefined) continue;
      let list = marks.get(row);
      if (!list) marks.set(row, (list = []));
      list.push({ column: cell.column, change: cell.change });
    }
    const paired = gate.pairs.map(({ column }, pair) => ({ column, test: pairedView(gate.paired[pair]) }));
    return { view: { state: 'compared', ...about, counts: gate.counts, rows: gate.matchedRows, paired }, marks };
  }
}
