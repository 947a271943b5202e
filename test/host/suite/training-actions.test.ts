// A training job's Restart and Delete in a real VS Code, against a simulator that does what the server does
// (training.md §4): a job cancelled while queued stays CANCELLED, its panel offers Restart, which queues it again;
// Delete asks first, in the command line's words, keeps the job when the question is declined, and removes it
// from the deployment (its panel closes) when it is answered.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, webviewClick, webviewQuery, workbenchClick, workbenchRightClick, workbenchText } from './helpers/page';
import { chooseInQuickInput } from './helpers/quick-input';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { submitOnFile } from './helpers/training-job';
import { waitFor } from './helpers/wait';
import { focusWindow } from './helpers/window-focus';
import { workspaceFile } from './helpers/workspace';

const QUICK_INPUT = '.quick-input-widget:not([style*="display: none"])';
const TREE = '.monaco-list[aria-label="Training"]';
// The workbench's context menu (in a shadow root, which the page's locators reach into).
const MENU = '.context-view .monaco-menu';
const WAIT_MS = 30_000;

/** The job's status on the deployment; undefined once it is gone (the server answers 500, training.md §4). */
async function statusOn(sim: SimulatorProcess, hash: string): Promise<string | undefined> {
  const response = await fetch(`${sim.url}/v1/megatron/train/${hash}`);
  return response.status === 200 ? ((await response.json()) as { job_status: { status: string } }).job_status.status : undefined;
}

async function panelNotice(hash: string, starts: string): Promise<string> {
  return waitFor(async () => {
    const text = (await webviewQuery(hash, '#notice'))?.texts[0];
    return text?.startsWith(starts) && text;
  }, { timeoutMs: WAIT_MS, what: `the panel's notice "${starts}…"` });
}

describe('training jobs: restart and delete in the editor', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // Steps of 1 s: the simulated Slurm starts the trainer 8 steps after sbatch, so the job is queued for 8 s.
    sim = await startSimulatorProcess(['--zero-latency', '--training-step-time', '1']);
    await setSettings({ baseUrl: sim.url });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await sim.stop();
  });

  it('restarts a job cancelled while queued from its panel, and deletes it only once the question is answered', async () => {
    const uri = await workspaceFile('training/restart.jsonl', `${JSON.stringify({ input: 'What is restarted?', output: 'the job' })}\n`);
    const hash = await submitOnFile(uri, { timeoutMs: WAIT_MS });

    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="QUEUED"] #cancel:not([disabled])'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the job queued, Cancel enabled' });
    assert.equal((await webviewQuery(hash, '#restart[disabled]'))?.count, 1, 'no Restart for a queued job');
    await webviewClick(hash, '#cancel');
    const cancelled = await panelNotice(hash, `Job ${hash} was cancelled before it started`);
    // The editor's own actions, not terminal commands.
    assert.match(cancelled, /Run it again with Restart Job \(in its panel, or the Training view's menu\)\.$/);
    assert.doesNotMatch(cancelled, /scalarlm-lab/);

    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="CANCELLED"] #restart:not([disabled])'))?.count === 1, { timeoutMs: WAIT_MS, what: 'Restart offered for the cancelled job' });
    await webviewClick(hash, '#restart');
    const restarted = await panelNotice(hash, `Job ${hash} restarted:`);
    assert.match(restarted, /restarted: QUEUED as Slurm job \d+\. This panel follows it\.$/);
    assert.equal(await statusOn(sim, hash), 'QUEUED', 'the deployment queued it again');
    await waitFor(async () => (await webviewQuery(hash, 'main[data-status="QUEUED"] #restart[disabled]'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the panel following the queued job' });

    // Delete asks first, saying what it does; declined, the job stays.
    await webviewClick(hash, '#delete');
    const question = await waitFor(async () => {
      const text = await workbenchText(QUICK_INPUT);
      return text?.includes(`Delete training job ${hash}`) && text;
    }, { timeoutMs: WAIT_MS, what: 'the question before the delete' });
    assert.match(question, /checkpoints and logs are removed from the deployment\. It cannot be undone\./);
    await chooseInQuickInput('Cancel', 'Delete Job');
    assert.ok(['QUEUED', 'TRAINING'].includes((await statusOn(sim, hash)) ?? ''), 'kept when the question is declined');

    await webviewClick(hash, '#delete');
    await waitFor(async () => (await workbenchText(QUICK_INPUT))?.includes(`Delete training job ${hash}`), { timeoutMs: WAIT_MS, what: 'the question again' });
    await chooseInQuickInput('Delete Job', 'Cancel');
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes(`Deleted job ${hash}`), { timeoutMs: WAIT_MS, what: 'the notification of the delete' });
    assert.equal(await statusOn(sim, hash), undefined, 'gone from the deployment');
    await waitFor(async () => (await webviewQuery(hash, 'main'))?.count !== 1, { timeoutMs: WAIT_MS, what: "the deleted job's panel to close" });
  });

  it("restarts and deletes from the Training view's item menu", async () => {
    const uri = await workspaceFile('training/view-actions.jsonl', `${JSON.stringify({ input: 'What is deleted?', output: 'the job' })}\n`);
    const hash = await submitOnFile(uri, { timeoutMs: WAIT_MS, panelText: 'What is deleted?' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fetch(`${sim.url}/v1/megatron/cancel/${hash}`, { method: 'POST' });
    assert.equal(await statusOn(sim, hash), 'CANCELLED');

    await focusWindow();
    await vscode.commands.executeCommand('scalarlm.training.focus');
    await vscode.commands.executeCommand('scalarlm.training.refresh');
    const row = `${TREE} .monaco-list-row:has-text("${hash.slice(0, 12)}")`;
    const menu = await openItemMenu(row, 'CANCELLED', 'Restart Training Job');
    assert.match(menu, /Delete Training Job…/);
    await chooseInMenu('Restart Training Job');
    await waitFor(async () => (await statusOn(sim, hash)) === 'QUEUED', { timeoutMs: WAIT_MS, what: 'the job queued again' });
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes(`Job ${hash} restarted: QUEUED`), { timeoutMs: WAIT_MS, what: 'the notification of the restart' });
    assert.match((await workbenchText('.notifications-toasts')) ?? '', /restarted: QUEUED as Slurm job \d+\. Open Job shows it as it runs\./, 'no panel is open to follow it');

    // Queued again: no Restart in its menu, Delete still.
    assert.doesNotMatch(await openItemMenu(row, 'queued', 'Delete Training Job…'), /Restart Training Job/);
    await chooseInMenu('Delete Training Job…');
    await waitFor(async () => (await workbenchText(QUICK_INPUT))?.includes(`Delete training job ${hash} (queued`), { timeoutMs: WAIT_MS, what: 'the question before the delete' });
    await chooseInQuickInput('Delete Job', 'Cancel');
    await waitFor(async () => (await statusOn(sim, hash)) === undefined, { timeoutMs: WAIT_MS, what: 'the job gone from the deployment' });
  });
});

/** Right-clicks the Training view's row once it reads `state` (its menu follows the row); resolves with the menu's text. */
async function openItemMenu(row: string, state: string, item: string): Promise<string> {
  await waitFor(async () => (await workbenchText(row))?.includes(state), { timeoutMs: WAIT_MS, what: `the job's row to read ${state}` });
  await workbenchRightClick(row);
  return waitFor(async () => {
    const shown = await workbenchText(MENU);
    return shown?.includes(item) && shown;
  }, { timeoutMs: WAIT_MS, what: `the job's menu with ${item}` });
}

/**
 * Picks a menu item: the pointer highlights it, and Enter runs it when the click alone did not (a click on an item of
 * a menu just opened was seen to leave the menu open, its item highlighted).
 */
async function chooseInMenu(label: string): Promise<void> {
  await workbenchClick(`${MENU} .action-item:has-text("${label}")`);
  if ((await workbenchText(MENU)) !== undefined) await pressKey('Enter');
}
