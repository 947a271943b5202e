// The run commands of prompt and experiment files (Run Experiment, Run with Sample, Run Prompt over Dataset…)
// are the experiment engine's, which is not in this build yet. Until then they say so, so that every command
// the manifest contributes exists. The engine's registration replaces this file.

import * as vscode from 'vscode';
import { DisposableStore } from '../../host/dispose';

const RUN_COMMANDS = ['scalarlm.runExperiment', 'scalarlm.runPromptWithSample', 'scalarlm.runPromptOverDataset'];

export function registerRunCommandStandIns(): vscode.Disposable {
  const disposables = new DisposableStore();
  for (const id of RUN_COMMANDS) {
    disposables.add(vscode.commands.registerCommand(id, () => vscode.window.showInformationMessage('ScalarLM: running prompts and experiments comes with the experiment engine; use Preview or Chat meanwhile.')));
  }
  return disposables;
}
