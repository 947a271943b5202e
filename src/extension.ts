// The VS Code entry point: builds the few long-lived objects and registers commands that delegate in one
// line. Everything is owned by the extension context and disposed with it.

import * as vscode from 'vscode';
import { registerBatch } from './vscode/batch/register';
import { registerChat } from './vscode/chat/register';
import { registerCommand } from './vscode/commands';
import { registerCompletions } from './vscode/completions/register';
import { Connection } from './vscode/deployment/connection';
import { registerExperiments } from './vscode/experiments/register';
import { registerRuns } from './vscode/runs/register';
import { TemplateDiagnostics } from './vscode/experiments/template-diagnostics';
import { selectDeploymentUrl } from './vscode/deployment/deployment-picker';
import { clearGatewayToken, setGatewayToken } from './vscode/deployment/gateway-token';
import { ReachabilityNotice } from './vscode/deployment/reachability-notice';
import { deploymentNotice } from './host/notices/deployment-notices';
import { ExtensionLog } from './vscode/log';
import { MetricsPanel } from './vscode/queue/metrics-panel';
import { PrometheusDocument } from './vscode/queue/prometheus-document';
import { selectModel } from './vscode/deployment/model-picker';
import { showQueueActions } from './vscode/queue/queue-actions';
import { QueueStatusItem } from './vscode/queue/queue-status-item';
import { createQueueWatch } from './vscode/queue/queue-watch';
import { registerServerRequests } from './vscode/server-requests/register';
import { registerTraining } from './vscode/training/register';
import { startSimulator } from './vscode/simulator/simulator-commands';
import { SimulatorLauncher } from './vscode/simulator/simulator-launcher';
import { openWalkthrough, openWalkthroughOnFirstInstall, runExampleBatch, runExampleExperiment } from './vscode/walkthrough/walkthrough';

/** What activation returns: its own duration, for the log and the activation benchmark. */
export interface ActivationInfo {
  activateMs: number;
  /** From the bundle's first line to activate() (reading and evaluating every module); absent outside the bundle. */
  loadMs?: number;
}

export async function activate(context: vscode.ExtensionContext): Promise<ActivationInfo> {
  const started = performance.now();
  const log = new ExtensionLog();
  const connection = new Connection(context.secrets, log);
  log.explainErrorsWith((error) => deploymentNotice(error, connection.problem));
  const simulator = new SimulatorLauncher(context, log);
  context.subscriptions.push(log, connection, simulator, simulator.onDidChange((url) => connection.setSimulatorUrl(url)));
  await connection.loadToken();
  // A simulator that served this workspace before a reload comes back first (on its port, with its runs),
  // so nothing polls a deployment this window no longer uses meanwhile.
  if (simulator.wasRunning) await simulator.restore().catch((error) => log.showError(error));

  const queue = createQueueWatch(connection);
  context.subscriptions.push(
    queue.disposable,
    new QueueStatusItem(queue.monitor),
    new ReachabilityNotice(queue.monitor, connection, log),
    MetricsPanel.registerSerializer(context.extensionUri, queue.monitor),
  );

  const commands: Record<string, () => unknown> = {
    'scalarlm.showQueueActions': () => showQueueActions(simulator, queue.monitor),
    'scalarlm.openMetrics': () => MetricsPanel.show(context.extensionUri, queue.monitor),
    'scalarlm.selectModel': () => selectModel(connection, log, () => runs.shell.runs.runStore.dir),
    'scalarlm.selectDeploymentUrl': () => selectDeploymentUrl(context, connection, simulator, log),
    'scalarlm.startSimulator': () => startSimulator(simulator, log),
    'scalarlm.stopSimulator': () => simulator.stop(),
    'scalarlm.setGatewayToken': () => setGatewayToken(connection),
    'scalarlm.clearGatewayToken': () => clearGatewayToken(connection),
    'scalarlm.openLog': () => log.channel.show(),
    'scalarlm.openWalkthrough': () => openWalkthrough(context),
    'scalarlm.runExampleBatch': () => runExampleBatch(context, log),
    'scalarlm.runExampleExperiment': () => runExampleExperiment(context, log),
  };
  for (const [id, run] of Object.entries(commands)) context.subscriptions.push(registerCommand(id, run, log));
  const templateProblems = new TemplateDiagnostics();
  const runs = registerRuns(context, connection, log);
  context.subscriptions.push(
    templateProblems,
    runs.disposable,
    registerServerRequests({ connection, log, runs: runs.shell.runs }),
    registerBatch(context, runs.shell, connection, queue.monitor, log),
    registerExperiments(context, runs.shell, connection, log, templateProblems),
    registerChat(context, connection, log, () => runs.shell.runs.runStore.dir),
    registerCompletions(context.extensionUri, connection, log),
    registerTraining(context.extensionUri, connection, log, () => runs.shell.runs.runStore.dir),
    new PrometheusDocument(connection),
  );
  // Every kind of run panel is there now, so a run taken up again opens in its own.
  runs.shell.resumeInterrupted();

  openWalkthroughOnFirstInstall(context, log).catch((error: unknown) => log.info(`The Getting Started walkthrough did not open: ${String(error)}`));

  const activateMs = performance.now() - started;
  // scripts/build.mjs puts the time the bundle began loading on its first line.
  const loadStarted = (globalThis as { __scalarlmLoadStarted?: number }).__scalarlmLoadStarted;
  const loadMs = loadStarted === undefined ? undefined : started - loadStarted;
  log.info(`Activated in ${activateMs.toFixed(1)} ms${loadMs === undefined ? '' : ` (the bundle loaded in ${loadMs.toFixed(1)} ms)`}.`);
  return { activateMs, ...(loadMs === undefined ? {} : { loadMs }) };
}

export function deactivate(): void {}
