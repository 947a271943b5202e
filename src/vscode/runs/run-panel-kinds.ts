// Which panel a run opens in: each kind of run panel (a batch's results, an experiment's matrix) adds itself
// with the runs it shows, so the Runs view, a retry or a resumed run open the right one without knowing them.

import type * as vscode from 'vscode';
import type { RunSummary } from '../../core/runs/run-store';
import type { Runs } from './runs';

export interface RunPanelKind {
  /** Whether a run is this kind's to show (undefined: the run is not in the store, e.g. it is just starting). */
  shows(summary: RunSummary | undefined): boolean;
  show(runId: string): void;
}

export class RunPanelKinds {
  private readonly kinds: RunPanelKind[] = [];

  constructor(private readonly runs: Runs) {}

  add(kind: RunPanelKind): vscode.Disposable {
    this.kinds.push(kind);
    return { dispose: () => void this.kinds.splice(this.kinds.indexOf(kind), 1) };
  }

  show(runId: string): void {
    const store = this.runs.runStore;
    const summary = store.has(runId) ? store.summary(runId) : undefined;
    this.kinds.find((kind) => kind.shows(summary))?.show(runId);
  }
}
