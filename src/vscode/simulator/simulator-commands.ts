// Starting and stopping the local simulator from the UI, and pointing this window at it without
// rewriting the user's settings unless they choose to.

import * as vscode from 'vscode';
import { isStablePort } from '../../host/simulator/simulator-ports';
import type { ExtensionLog } from '../log';
import { PortTakenError, type SimulatorLauncher } from './simulator-launcher';

/** Starts it; the connection follows the launcher's events, so this window then talks to it. */
export async function startSimulator(simulator: SimulatorLauncher, log: ExtensionLog, options: { elsewhere?: boolean } = {}): Promise<void> {
  let url: string;
  try {
    url = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Starting the local ScalarLM simulator…' }, () => simulator.start(options));
  } catch (error) {
    if (error instanceof PortTakenError) return void answerPortTaken(error, simulator, log);
    return log.showError(error);
  }
  void offerNextSteps(url);
}

/** Not awaited: a ScalarLM already there is the one this window talks to; for anything else, another port is offered. */
async function answerPortTaken(error: PortTakenError, simulator: SimulatorLauncher, log: ExtensionLog): Promise<void> {
  log.info(error.message);
  if (error.holder !== 'other') {
    const what = error.holder === 'simulator' ? 'a simulator, started outside this window,' : 'a ScalarLM deployment';
    void vscode.window.showInformationMessage(`ScalarLM: ${what} already answers at ${error.baseUrl} (scalarlm.baseUrl); this window uses it. No simulator was started.`);
    return;
  }
  const another = 'Start on Another Port';
  const picked = await vscode.window.showWarningMessage(
    `ScalarLM: port ${error.port} of scalarlm.baseUrl (${error.baseUrl}) is taken by a program that is not a ScalarLM simulator. Stop that program, or start the simulator on another port (this window then uses it; your settings are unchanged).`,
    another,
  );
  if (picked === another) await startSimulator(simulator, log, { elsewhere: true });
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
