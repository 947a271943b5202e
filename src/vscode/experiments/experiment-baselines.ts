// Set as Baseline, Clear Baseline and Save Baseline File…, for the experiment panel's toolbar and the Runs view:
// the choice is kept in the runs folder's baselines.json (core), and every open experiment panel hears when it
// changes, so each panel of that experiment shows its rows against the new baseline at once. The file
// `scalarlm-lab bless` writes is the run summed up (core), saved where the user picks, beside the experiment
// file by default.

import * as vscode from 'vscode';
import { baselineText, chooseBaseline, chosenBaseline, defaultBaselinePath, summarizeStoredRun } from '../../core/experiments/evidence';
import { readRunHeader } from '../../core/runs/ledger-book';
import type { BaselineChoice } from '../../host/experiments/baseline-view';
import { DisposableStore } from '../../host/dispose';
import type { Runs } from '../runs/runs';
import { templateTrust } from '../workspace-trust';

export class ExperimentBaselines implements vscode.Disposable {
  private readonly disposables = new DisposableStore();
  private readonly changed = this.disposables.add(new vscode.EventEmitter<void>());
  /** Some experiment's baseline was set or cleared in this window. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly runs: Runs) {}

  /** The baseline chosen for the experiment from `source`, or why the runs folder's choice cannot be read. */
  choiceFor(source: string): BaselineChoice {
    try {
      const runId = chosenBaseline(this.runs.runStore.dir, source);
      return runId === undefined ? {} : { runId };
    } catch (error) {
      return { problem: (error as Error).message };
    }
  }

  /** Makes the run the baseline of its experiment. */
  set(runId: string): void {
    const source = this.experimentSource(runId);
    if (source === undefined) return;
    chooseBaseline(this.runs.runStore.dir, source, runId);
    this.changed.fire();
  }

  /** The run's experiment has no baseline any more. */
  clear(runId: string): void {
    const source = this.experimentSource(runId);
    if (source === undefined) return;
    chooseBaseline(this.runs.runStore.dir, source, undefined);
    this.changed.fire();
  }

  /** The run summed up as a baseline file, saved where the user picks (beside the experiment file by default). */
  async saveFile(runId: string): Promise<vscode.Uri | undefined> {
    const source = this.experimentSource(runId);
    if (source === undefined) return undefined;
    const summary = summarizeStoredRun(this.runs.runStore, runId, templateTrust());
    const target = await vscode.window.showSaveDialog({
      title: `Save the baseline of ${summary.rows.length} rows of ${summary.experiment}`,
      defaultUri: vscode.Uri.file(defaultBaselinePath(source)),
      filters: { 'Baseline file': ['json'] },
    });
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, Buffer.from(baselineText(summary)));
    const open = await vscode.window.showInformationMessage(`Saved the baseline of ${summary.rows.length} rows to ${vscode.workspace.asRelativePath(target)}: commit it, and gate CI with scalarlm-lab eval --baseline.`, 'Open');
    if (open) await vscode.window.showTextDocument(target);
    return target;
  }

  /** The experiment file (or .prompty) the run came from; undefined, with a message, when it is not an experiment's. */
  private experimentSource(runId: string): string | undefined {
    const source = readRunHeader(this.runs.runStore.ledgerPath(runId)).experiment?.origin.path;
    if (source === undefined) void vscode.window.showWarningMessage('ScalarLM: only an experiment run can be a baseline: this run has no rows to compare.');
    return source;
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
