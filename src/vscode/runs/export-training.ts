// "Export Training Data…" from the experiment and results panels (and `scalarlm.exportTrainingData`): the run's
// {"input", "output"} lines, written where the user says. For an experiment run, a quick pick for expected,
// passing or reviewed answers (with how many are reviewed), when the run has several columns for the column, and
// for the rows held out (a fifth by default); the same core as `export-training`. The file's origin goes to the
// runs folder, and Train Adaptor… is offered on it.

import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { columnLabel } from '../../core/experiments/experiment-matrix';
import { ReviewBook } from '../../core/experiments/evidence';
import { RunJudgement } from '../../core/experiments/run-judgement';
import { exportOrigin } from '../../core/experiments/training-origin';
import { trainingSourceCounts, type SourceCount } from '../../core/experiments/training-sources';
import { defaultColumn, trainingExport, type RowsSplit, type TrainingChoice, type TrainingSource } from '../../core/experiments/training-rows';
import type { ExperimentHeader } from '../../core/runs/ledger-schema';
import { RunProjection } from '../../core/runs/run-projection';
import { recordDataOrigin, writeTrainingData } from '../../core/training';
import { fractionProblem, holdoutOptions } from '../../host/runs/holdout-choice';
import { nothingToExport, sourceOptions, unusableSource } from '../../host/runs/training-source-options';
import { templateTrust } from '../workspace-trust';
import type { RunActionsDeps } from './run-actions';

/**
 * What a caller (a test, a script) may decide instead of the pickers: answer source, column, the fraction of rows
 * held out (null: none), target file. A caller that decides the answers decides the split too: none unless given.
 */
export interface TrainingExportArgs {
  from?: TrainingSource;
  column?: number;
  holdout?: number | null;
  target?: vscode.Uri;
}

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

/**
 * The command: on the run it is given (a panel's, a test's), else on one the user picks, newest first (the
 * palette, the walkthrough's training step).
 */
export async function exportFromPalette(deps: RunActionsDeps, runId: unknown, args: unknown): Promise<vscode.Uri | undefined> {
  const picked = typeof runId === 'string' ? runId : await pickRun(deps);
  return picked === undefined ? undefined : exportTrainingData(deps, picked, (args ?? {}) as TrainingExportArgs);
}

async function pickRun(deps: RunActionsDeps): Promise<string | undefined> {
  const runs = deps.runs.runStore.list();
  if (runs.length === 0) return void vscode.window.showInformationMessage('There is no run to export yet: run an experiment (Run the Example Experiment, say) or a batch first.');
  const picked = await vscode.window.showQuickPick(
    runs.map((run) => ({ label: run.title, description: `${run.experiment ? 'experiment' : 'batch'} · ${new Date(run.createdAt).toLocaleString()}`, detail: `${run.counts.ok} ok, ${run.counts.error} error of ${run.total}`, runId: run.runId })),
    // Kept open when focus moves: started from the walkthrough, the page it came from can take the focus back.
    { title: 'Export Training Data: from which run (newest first)', matchOnDescription: true, ignoreFocusOut: true },
  );
  return picked?.runId;
}

/** Writes the run's training data; resolves with the file written, or undefined when the user stopped. */
export async function exportTrainingData(deps: RunActionsDeps, runId: string, args: TrainingExportArgs = {}): Promise<vscode.Uri | undefined> {
  const store = deps.runs.runStore;
  const run = RunProjection.replay(store.ledgerPath(runId), { keepItems: true });
  const experiment = run.header.experiment;
  const reviews = ReviewBook.open(store.dir);
  const judgement = RunJudgement.of(store, runId, templateTrust());
  let choice: TrainingChoice = { from: args.from ?? 'expected', ...(args.column !== undefined ? { column: args.column } : {}), reviews };
  if (experiment && args.from === undefined) {
    const picked = await pickSource(trainingSourceCounts(run, judgement, reviews));
    if (!picked) return undefined;
    choice = { ...choice, from: picked.from, ...(picked.expectedVar !== undefined ? { expectedVar: picked.expectedVar } : {}) };
  }
  if (experiment && choice.column === undefined && defaultColumn(experiment, choice.from) === undefined) {
    const column = await vscode.window.showQuickPick(
      experiment.columns.map((c, index) => ({ label: columnLabel(c), description: columnDescription(c.model, choice.from === 'reviewed' ? reviews.count(experiment, run.items.filter((item) => item.cell?.[0] === index)) : undefined), index })),
      { title: COLUMN_PICK_TITLES[choice.from] },
    );
    if (!column) return undefined;
    choice = { ...choice, column: column.index };
  }
  if (experiment) {
    const fraction = args.holdout !== undefined ? args.holdout : args.from === undefined ? await pickHoldout(experiment) : null;
    if (fraction === undefined) return undefined;
    if (fraction !== null) choice = { ...choice, holdout: { fraction, seed: 0 } };
  }
  const access = deps.runs.connectionApi();
  if (!access.ok) throw new Error(access.reason);
  const exported = await trainingExport(access.api, run, judgement, choice);
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
  recordDataOrigin(store.dir, exported.examples, exportOrigin(run.header, choice, exported, folder?.fsPath ?? dirname(target.fsPath)));
  if (exported.fallback) deps.log.info(`${exported.fallback} chat prompts of run ${runId} were not rendered by the deployment: written with role markers (see the README).`);
  if (exported.split) deps.log.info(`Held out of ${vscode.workspace.asRelativePath(target)} (run ${runId}): ${exported.split.heldOut.map((key) => exported.split?.labels.get(key) ?? key).join('; ')}.`);
  const said = `Exported ${exported.what} to ${vscode.workspace.asRelativePath(target)}.${exported.skipped ? ` ${exported.skipped} left out.` : ''}${exported.split ? ` ${heldOutText(exported.split)}` : ''}`;
  // Train Adaptor… on the file just written: the split chosen here is the adaptor's, and its lineage will say so.
  void vscode.window.showInformationMessage(said, TRAIN).then((picked) => {
    if (picked === TRAIN) void vscode.commands.executeCommand('scalarlm.trainAdaptor', target);
  });
  return target;
}

const TRAIN = 'Train Adaptor…';
/** Rows named in the notification; the Output log names them all. */
const NAMED_ROWS = 3;

/**
 * Where the outputs come from, counted before asking: a source that gives nothing is offered last with why, and
 * picking it asks again, the pick's title then saying that one gives nothing; when none gives anything, one message says why for each and nothing is asked.
 */
async function pickSource(counts: SourceCount[]): Promise<SourceCount | undefined> {
  const nothing = nothingToExport(counts);
  if (nothing) return void vscode.window.showInformationMessage(nothing);
  let title = 'Export Training Data: the outputs';
  for (;;) {
    const picked = await vscode.window.showQuickPick(sourceOptions(counts), { title, ignoreFocusOut: true });
    if (!picked?.count.why) return picked?.count;
    title = `Export Training Data: ${unusableSource(picked.count)}`;
  }
}

/** The rows to hold out: a fraction, null for none, undefined when the user stopped. */
async function pickHoldout(experiment: ExperimentHeader): Promise<number | null | undefined> {
  const picked = await vscode.window.showQuickPick(holdoutOptions(experiment.tests), { title: 'Export Training Data: rows to keep out of training' });
  if (!picked) return undefined;
  if (picked.fraction !== 'other') return picked.fraction;
  const typed = await vscode.window.showInputBox({ title: 'Export Training Data: the fraction of rows to hold out', prompt: 'Between 0 and 1; the rows are picked by their key, so the same fraction picks the same rows', value: '0.3', validateInput: fractionProblem });
  return typed === undefined ? undefined : Number(typed);
}

function heldOutText(split: RowsSplit): string {
  const named = split.heldOut.slice(0, NAMED_ROWS).map((key) => `"${split.labels.get(key) ?? key}"`);
  const more = split.heldOut.length - named.length;
  return `Held out ${split.heldOut.length} of ${split.heldOut.length + split.trained.length} rows: ${named.join(', ')}${more > 0 ? ` and ${more} more (all in the ScalarLM log)` : ''}.`;
}
