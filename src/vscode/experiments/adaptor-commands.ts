// A trained adaptor judged beside the base: "Add Adaptor to Experiment…" puts `scalarlm:<model>` with a label into
// the experiment file's providers (a workspace edit, so Undo takes it back; the rest of the file as written),
// and "Compare with Base" runs the experiment with that column: the base columns' groups are the batches the
// server already holds, so only the adaptor's cells are sent, and the panel shows each column's pass rate and
// the adaptor's column compared with the base's, row by row: on its held-out rows, the rows it was not trained
// on, when some of its rows were (the panel's default for an adaptor's column; Judge every row in its bar).

import * as vscode from 'vscode';
import { addedProviderEdit, loadExperimentConfig } from '../../core/experiments/config';
import { addedProviderProblem } from '../../core/experiments/experiment-spec';
import { TrainingClient } from '../../core/training';
import { adaptorLabel, runsFolderLineage } from '../../host/deployment/adaptor-list';
import { deploymentModels } from '../../host/deployment/deployment-models';
import { experimentPickEntries } from '../../host/deployment/model-pick-entries';
import { modelItem } from '../deployment/model-items';
import { fileAccess } from '../workspace-trust';
import { runExperimentFile, type ExperimentCommandDeps } from './experiment-commands';

export interface AdaptorCommandDeps extends ExperimentCommandDeps {
  /** The run's panel shows the column of `model` compared with the base's. */
  showAdaptorComparison(runId: string, model: string): void;
}

/**
 * Adds the adaptor to the experiment's providers; resolves with the document's URI, or undefined when nothing
 * was added. Without a model, a quick pick of what the deployment serves (its trained adaptors first).
 */
export async function addAdaptorToExperiment(deps: ExperimentCommandDeps, uri?: vscode.Uri, model?: string, label?: string): Promise<vscode.Uri | undefined> {
  return (await addAdaptor(deps, uri, model, label))?.target;
}

/** The adaptor added (when it is not in the file yet), the file saved, and the experiment run: resolves with the run's id. */
export async function compareWithBase(deps: AdaptorCommandDeps, uri?: vscode.Uri, model?: string, label?: string): Promise<string | undefined> {
  const added = await addAdaptor(deps, uri, model, label);
  if (!added) return undefined;
  const runId = await runExperimentFile(deps, added.target);
  if (runId) deps.showAdaptorComparison(runId, added.model);
  return runId;
}

async function addAdaptor(deps: ExperimentCommandDeps, uri: vscode.Uri | undefined, model: string | undefined, label: string | undefined): Promise<{ target: vscode.Uri; model: string } | undefined> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target) return void vscode.window.showWarningMessage('ScalarLM: open an experiment file (promptfooconfig.yaml) first.');
  const name = model ?? (await pickModel(deps));
  if (!name) return undefined;
  const added = { id: `scalarlm:${name}`, label: label ?? adaptorLabel(name) };
  const document = await vscode.workspace.openTextDocument(target);
  if (document.isDirty) await document.save();
  const config = await loadExperimentConfig(target.fsPath, fileAccess());
  if (config.providers.some((p) => p.model === name)) return { target, model: name };
  const problem = addedProviderProblem(added, config.providers);
  if (problem) return void vscode.window.showWarningMessage(`ScalarLM: ${problem}.`);
  const result = addedProviderEdit(document.getText(), added);
  if (!result.ok) return void vscode.window.showWarningMessage(`ScalarLM: cannot add ${added.id} to ${vscode.workspace.asRelativePath(target)}: ${result.problem}.`);
  const { offset, length, text } = result.edit;
  const edit = new vscode.WorkspaceEdit();
  edit.replace(target, new vscode.Range(document.positionAt(offset), document.positionAt(offset + length)), text);
  if (!(await vscode.workspace.applyEdit(edit))) return void vscode.window.showWarningMessage(`ScalarLM: the edit of ${vscode.workspace.asRelativePath(target)} was not applied.`);
  return { target, model: name };
}

/** The deployment's adaptors whose training is complete, served or not yet, newest first; then its base model. */
async function pickModel(deps: ExperimentCommandDeps): Promise<string | undefined> {
  const access = deps.connection.api();
  if (!access.ok) throw new Error(access.reason);
  const { models, training } = await deploymentModels(new TrainingClient(access.api), (text) => deps.log.channel.warn(text));
  const items = experimentPickEntries(models, training, runsFolderLineage(deps.runs.runStore.dir)).map(modelItem);
  const picked = await vscode.window.showQuickPick(items, { title: 'Add to the experiment: a trained adaptor or the base model of the deployment', matchOnDescription: true, matchOnDetail: true });
  return picked?.entry?.model;
}
