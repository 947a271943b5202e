// The Getting Started walkthrough (contributes.walkthroughs): opened on a first install, and from
// "ScalarLM: Get Started"; its example batch and experiment, copied from media/walkthrough/examples into
// `scalarlm-examples/` of the first workspace folder (beside the user's own files, where panels name them by a
// short relative path), or into the extension's storage when no folder is open, and said so. Copies already
// there are kept as the user left them, so they can be edited and their runs resumed across updates.

import * as vscode from 'vscode';
import { opensWalkthrough } from '../../host/walkthrough/first-run';
import type { ExtensionLog } from '../log';

export const WALKTHROUGH_ID = 'gettingStarted';
const OFFERED_KEY = 'scalarlm.walkthrough.offered';
const EXAMPLE_FILES = ['prompts.jsonl', 'promptfooconfig.yaml', 'greeting.prompty', 'greeting-short.prompty', 'visitors.csv'];
/** The folder the examples are copied into, in the workspace folder. */
export const EXAMPLES_FOLDER = 'scalarlm-examples';

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
export async function runExampleBatch(context: vscode.ExtensionContext, log: ExtensionLog): Promise<void> {
  const file = await exampleFile(context, log, 'prompts.jsonl');
  await vscode.window.showTextDocument(file, { preview: false, viewColumn: vscode.ViewColumn.One });
  await vscode.commands.executeCommand('scalarlm.generateFromFile', file);
}

/** Opens the example experiment and runs it, as Run Experiment does (the file in the first column, as above). */
export async function runExampleExperiment(context: vscode.ExtensionContext, log: ExtensionLog): Promise<void> {
  const file = await exampleFile(context, log, 'promptfooconfig.yaml');
  await vscode.window.showTextDocument(file, { preview: false, viewColumn: vscode.ViewColumn.One });
  await vscode.commands.executeCommand('scalarlm.runExperiment', file);
}

/** The user's copy of an example; a file already there (the user's copy, or the user's own) is never replaced. */
async function exampleFile(context: vscode.ExtensionContext, log: ExtensionLog, name: string): Promise<vscode.Uri> {
  const source = vscode.Uri.joinPath(context.extensionUri, 'media', 'walkthrough', 'examples');
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = folder ? vscode.Uri.joinPath(folder, EXAMPLES_FOLDER) : vscode.Uri.joinPath(context.globalStorageUri, 'examples');
  await vscode.workspace.fs.createDirectory(target);
  const copied: string[] = [];
  for (const file of EXAMPLE_FILES) {
    const copy = vscode.Uri.joinPath(target, file);
    if (await exists(copy)) continue;
    await vscode.workspace.fs.copy(vscode.Uri.joinPath(source, file), copy);
    copied.push(file);
  }
  if (copied.length > 0) {
    log.info(`Copied the walkthrough's examples (${copied.join(', ')}) to ${target.fsPath}.`);
    // With a folder open the copies show in the Explorer; without one, nothing says where they went.
    if (!folder) void vscode.window.showInformationMessage(`ScalarLM: the examples are copies, yours to edit, in ${target.fsPath} (no folder is open; with one, they go to ${EXAMPLES_FOLDER}/ in it).`);
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
