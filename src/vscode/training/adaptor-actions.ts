// The next step after a job completes: its adaptor added to an experiment, or compared with the base. The job
// panel and the completion notification run the experiments' own commands with the job hash as the model; the
// experiment file is the one open in the editor, or the workspace's one, or picked among several.

import * as vscode from 'vscode';

export const ADD_TO_EXPERIMENT = 'Add to Experiment…';
export const COMPARE_WITH_BASE = 'Compare with Base';
export type AdaptorAction = typeof ADD_TO_EXPERIMENT | typeof COMPARE_WITH_BASE;

const COMMANDS: Record<AdaptorAction, string> = { [ADD_TO_EXPERIMENT]: 'scalarlm.addAdaptorToExperiment', [COMPARE_WITH_BASE]: 'scalarlm.compareWithBase' };
const EXPERIMENT_FILES = '**/promptfooconfig.{yaml,yml}';
/** More than anyone picks from; the pick lists the first of them. */
const MOST_FILES = 50;

export async function runAdaptorAction(action: AdaptorAction, hash: string): Promise<void> {
  const experiment = await experimentFile(action);
  if (experiment) await vscode.commands.executeCommand(COMMANDS[action], experiment, hash);
}

/** The YAML file in the active editor (an experiment the user is working on), else the workspace's experiment files. */
async function experimentFile(action: AdaptorAction): Promise<vscode.Uri | undefined> {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && /\.ya?ml$/i.test(active.path)) return active;
  const found = await vscode.workspace.findFiles(EXPERIMENT_FILES, '**/node_modules/**', MOST_FILES);
  if (found.length === 0) {
    void vscode.window.showWarningMessage('ScalarLM: there is no experiment file (promptfooconfig.yaml) in this workspace to add the adaptor to: open one, then try again.');
    return undefined;
  }
  if (found.length === 1) return found[0];
  const items = found.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })).sort((a, b) => a.label.localeCompare(b.label));
  return (await vscode.window.showQuickPick(items, { title: `${action}: which experiment?`, placeHolder: 'The experiment file whose providers get the adaptor' }))?.uri;
}
