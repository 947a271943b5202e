// One notification per cause: a failed Generate against an unreachable deployment is one error, prefixed
// "ScalarLM:", with Start Local Simulator, not a second copy beside the background notice; with no
// deployment at all, the same ways out. (That nothing shows before the user acts is first-run.test's.)

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, typeText, workbenchClick, workbenchText } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';
import { focusWindow } from './helpers/window-focus';
import { workspaceFile } from './helpers/workspace';

const NOWHERE = 'http://127.0.0.1:9';
const WAIT_MS = 20_000;

/**
 * Selects the prompt in an editor and sends it as a person does, from the command palette (where VS Code
 * shows a failing command's error itself, unless the command shows it).
 */
async function generateFromPalette(name: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(await workspaceFile(`notices/${name}.txt`, 'Why is the sky blue?'));
  const editor = await vscode.window.showTextDocument(document);
  editor.selection = new vscode.Selection(0, 0, 0, document.lineAt(0).text.length);
  await pressKey('F1');
  await waitFor(async () => (await workbenchText('.quick-input-widget:visible')) !== undefined, { timeoutMs: WAIT_MS, what: 'the command palette' });
  await typeText('ScalarLM: Generate from Selection');
  const item = '.quick-input-list .monaco-list-row:has-text("Generate from Selection")';
  await waitFor(async () => (await workbenchText(item)) !== undefined, { timeoutMs: WAIT_MS, what: 'the command in the palette' });
  await pressKey('Enter');
}

function toasts(): Promise<string> {
  return workbenchText('.notifications-toasts').then((text) => text ?? '');
}

let marks = 0;

/**
 * Every notification the workbench holds, in the notification center (left open: it lists them whether
 * shown as a toast or not), once all those asked for before this call have arrived: a notification of the
 * test's own, sent last, shows that they have.
 */
async function allNotifications(): Promise<string> {
  const mark = `Notifications mark ${++marks}`;
  void vscode.window.showInformationMessage(mark);
  await vscode.commands.executeCommand('notifications.showList');
  const listed = await waitFor(async () => {
    const text = await workbenchText('.notifications-center');
    return text?.includes(mark) && text;
  }, { timeoutMs: WAIT_MS, what: 'the notification center' });
  return listed;
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

describe('notifications: one per cause', () => {
  beforeEach(async () => {
    await focusWindow();
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  afterEach(async () => {
    // Settings first: the simulator stopped with the unreachable URL still set would be noticed again, maybe
    // after the clean-up, and VS Code folds an identical notification into that one instead of showing it.
    await resetSettings();
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('shows a failed Generate against an unreachable deployment once, as "ScalarLM:" with Start Local Simulator', async () => {
    await setSettings({ baseUrl: NOWHERE, 'metrics.intervalSeconds': 1 });
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the unreachable deployment');
    const warning = '.notification-toast:has(.codicon-warning):has-text("127.0.0.1:9")';
    await waitFor(() => workbenchText(warning), { timeoutMs: WAIT_MS, what: 'the background notice' });

    await generateFromPalette('unreachable');
    // The command's failure takes the background notice's place: one notification, now an error.
    const error = '.notification-toast:has(.codicon-error):has-text("127.0.0.1:9")';
    const shown = await waitFor(() => workbenchText(error), { timeoutMs: WAIT_MS, what: 'the failed Generate' });
    assert.match(shown, /^ScalarLM: Cannot reach/m);
    assert.match(shown, /ScalarLM: Cannot reach the ScalarLM deployment at http:\/\/127\.0\.0\.1:9 \(connection refused\)/);
    assert.match(shown, /Start Local Simulator/);
    assert.match(shown, /Select Deployment URL/);
    assert.doesNotMatch(shown, /--url|scalarlm-lab sim|command line/);
    const all = await allNotifications();
    assert.equal(count(all, /Cannot reach/g), 1, `one notification about it: ${all}`);
    assert.match(all, /Start Local Simulator/);

    await workbenchClick('.notifications-center .notification-list-item:has-text("127.0.0.1:9") .monaco-button:has-text("Start Local Simulator")');
    await vscode.commands.executeCommand('notifications.hideList');
    await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { timeoutMs: 30_000 });
    assert.doesNotMatch(await toasts(), /Cannot reach/, 'nothing left saying the deployment cannot be reached');
  });

  it('with no deployment at all, says so once with the same ways out', async () => {
    await waitForQueueStatus(/^ScalarLM$/, 'not configured');
    await generateFromPalette('unconfigured');
    const error = '.notification-toast:has-text("No deployment URL is set")';
    const shown = await waitFor(() => workbenchText(error), { timeoutMs: WAIT_MS, what: 'the failed Generate' });
    assert.match(shown, /^ScalarLM: No deployment URL is set\. Start the local simulator, or select a deployment URL/m);
    assert.match(shown, /Start Local Simulator/);
    assert.match(shown, /Select Deployment URL/);
    // Again, while that notification is open: it comes back in front, not a second one beside it.
    await vscode.commands.executeCommand('scalarlm.generateFromSelection');
    const all = await allNotifications();
    assert.equal(count(all, /No deployment URL is set/g), 1, `one notification for one cause: ${all}`);
    await vscode.commands.executeCommand('notifications.hideList');
  });
});
