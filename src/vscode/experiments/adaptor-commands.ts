// A trained adaptor judged beside the base: "Add Adaptor to Experiment…" puts `scalarlm:<model>` with a label into
// the experiment file's providers (a workspace edit, so Undo takes it back; the rest of the file as written),
// and "Compare with Base" runs the experiment with that column: the base columns' groups are the batches the
// server already holds, so only the adaptor's cells are sent, and the panel shows each column's pass rate and
// the adaptor's column compared with the base's, row by row: on its held-out rows, the rows it was not trained
// on, when some of its rows were (the panel's default for an adaptor's column; Judge every row in its bar).
// From the palette both offer an adaptor as soon as its training is complete: /v1/models lists it only once the
// deployment's worker has loaded it (a minute or more later), so one picked before that is asked about with one
// probe request, never re-sent, and one that does not answer is said to be not served yet, rather than left to fail.

import * as vscode from 'vscode';
import { addedProviderEdit, loadExperimentConfig } from '../../core/experiments/config';
import { addedProviderProblem } from '../../core/experiments/experiment-spec';
import { TrainingClient, type AdaptorAnswer } from '../../core/training';
import { adaptorLabel } from '../../core/training';
import { runsFolderLineage } from '../../host/deployment/adaptor-list';
import { deploymentModels } from '../../host/deployment/deployment-models';
import { experimentPickEntries } from '../../host/deployment/model-pick-entries';
import { askServed, notServedYetWords } from '../../host/deployment/served-answer';
import { modelItem } from '../deployment/model-items';
import { fileAccess } from '../workspace-trust';
import { announceAdded, type ProviderEdit } from './added-adaptor-notice';
import { runExperimentFile, type ExperimentCommandDeps } from './experiment-commands';

/** How long a pick waits for an adaptor not in /v1/models yet to answer its probe. */
const ASK_MS = 15_000;

export interface AdaptorCommandDeps extends ExperimentCommandDeps {
  /** The run's panel shows the column of `model` compared with the base's. */
  showAdaptorComparison(runId: string, model: string): void;
}

/**
 * Adds the adaptor to the experiment's providers and says so (with Undo); resolves with the document's URI, or
 * undefined when nothing was added. Without a model, a quick pick of what the deployment serves (its trained adaptors first).
 */
export async function addAdaptorToExperiment(deps: ExperimentCommandDeps, uri?: vscode.Uri, model?: string, label?: string): Promise<vscode.Uri | undefined> {
  const added = await addAdaptor(deps, uri, model, label);
  if (!added) return undefined;
  if (added.edit) announceAdded(added.edit, deps.log, added.notServed);
  else void vscode.window.showInformationMessage(`ScalarLM: scalarlm:${added.model} is in ${vscode.workspace.asRelativePath(added.target)} already.${added.notServed ? ` ${added.notServed}` : ''}`);
  return added.target;
}

/** The adaptor added (when it is not in the file yet), the file saved, and the experiment run: resolves with the run's id. */
export async function compareWithBase(deps: AdaptorCommandDeps, uri?: vscode.Uri, model?: string, label?: string): Promise<string | undefined> {
  const added = await addAdaptor(deps, uri, model, label);
  if (!added) return undefined;
  // Its cells would all fail: said now, rather than as a column of errors.
  const notServed = added.notServed && `${added.notServed} Compare with Base again once it is.`;
  if (added.edit) announceAdded(added.edit, deps.log, notServed);
  else if (notServed) void vscode.window.showWarningMessage(`ScalarLM: ${notServed}`);
  if (notServed) return undefined;
  const runId = await runExperimentFile(deps, added.target);
  if (runId) deps.showAdaptorComparison(runId, added.model);
  return runId;
}

interface Added {
  target: vscode.Uri;
  model: string;
  /** Why requests naming the picked adaptor fail for now, when the deployment does not serve it yet. */
  notServed?: string;
  /** The edit made; none when the file had the provider already. */
  edit?: ProviderEdit;
}

async function addAdaptor(deps: ExperimentCommandDeps, uri: vscode.Uri | undefined, model: string | undefined, label: string | undefined): Promise<Added | undefined> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open an experiment file (promptfooconfig.yaml) first.');
  const picked = model === undefined ? await pickModel(deps) : { model };
  if (!picked) return undefined;
  const name = picked.model;
  const found: Added = { target, model: name, ...(picked.notServed ? { notServed: picked.notServed } : {}) };
  const added = { id: `scalarlm:${name}`, label: label ?? adaptorLabel(name) };
  const document = await vscode.workspace.openTextDocument(target);
  if (document.isDirty) await document.save();
  const config = await loadExperimentConfig(target.fsPath, fileAccess());
  if (config.providers.some((p) => p.model === name)) return found;
  const problem = addedProviderProblem(added, config.providers);
  if (problem) return void vscode.window.showWarningMessage(`ScalarLM: ${problem}.`);
  const result = addedProviderEdit(document.getText(), added);
  if (!result.ok) return void vscode.window.showWarningMessage(`ScalarLM: cannot add ${added.id} to ${vscode.workspace.asRelativePath(target)}: ${result.problem}.`);
  const { offset, length, text } = result.edit;
  const before = document.getText();
  const edit = new vscode.WorkspaceEdit();
  edit.replace(target, new vscode.Range(document.positionAt(offset), document.positionAt(offset + length)), text);
  if (!(await vscode.workspace.applyEdit(edit))) return void vscode.window.showWarningMessage(`ScalarLM: the edit of ${vscode.workspace.asRelativePath(target)} was not applied.`);
  return { ...found, edit: { document, ...added, before, after: document.getText() } };
}

/**
 * The deployment's adaptors whose training is complete, served or not yet, newest first; then its base model. One
 * not in /v1/models yet is asked about (its probe posted at most once), and `notServed` says so when it does not answer.
 */
async function pickModel(deps: ExperimentCommandDeps): Promise<{ model: string; notServed?: string } | undefined> {
  const access = deps.connection.api();
  if (!access.ok) throw new Error(access.reason);
  const training = new TrainingClient(access.api);
  const { models, training: jobs } = await deploymentModels(training, (text) => deps.log.channel.warn(text));
  const items = experimentPickEntries(models, jobs, runsFolderLineage(deps.runs.runStore.dir)).map(modelItem);
  const entry = (await vscode.window.showQuickPick(items, { title: 'Add to the experiment: a trained adaptor or the base model of the deployment', matchOnDescription: true, matchOnDetail: true }))?.entry;
  if (!entry || entry.served) return entry && { model: entry.model };
  const answer = await askWithProgress(training, entry.model);
  return answer.state === 'answers' ? { model: entry.model } : { model: entry.model, notServed: notServedYetWords(adaptorLabel(entry.model), answer) };
}

/**
 * The deployment asked for at most ASK_MS, the question shown in the status bar (a progress notification ending as
 * the answer's notification opened was seen, in the host tests, to stay in the toasts, "asking…", after the answer).
 */
function askWithProgress(training: TrainingClient, hash: string): Thenable<AdaptorAnswer> {
  const title = `ScalarLM: asking the deployment whether ${adaptorLabel(hash)} answers yet`;
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title }, () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ASK_MS);
    return askServed(training, hash, controller.signal).finally(() => clearTimeout(timer));
  });
}
