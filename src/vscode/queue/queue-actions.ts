// The status bar item's click: what one can do about the queue, then every metric the deployment reported,
// its health and the server generation detected (the tooltip keeps to a few lines), in one quick pick.

import * as vscode from 'vscode';
import type { QueueMonitorView } from '../../core/monitor/types';
import { presentQueueState } from '../../host/queue/queue-status-text';
import type { SimulatorLauncher } from '../simulator/simulator-launcher';

interface ActionItem extends vscode.QuickPickItem {
  command?: string;
}

export async function showQueueActions(simulator: SimulatorLauncher, monitor: QueueMonitorView): Promise<void> {
  const view = presentQueueState(monitor.state);
  const items: ActionItem[] = [
    { label: '$(graph-line) Open Queue Metrics', command: 'scalarlm.openMetrics' },
    { label: '$(list-flat) Open Prometheus Metrics', description: 'GET /v1/metrics as text', command: 'scalarlm.openPrometheusMetrics' },
    { label: '$(symbol-class) Select Model…', command: 'scalarlm.selectModel' },
    { label: '$(plug) Select Deployment URL…', command: 'scalarlm.selectDeploymentUrl' },
    simulator.url
      ? { label: '$(debug-stop) Stop Local Simulator', description: simulator.url, command: 'scalarlm.stopSimulator' }
      : { label: '$(vm) Start Local Simulator', description: 'a local ScalarLM, no deployment needed', command: 'scalarlm.startSimulator' },
    { label: '$(output) Open Log', command: 'scalarlm.openLog' },
    // The figures under which server this is (how it measures its rates), else the state.
    { label: view.server ?? view.summary, kind: vscode.QuickPickItemKind.Separator },
    // Picking a figure opens the metrics panel, where it is charted.
    ...view.rows.map(([name, value]): ActionItem => ({ label: name, description: value, command: 'scalarlm.openMetrics' })),
  ];
  const picked = await vscode.window.showQuickPick(items, { title: 'ScalarLM Queue', placeHolder: view.summary });
  if (picked?.command) await vscode.commands.executeCommand(picked.command);
}
