// "ScalarLM: Select Model": a quick pick over the models the deployment serves (GET /v1/models) and its
// training jobs (GET /v1/megatron/list_models, each marked served or not), written to scalarlm.model at
// the scope the user picks. Picking the model already in use changes nothing and asks nothing.

import * as vscode from 'vscode';
import type { ScalarLMApi } from '../../core/api/api';
import { HttpStatusError, isScalarLMError } from '../../core/api/errors';
import type { ModelInfo } from '../../core/api/types';
import { modelPickEntries, type ModelPickEntry, type TrainingSide } from '../../host/deployment/model-pick-entries';
import type { Connection } from './connection';
import type { ExtensionLog } from '../log';
import { pickTarget } from '../setting-target';

const MODEL_PICKED_CONTEXT = 'scalarlm.modelPicked';

interface ModelItem extends vscode.QuickPickItem {
  model?: string;
}

export async function selectModel(connection: Connection, log: ExtensionLog): Promise<void> {
  const access = connection.api();
  if (!access.ok) return log.showError(new Error(access.reason));
  const api = access.api;
  let models: ModelInfo[];
  let training: TrainingSide;
  try {
    [models, training] = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'ScalarLM: listing models' },
      () => Promise.all([api.models().then(({ data }) => data), readTraining(api, log)]),
    );
  } catch (error) {
    return log.showError(error);
  }
  const current = connection.settings.model;
  const picked = await vscode.window.showQuickPick(modelPickEntries(models, training, current).map(toItem), {
    title: 'ScalarLM: Select Model',
    placeHolder: placeholder(api.baseUrl, models, training),
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (picked?.model === undefined) return;
  if (picked.model === current) {
    vscode.window.setStatusBarMessage(`ScalarLM: ${picked.model === '' ? "the deployment's default" : picked.model} is already the model in use.`, 5000);
    return markPicked();
  }
  const target = await pickTarget('scalarlm.model');
  if (target === undefined) return;
  await vscode.workspace.getConfiguration('scalarlm').update('model', picked.model, target);
  log.info(`scalarlm.model set to "${picked.model}" (${vscode.ConfigurationTarget[target]}).`);
  await markPicked();
}

/**
 * The walkthrough's "Pick a model" step completes on this context key (or a change of the setting): picking
 * the model already in use is a choice too, and opening the picker then pressing Escape is not.
 */
async function markPicked(): Promise<void> {
  await vscode.commands.executeCommand('setContext', MODEL_PICKED_CONTEXT, true);
}

/** The training side never stops the pick: a failure is logged and named in its section's heading. */
async function readTraining(api: ScalarLMApi, log: ExtensionLog): Promise<TrainingSide> {
  try {
    return (await api.trainingJobs()).data;
  } catch (error) {
    if (!isScalarLMError(error)) throw error;
    log.channel.warn(`Listing the training jobs failed: ${error.message}`);
    return { state: 'failed', reason: `${error instanceof HttpStatusError ? `HTTP ${error.status}` : error.kind}; see the ScalarLM log` };
  }
}

function toItem(entry: ModelPickEntry): ModelItem {
  if (entry.kind === 'separator') return { label: entry.label, kind: vscode.QuickPickItemKind.Separator };
  return { label: entry.label, description: entry.description, detail: entry.detail, model: entry.model };
}

function placeholder(baseUrl: string, models: readonly ModelInfo[], training: TrainingSide): string {
  if (models.length === 0) return `${baseUrl} lists no models`;
  const jobs = training.state === 'found' ? ` and ${training.jobs.length} training job${training.jobs.length === 1 ? '' : 's'}` : '';
  return `${models.length} served model${models.length === 1 ? '' : 's'}${jobs} on ${baseUrl}`;
}
