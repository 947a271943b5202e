// "ScalarLM: Start Local Simulator": offered when the deployment is unreachable, runs in a child process,
// points this window at it without touching settings.

import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import * as vscode from 'vscode';
import { workbenchClick, workbenchText } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';


/** A plain HTTP server on a free port: a program that is not a simulator. */
async function otherProgram(): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => response.writeHead(404).end('not a simulator'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

const portOf = (tooltip: string | undefined): number => Number(/http:\/\/127\.0\.0\.1:(\d+)/.exec(tooltip ?? '')?.[1]);

describe('local simulator command', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
  });

  it('is offered when the deployment is unreachable, and takes over without rewriting settings', async () => {
    // A port nothing listens on: the unreachable deployment.
    const { server, port: nowherePort } = await otherProgram();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const NOWHERE = `http://127.0.0.1:${nowherePort}`;
    await setSettings({ baseUrl: NOWHERE, 'metrics.intervalSeconds': 1 });
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the unreachable deployment');
    // Read in the notification center, which lists it whether or not the workbench chose to show it as a toast
    // (it does not always, after earlier tests opened and closed the center).
    await vscode.commands.executeCommand('notifications.showList');
    const listed = `.notifications-center .notification-list-item:has-text("127.0.0.1:${nowherePort}")`;
    const notice = await waitFor(() => workbenchText(listed), { timeoutMs: 20_000, what: 'the unreachable notification' });
    assert.match(notice, /Start Local Simulator/);
    assert.match(notice, /Open Log/);
    await workbenchClick(`${listed} .monaco-button:has-text("Start Local Simulator")`);
    await vscode.commands.executeCommand('notifications.hideList');

    const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
    // On the port of the unreachable URL, now free for it.
    const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(running.tooltip ?? '');
    assert.ok(url, `the tooltip names the simulator: ${running.tooltip}`);
    assert.equal(Number(url[1]), nowherePort);
    assert.equal(vscode.workspace.getConfiguration('scalarlm').get('baseUrl'), NOWHERE, 'settings unchanged');
    const health = await fetch(`${url[0]}/v1/health`);
    assert.equal(health.status, 200);
    assert.notEqual(Number(url[1]), 0);

    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the configured deployment again');
    await assert.rejects(fetch(`${url[0]}/v1/health`), 'the child process is gone');
  });

  it('listens on the port of a loopback scalarlm.baseUrl, whatever its number', async () => {
    // A free port outside 8000-8009, the ones it falls back to.
    const { server, port } = await otherProgram();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await setSettings({ baseUrl: `http://localhost:${port}`, 'metrics.intervalSeconds': 1 });
    await vscode.commands.executeCommand('scalarlm.startSimulator');
    const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
    assert.equal(portOf(running.tooltip), port, `on the port of scalarlm.baseUrl: ${running.tooltip}`);
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('says when that port is taken by a program that is not a simulator, and starts on another port if asked', async () => {
    const { server, port } = await otherProgram();
    try {
      await setSettings({ baseUrl: `http://127.0.0.1:${port}`, 'metrics.intervalSeconds': 1 });
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      // Read in the notification center, as above.
      await vscode.commands.executeCommand('notifications.showList');
      const listed = `.notifications-center .notification-list-item:has-text("port ${port} of scalarlm.baseUrl")`;
      const notice = await waitFor(() => workbenchText(listed), { timeoutMs: 20_000, what: 'the notice of the taken port' });
      assert.match(notice, /is taken by a program that is not a ScalarLM simulator/);
      await workbenchClick(`${listed} .monaco-button:has-text("Start on Another Port")`);
      await vscode.commands.executeCommand('notifications.hideList');
      const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator on another port', { tooltip: true, timeoutMs: 30_000 });
      assert.ok(portOf(running.tooltip) > 0 && portOf(running.tooltip) !== port, `another port: ${running.tooltip}`);
      assert.equal(vscode.workspace.getConfiguration('scalarlm').get('baseUrl'), `http://127.0.0.1:${port}`, 'settings unchanged');
    } finally {
      await vscode.commands.executeCommand('scalarlm.stopSimulator');
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('uses a simulator already listening on that port instead of starting another', async () => {
    const outside = await startSimulatorProcess(['--zero-latency']);
    try {
      await setSettings({ baseUrl: outside.url, 'metrics.intervalSeconds': 1 });
      await vscode.commands.executeCommand('notifications.clearAll');
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      await vscode.commands.executeCommand('notifications.showList');
      const listed = `.notifications-center .notification-list-item:has-text("already answers at ${outside.url}")`;
      const notice = await waitFor(() => workbenchText(listed), { timeoutMs: 20_000, what: 'the notice of the simulator already there' });
      assert.match(notice, /a simulator, started outside this window, already answers at .*; this window uses it\. No simulator was started\./);
      await vscode.commands.executeCommand('notifications.hideList');
      const status = await waitForQueueStatus(/^\d+ queued/, 'the simulator already there', { tooltip: true });
      assert.equal(portOf(status.tooltip), Number(new URL(outside.url).port));
    } finally {
      await outside.stop();
    }
  });
});
