// Prompt and experiment files in the editor: the `prompty` language's CodeLens, diagnostics while typing,
// the live previews and their commands, and the context keys of the menus, wired together. The chat
// commands for a .prompty live with the chat (../chat/register.ts), which owns the chat panels.

import * as vscode from 'vscode';
import { DisposableStore } from '../../host/dispose';
import { registerCommand } from '../commands';
import type { ExtensionLog } from '../log';
import { ExperimentContext } from './experiment-context';
import { PREVIEW_SCHEME, PreviewDocuments } from './preview-documents';
import { PREVIEW_COMMANDS, PreviewLenses } from './preview-lenses';
import { previewCells, previewPrompt, useSample, useTestRow, type PreviewCommandDeps } from './preview-commands';
import { PROMPT_FILE_SELECTOR, PromptFileLenses } from './prompt-file-lenses';
import type { TemplateDiagnostics } from './template-diagnostics';

/** `diagnostics` are the template problems of the workspace, which the run commands report to as well. */
export function registerPromptFiles(log: ExtensionLog, diagnostics: TemplateDiagnostics): vscode.Disposable {
  const disposables = new DisposableStore();
  const previews = disposables.add(new PreviewDocuments(diagnostics));
  disposables.add(new ExperimentContext());
  disposables.add(vscode.languages.registerCodeLensProvider(PROMPT_FILE_SELECTOR, new PromptFileLenses()));
  disposables.add(vscode.languages.registerCodeLensProvider({ scheme: PREVIEW_SCHEME }, disposables.add(new PreviewLenses(previews))));

  const deps: PreviewCommandDeps = { previews, log };
  const commands: Record<string, (...args: unknown[]) => unknown> = {
    'scalarlm.previewPrompt': (uri) => previewPrompt(deps, uri),
    'scalarlm.previewCells': (uri) => previewCells(deps, uri),
    [PREVIEW_COMMANDS.useTestRow]: (preview, file, row) => useTestRow(deps, preview, file, row),
    [PREVIEW_COMMANDS.useSample]: (preview) => useSample(deps, preview),
  };
  for (const [id, run] of Object.entries(commands)) disposables.add(registerCommand(id, run, log));
  return disposables;
}
