// The Getting Started walkthrough (contributes.walkthroughs): opened on a first install, and from
// "ScalarLM: Get Started"; its example batch and experiment, copied from media/walkthrough/examples into the
// extension's storage once, so they can be edited and their runs resumed across updates of the extension.

import * as vscode from 'vscode';
import { opensWalkthrough } from '../../host/walkthrough/first-run';
import type { ExtensionLog } from '../log';

export const WALKTHROUGH_ID = 'gettingStarted';
const OFFERED_KEY = 'scalarlm.walkthrough.offered';
const EXAMPLE_FILES = ['prompts.jsonl', 'promptfooconfig.yaml', 'greeting.prompty', 'greeting-short.prompty', 'visitors.csv'];

export function openWalkthrough(context: vscode.ExtensionContext): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false);
}

/** Not awaited by activation: the walkthrough is a welcome, not something activation waits for. */
export async function openWalkthroughOnFirstInstall(context: vscode.ExtensionContext, log: ExtensionLog): Promise<void> {
  const offeredBefore = context.globalState.get<boolean>(OFFERED_KEY, false);
  if (!offeredBefore) await context.globalState.update(OFFERED_KEY, true);
  const baseUrl = vscode.workspace.getConfiguration('scalarlm').inspect<string>('baseUrl');
  const facts = {
    offeredBefore,
    deploymentSet: [baseUrl?.globalValue, baseUrl?.workspaceValue, baseUrl?.workspaceFolderValue].some((value) => value !== undefined),
    openOnInstall: vscode.workspace.getConfiguration('workbench').get<boolean>('welcomePage.walkthroughs.openOnInstall', true),
  };
  if (!opensWalkthrough(facts)) return;
  log.info('First run: opening the Getting Started walkthrough.');
  await openWalkthrough(context);
}

/**
 * Opens the example prompts and sends them, as Generate from File does. The file goes to the first column
 * (wherever the walkthrough is), so its results open beside it rather than over it.
 */
export async function runExampleBatch(context: vscode.ExtensionContext): Promise<void> {
  const file = await exampleFile(context, 'prompts.jsonl');
  await vscode.window.showTextDocument(file, { preview: false, viewColumn: vscode.ViewColumn.One });
  await vscode.commands.executeCommand('scalarlm.generateFromFile', file);
}

/** Opens the example experiment and runs it, as Run Experiment does (the file in the first column, as above). */
export async function runExampleExperiment(context: vscode.ExtensionContext): Promise<void> {
  const file = await exampleFile(context, 'promptfooconfig.yaml');
  await vscode.window.showTextDocument(file, { preview: false, viewColumn: vscode.ViewColumn.One });
  await vscode.commands.executeCommand('scalarlm.runExperiment', file);
}

/** The user's copy of an example; files already copied are kept as the user left them. */
async function exampleFile(context: vscode.ExtensionContext, name: string): Promise<vscode.Uri> {
  const source = vscode.Uri.joinPath(context.extensionUri, 'media', 'walkthrough', 'examples');
  const target = vscode.Uri.joinPath(context.globalStorageUri, 'examples');
  await vscode.workspace.fs.createDirectory(target);
  for (const file of EXAMPLE_FILES) {
    const copy = vscode.Uri.joinPath(target, file);
    if (!(await exists(copy))) await vscode.workspace.fs.copy(vscode.Uri.joinPath(source, file), copy);
  }
  return vscode.Uri.joinPath(target, name);
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
