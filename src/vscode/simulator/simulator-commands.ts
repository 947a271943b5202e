// Starting and stopping the local simulator from the UI, and pointing this window at it without
// rewriting the user's settings unless they choose to.

import * as vscode from 'vscode';
import { isStablePort } from '../../host/simulator/simulator-ports';
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

/**
 * Not awaited by the command: it is done once the simulator runs, whatever the user does with this notice.
 * Saving is offered only for a stable port, the one the simulator takes again next time; a port it fell
 * back to would leave the setting pointing at nothing once it stops.
 */
async function offerNextSteps(url: string): Promise<void> {
  const save = 'Save as scalarlm.baseUrl';
  const metrics = 'Open Queue Metrics';
  const stable = isStablePort(Number(new URL(url).port));
  const picked = await vscode.window.showInformationMessage(
    `ScalarLM: local simulator running at ${url}. This window uses it until you stop it; your settings are unchanged.`,
    metrics,
    ...(stable ? [save] : []),
  );
  if (picked === metrics) await vscode.commands.executeCommand('scalarlm.openMetrics');
  if (picked === save) await vscode.workspace.getConfiguration('scalarlm').update('baseUrl', url, vscode.ConfigurationTarget.Global);
}
