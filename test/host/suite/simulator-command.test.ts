// "ScalarLM: Start Local Simulator": offered when the deployment is unreachable, runs in a child process,
// points this window at it without touching settings.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { workbenchClick, workbenchText } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';

const NOWHERE = 'http://127.0.0.1:9';

describe('local simulator command', () => {
  after(async () => {
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
  });

  it('is offered when the deployment is unreachable, and takes over without rewriting settings', async () => {
    await setSettings({ baseUrl: NOWHERE, 'metrics.intervalSeconds': 1 });
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the unreachable deployment');
    // Read in the notification center, which lists it whether or not the workbench chose to show it as a toast
    // (it does not always, after earlier tests opened and closed the center).
    await vscode.commands.executeCommand('notifications.showList');
    const listed = '.notifications-center .notification-list-item:has-text("127.0.0.1:9")';
    const notice = await waitFor(() => workbenchText(listed), { timeoutMs: 20_000, what: 'the unreachable notification' });
    assert.match(notice, /Start Local Simulator/);
    assert.match(notice, /Open Log/);
    await workbenchClick(`${listed} .monaco-button:has-text("Start Local Simulator")`);
    await vscode.commands.executeCommand('notifications.hideList');

    const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
    const url = /http:\/\/127\.0\.0\.1:(\d+)/.exec(running.tooltip ?? '');
    assert.ok(url && url[1] !== '9', `the tooltip names the simulator: ${running.tooltip}`);
    assert.equal(vscode.workspace.getConfiguration('scalarlm').get('baseUrl'), NOWHERE, 'settings unchanged');
    const health = await fetch(`${url[0]}/v1/health`);
    assert.equal(health.status, 200);
    assert.notEqual(Number(url[1]), 0);

    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the configured deployment again');
    await assert.rejects(fetch(`${url[0]}/v1/health`), 'the child process is gone');
  });
});
