// "ScalarLM: Select Model": a quick pick over the deployment's base model and its adaptors, each once (served in
// /v1/models or not, from its training job in list_models; host/deployment/model-pick-entries), written to
// scalarlm.model at the scope the user picks. Picking the model already in use changes nothing and asks nothing.

import * as vscode from 'vscode';
import { TrainingClient } from '../../core/training';
import { runsFolderLineage } from '../../host/deployment/adaptor-list';
import { deploymentModels, type DeploymentModels } from '../../host/deployment/deployment-models';
import { modelPickEntries } from '../../host/deployment/model-pick-entries';
import { modelItem } from './model-items';
import type { Connection } from './connection';
import type { ExtensionLog } from '../log';
import { pickTarget } from '../setting-target';

const MODEL_PICKED_CONTEXT = 'scalarlm.modelPicked';

/** `runsDir`: the runs folder, whose lineages name the adaptors. */
export async function selectModel(connection: Connection, log: ExtensionLog, runsDir: () => string): Promise<void> {
  const access = connection.api();
  if (!access.ok) return log.showError(new Error(access.reason));
  let listed: DeploymentModels;
  try {
    listed = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'ScalarLM: listing models' }, () => deploymentModels(new TrainingClient(access.api), (text) => log.channel.warn(text)));
  } catch (error) {
    return log.showError(error);
  }
  const current = connection.settings.model;
  const picked = await vscode.window.showQuickPick(modelPickEntries(listed.models, listed.training, current, runsFolderLineage(runsDir())).map(modelItem), {
    title: 'ScalarLM: Select Model',
    placeHolder: placeholder(access.api.baseUrl, listed),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  const model = picked?.entry?.model;
  if (model === undefined) return;
  if (model === current) {
    vscode.window.setStatusBarMessage(`ScalarLM: ${model === '' ? "the deployment's default" : model} is already the model in use.`, 5000);
    return markPicked();
  }
  const target = await pickTarget('scalarlm.model');
  if (target === undefined) return;
  await vscode.workspace.getConfiguration('scalarlm').update('model', model, target);
  log.info(`scalarlm.model set to "${model}" (${vscode.ConfigurationTarget[target]}).`);
  await markPicked();
}

/**
 * The walkthrough's "Pick a model" step completes on this context key (or a change of the setting): picking
 * the model already in use is a choice too, and opening the picker then pressing Escape is not.
 */
async function markPicked(): Promise<void> {
  await vscode.commands.executeCommand('setContext', MODEL_PICKED_CONTEXT, true);
}

function placeholder(baseUrl: string, { models, training }: DeploymentModels): string {
  if (models.length === 0) return `${baseUrl} lists no models`;
  const jobs = training.state === 'found' ? ` and ${training.jobs.length} training job${training.jobs.length === 1 ? '' : 's'}` : '';
  return `${models.length} served model${models.length === 1 ? '' : 's'}${jobs} on ${baseUrl}`;
}
