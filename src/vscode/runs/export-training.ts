// "Export Training Data…" from the experiment and results panels (and `scalarlm.exportTrainingData`): the run's
// {"input", "output"} lines, written where the user says. For an experiment run, a quick pick for expected,
// passing or reviewed answers (with how many are reviewed) and, when the run has several columns, for the column;
// the same core as `export-training`.

import * as vscode from 'vscode';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import { ReviewBook } from '../../core/experiments/evidence';
import { RunJudgement } from '../../core/experiments/run-judgement';
import { defaultColumn, trainingExport, type TrainingChoice, type TrainingSource } from '../../core/experiments/training-rows';
import { RunProjection } from '../../core/runs/run-projection';
import { writeTrainingData } from '../../core/training';
import { templateTrust } from '../workspace-trust';
import type { RunActionsDeps } from './run-actions';

/** What a caller (a test, a script) may decide instead of the pickers: answer source, column, target file. */
export interface TrainingExportArgs {
  from?: TrainingSource;
  column?: number;
  target?: vscode.Uri;
}

const NO_REVIEW = 'This run has no reviewed answer yet: in its experiment panel, select a cell and mark its answer Good or Bad, or write the answer it should have given, then export again.';

const COLUMN_PICK_TITLES: Record<TrainingChoice['from'], string> = {
  expected: 'Export Training Data: whose prompts are the inputs',
  passing: 'Export Training Data: whose passing answers',
  reviewed: 'Export Training Data: whose reviewed answers',
};

/** A column in the pick: its model and, for reviewed answers, how many of its answers are reviewed. */
function columnDescription(model: string | undefined, reviews: { reviewed: number; answered: number } | undefined): string {
  const name = model ?? "the deployment's default";
  return reviews ? `${name} · ${reviews.reviewed} of ${reviews.answered} answers reviewed` : name;
}

/** Writes the run's training data; resolves with the file written, or undefined when the user stopped. */
export async function exportTrainingData(deps: RunActionsDeps, runId: string, args: TrainingExportArgs = {}): Promise<vscode.Uri | undefined> {
  const store = deps.runs.runStore;
  const run = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
  const experiment = run.header.experiment;
  const reviews = ReviewBook.open(store.dir);
  let choice: TrainingChoice = { from: args.from ?? 'expected', ...(args.column !== undefined ? { column: args.column } : {}), reviews };
  if (experiment && args.from === undefined) {
    const { reviewed, answered } = reviews.count(experiment, run.items);
    const from = await vscode.window.showQuickPick(
      [
        { label: 'Expected answers', description: 'each row\'s equals assertion or __expected cell', from: 'expected' as const },
        { label: 'Passing answers', description: 'the answers that passed every assertion', from: 'passing' as const },
        { label: 'Reviewed answers', description: reviewed > 0 ? `${reviewed} of ${answered} answers reviewed: the corrections, and the answers marked good` : 'no answer of this run is reviewed yet', from: 'reviewed' as const },
      ],
      { title: 'Export Training Data: the outputs' },
    );
    if (!from) return undefined;
    if (from.from === 'reviewed' && reviewed === 0) return void vscode.window.showInformationMessage(NO_REVIEW);
    choice = { ...choice, from: from.from };
  }
  if (experiment && choice.column === undefined && defaultColumn(experiment, choice.from) === undefined) {
    const column = await vscode.window.showQuickPick(
      experiment.columns.map((c, index) => ({ label: columnLabel(c), description: columnDescription(c.model, choice.from === 'reviewed' ? reviews.count(experiment, run.items.filter((item) => item.cell?.[0] === index)) : undefined), index })),
      { title: COLUMN_PICK_TITLES[choice.from] },
    );
    if (!column) return undefined;
    choice = { ...choice, column: column.index };
  }
  const access = deps.runs.connectionApi();
  if (!access.ok) throw new Error(access.reason);
  const exported = await trainingExport(access.api, run, RunJudgement.of(store, runId, templateTrust()), choice);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target =
    args.target ??
    (await vscode.window.showSaveDialog({
      title: `Export ${exported.examples.length} training examples`,
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${(run.header.title ?? runId).replace(/[^\w.-]+/g, '-')}-training.jsonl`) } : {}),
      filters: { 'JSON Lines': ['jsonl'] },
    }));
  if (!target) return undefined;
  await writeTrainingData(exported.examples, target.fsPath);
  if (exported.fallback) deps.log.info(`${exported.fallback} chat prompts of run ${runId} were not rendered by the deployment: written with role markers (see the README).`);
  void vscode.window.showInformationMessage(`Exported ${exported.what} to ${vscode.workspace.asRelativePath(target)}.${exported.skipped ? ` ${exported.skipped} left out.` : ''}`);
  return target;
}
