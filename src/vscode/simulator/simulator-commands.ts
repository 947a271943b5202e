// Starting and stopping the local simulator from the UI, and pointing this window at it without
// rewriting the user's settings unless they choose to.

import * as vscode from 'vscode';
import type { ExtensionLog } from '../log';
import type { SimulatorLauncher } from './simulator-launcher';

/** Starts it; the connection follows the launcher's events, so this window then talks to it. */
export async function startSimulator(simulator: SimulatorLauncher, log: ExtensionLog): Promise<void> {
  let url: string;
  try {
    url = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Starting the local ScalarLM simulator…' }, () => simulator.start());
  } catch (error) {
    return log.showError(error);
  }
  void offerNextSteps(url);
}

/** Not awaited by the command: it is done once the simulator runs, whatever the user does with this notice. */
async function offerNextSteps(url: string): Promise<void> {
  const save = 'Save as scalarlm.baseUrl';
  const metrics = 'Open Queue Metrics';
  const picked = await vscode.window.showInformationMessage(
    `Local ScalarLM simulator running at ${url}. This window uses it until you stop it; your settings are unchanged.`,
    metrics,
    save,
  );
  if (picked === metrics) await vscode.commands.executeCommand('scalarlm.openMetrics');
  if (picked === save) await vscode.workspace.getConfiguration('scalarlm').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}
