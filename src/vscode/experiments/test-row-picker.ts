// "Use Test Row…": a dataset file of the workspace (or one browsed to), then one of its rows, for the
// preview to render instead of the sample.

import { dirname } from 'node:path';
import * as vscode from 'vscode';
import { datasetExtensions, readDataset } from '../../core/datasets';
import { admitPickedDataset } from '../../core/experiments/experiment-spec';
import { ROWS_OFFERED, rowChoice, type RowChoice } from '../../host/experiments/row-choice';
import { displayPath } from '../prompt-files/prompt-documents';
import { fileAccess } from '../workspace-trust';

const FILES_OFFERED = 500;
const BROWSE = 'Browse…';

export async function pickDatasetFile(near: vscode.Uri): Promise<vscode.Uri | undefined> {
  const extensions = datasetExtensions.map((extension) => extension.slice(1));
  const found = await vscode.workspace.findFiles(`**/*.{${extensions.join(',')}}`, '**/{node_modules,.git}/**', FILES_OFFERED);
  // Files beside the prompt first: that is where its dataset usually is.
  const folder = dirname(near.path);
  const sorted = found.sort((a, b) => Number(dirname(b.path) === folder) - Number(dirname(a.path) === folder) || a.path.localeCompare(b.path));
  const items: (vscode.QuickPickItem & { uri?: vscode.Uri })[] = [
    ...sorted.map((uri) => ({ label: displayPath(uri.fsPath), uri })),
    { label: BROWSE, description: 'a file outside this list' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'ScalarLM: Use Test Row (1/2): the dataset', placeHolder: 'A CSV, TSV, JSONL, JSON or YAML file of test cases', ignoreFocusOut: true });
  if (picked === undefined) return undefined;
  if (picked.uri !== undefined) return picked.uri;
  const chosen = await vscode.window.showOpenDialog({
    title: 'ScalarLM: the dataset to take a row from',
    defaultUri: vscode.Uri.file(dirname(near.fsPath)),
    filters: { Datasets: extensions },
    canSelectMany: false,
  });
  return chosen?.[0];
}

/** The row's 0-based index; the file's problems throw (DatasetError, located; TemplateTrustError for a link out of the workspace). */
export async function pickRow(file: vscode.Uri): Promise<number | undefined> {
  await admitPickedDataset(fileAccess(), file.fsPath);
  const choices: RowChoice[] = [];
  // Problems name the file by its path (shown relative), so "Go to Line" can open it.
  for await (const row of readDataset(file.fsPath)) {
    choices.push(rowChoice(row));
    if (choices.length >= ROWS_OFFERED) break;
  }
  if (choices.length === 0) {
    void vscode.window.showWarningMessage(`ScalarLM: ${displayPath(file.fsPath)} has no rows.`);
    return undefined;
  }
  const more = choices.length >= ROWS_OFFERED ? ` (the first ${ROWS_OFFERED})` : '';
  const picked = await vscode.window.showQuickPick(choices, { title: `ScalarLM: Use Test Row (2/2): a row of ${displayPath(file.fsPath)}${more}`, matchOnDetail: true, ignoreFocusOut: true });
  return picked?.index;
}
