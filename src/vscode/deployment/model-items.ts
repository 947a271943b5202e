// The pickers' model entries (host/deployment/model-pick-entries) as quick pick items, the same in every picker.

import * as vscode from 'vscode';
import type { ModelEntry, ModelPickEntry } from '../../host/deployment/model-pick-entries';

export interface ModelItem extends vscode.QuickPickItem {
  /** Absent on a separator. */
  entry?: ModelEntry;
}

export function modelItem(entry: ModelPickEntry): ModelItem {
  if (entry.kind === 'separator') return { label: entry.label, kind: vscode.QuickPickItemKind.Separator };
  return { label: entry.label, description: entry.description, detail: entry.detail, entry };
}
