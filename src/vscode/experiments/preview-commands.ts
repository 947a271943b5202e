// "Preview Prompt", "Preview Cells" and the preview's "Use Test Row…" / "Use Sample".

import * as vscode from 'vscode';
import type { ExtensionLog } from '../log';
import type { PreviewDocuments } from './preview-documents';
import { isExperimentDocument, isTemplateUri, targetUri } from '../prompt-files/prompt-documents';
import { showRenderFailure } from '../prompt-files/render-failure';
import { pickDatasetFile, pickRow } from './test-row-picker';

export interface PreviewCommandDeps {
  previews: PreviewDocuments;
  log: ExtensionLog;
}

export async function previewPrompt(deps: PreviewCommandDeps, argument: unknown): Promise<vscode.Uri | undefined> {
  const source = targetUri(argument);
  if (source === undefined || !isTemplateUri(source)) {
    return void vscode.window.showWarningMessage('ScalarLM: open a .prompty file (or a .txt / .md template) to preview it.');
  }
  return deps.previews.show('prompt', source);
}

export async function previewCells(deps: PreviewCommandDeps, argument: unknown): Promise<vscode.Uri | undefined> {
  const source = targetUri(argument);
  const document = source && (await vscode.workspace.openTextDocument(source));
  if (source === undefined || document === undefined || !isExperimentDocument(document)) {
    return void vscode.window.showWarningMessage('ScalarLM: open an experiment file (promptfooconfig.yaml, or a YAML file with prompts and tests) to preview its cells.');
  }
  return deps.previews.show('cells', source);
}

/**
 * Renders the preview with a dataset row. `file` and `row` (0-based) are asked for when not given; tests and
 * links pass them.
 */
export async function useTestRow(deps: PreviewCommandDeps, preview: unknown, file?: unknown, row?: unknown): Promise<void> {
  const target = previewTarget(deps, preview);
  if (target === undefined) return;
  const dataset = file instanceof vscode.Uri ? file : await pickDatasetFile(target.source);
  if (dataset === undefined) return;
  let index: number | undefined;
  try {
    index = typeof row === 'number' ? row : await pickRow(dataset);
  } catch (error) {
    return showRenderFailure(error, deps.log);
  }
  if (index === undefined) return;
  await deps.previews.useRow(target.uri, { file: dataset.fsPath, index });
}

export async function useSample(deps: PreviewCommandDeps, preview: unknown): Promise<void> {
  const target = previewTarget(deps, preview);
  if (target !== undefined) await deps.previews.useRow(target.uri, undefined);
}

/** The preview a command acts on: its argument (a CodeLens passes it), else the active editor's. */
function previewTarget(deps: PreviewCommandDeps, argument: unknown): { uri: vscode.Uri; source: vscode.Uri } | undefined {
  const uri = argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
  const described = uri && deps.previews.describe(uri);
  if (uri === undefined || described === undefined || described.kind !== 'prompt') {
    return void vscode.window.showWarningMessage('ScalarLM: open a prompt preview (Preview Prompt) to choose its test row.');
  }
  return { uri, source: described.source };
}
