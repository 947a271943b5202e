// "ScalarLM: Select Model": a quick pick over GET /v1/models (the base model and trained adaptors, with
// their parent and context length), written to scalarlm.model at the scope the user picks.

import * as vscode from 'vscode';
import type { ModelInfo } from '../../core/api/types';
import type { Connection } from './connection';
import type { ExtensionLog } from '../log';
import { pickTarget } from '../setting-target';

interface ModelItem extends vscode.QuickPickItem {
  model: string;
}

export async function selectModel(connection: Connection, log: ExtensionLog): Promise<void> {
  const access = connection.api();
  if (!access.ok) return log.showError(new Error(access.reason));
  const api = access.api;
  let models: ModelInfo[];
  try {
    models = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'ScalarLM: listing models' },
      async () => (await api.models()).data,
    );
  } catch (error) {
    return log.showError(error);
  }
  const current = connection.settings.model;
  const items: ModelItem[] = [
    { label: "$(server) Deployment's default", description: 'leave scalarlm.model empty', model: '' },
    ...models.map((m) => ({
      label: m.id,
      description: m.parent ? `adaptor of ${m.parent}` : 'base model',
      detail: m.max_model_len ? `max_model_len ${m.max_model_len.toLocaleString('en-US')}` : undefined,
      model: m.id,
    })),
  ].map((item) => (item.model === current ? { ...item, description: `${item.description} · current` } : item));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'ScalarLM: Select Model',
    placeHolder: models.length ? `${models.length} models on ${api.baseUrl}` : `${api.baseUrl} lists no models`,
    matchOnDescription: true,
  });
  if (!picked) return;
  const target = await pickTarget('scalarlm.model');
  if (target === undefined) return;
  await vscode.workspace.getConfiguration('scalarlm').update('model', picked.model, target);
  log.info(`scalarlm.model set to "${picked.model}" (${vscode.ConfigurationTarget[target]}).`);
}
