// The status bar item's click: what one can do about the queue, in one quick pick.

import * as vscode from 'vscode';
import type { SimulatorLauncher } from '../simulator/simulator-launcher';

interface ActionItem extends vscode.QuickPickItem {
  command: string;
}

export async function showQueueActions(simulator: SimulatorLauncher): Promise<void> {
  const items: ActionItem[] = [
    { label: '$(graph-line) Open Queue Metrics', command: 'scalarlm.openMetrics' },
    { label: '$(list-flat) Open Prometheus Metrics', description: 'GET /v1/metrics as text', command: 'scalarlm.openPrometheusMetrics' },
    { label: '$(symbol-class) Select Model…', command: 'scalarlm.selectModel' },
    { label: '$(plug) Select Deployment URL…', command: 'scalarlm.selectDeploymentUrl' },
    simulator.url
      ? { label: '$(debug-stop) Stop Local Simulator', description: simulator.url, command: 'scalarlm.stopSimulator' }
      : { label: '$(vm) Start Local Simulator', description: 'a local ScalarLM, no deployment needed', command: 'scalarlm.startSimulator' },
    { label: '$(output) Open Log', command: 'scalarlm.openLog' },
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'ScalarLM Queue' });
  if (picked) await vscode.commands.executeCommand(picked.command);
}
