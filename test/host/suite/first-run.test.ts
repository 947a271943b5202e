// First contact, as a new user has it: nothing configured shows the "not configured" state and the views'
// welcome (no red status, no toast), the local simulator starts from there on a stable port that can be
// saved, and the Getting Started walkthrough ticks off each step as it is done.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers/extension';
import { EXPERIMENT_PANEL, waitForPhase as waitForExperimentPhase } from './helpers/experiment-panel';
import { pressKey, screenshot, statusBarItem, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { QUEUE_ITEM, waitForQueueStatus } from './helpers/queue-status';
import { RESULTS, waitForPhase } from './helpers/results';
import { resetSettings, setSettings } from './helpers/settings';
import { pressInQuickInput } from './helpers/quick-input';
import { trainOnFile } from './helpers/training-job';
import { clickUntil, waitFor } from './helpers/wait';
import { focusWindow } from './helpers/window-focus';

const WAIT_MS = 20_000;
const SIMULATOR = /http:\/\/127\.0\.0\.1:(\d+)/;
const QUICK_LIST = '.quick-input-widget:not([style*="display: none"])';

/** The welcome content of a ScalarLM view, as rendered; undefined while the view shows none. */
function welcomeOf(view: string): Promise<string | undefined> {
  return workbenchText(`.pane:has(.pane-header:has-text("${view}")) .welcome-view-content`);
}

/** Whether the walkthrough shows a step as done (its check mark). */
async function stepDone(step: string): Promise<boolean> {
  return (await workbenchText(`.gettingStartedContainer .codicon.complete[data-done-step-id$="#${step}"]`)) !== undefined;
}

async function waitForStep(step: string, timeoutMs = WAIT_MS): Promise<void> {
  await waitFor(() => stepDone(step), { timeoutMs, what: `the walkthrough step "${step}" to be checked` });
}

/** Expands a walkthrough step and clicks one of its buttons, as a person does. */
async function clickStepButton(step: string, label: string): Promise<void> {
  await workbenchClick(`.gettingStartedContainer button.getting-started-step[data-step-id$="#${step}"]`);
  const button = `.gettingStartedContainer .getting-started-step.expanded[data-step-id$="#${step}"] .monaco-button:has-text("${label}")`;
  await waitFor(async () => (await workbenchText(button)) !== undefined, { timeoutMs: WAIT_MS, what: `the "${label}" button of the step "${step}"` });
  await workbenchClick(button);
}

describe('first run: nothing configured, the views, the simulator and the walkthrough', () => {
  before(async () => {
    // Runs and conversations of earlier tests live in the workspace storage; the workspace folder has none,
    // so the views start empty there, as they do for a new user.
    await setSettings({ 'runs.location': 'workspaceFolder' });
    await vscode.commands.executeCommand('scalarlm.chatHistory.refresh');
    await vscode.commands.executeCommand('notifications.clearAll');
    // A new user has compared no adaptor; an earlier suite of this window has, and the walkthrough checks its
    // training step when the key changes, not when it is already set.
    await vscode.commands.executeCommand('setContext', 'scalarlm.adaptorCompared', false);
  });

  beforeEach(focusWindow);

  after(async () => {
    // Settings first: the simulator stopped with its URL still saved would be an unreachable deployment, and
    // its notice could come after the clean-up.
    await resetSettings();
    // Saved from the simulator's notification, by the extension rather than a test helper.
    await vscode.workspace.getConfiguration('scalarlm').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    for (const made of ['.scalarlm', 'scalarlm-examples']) {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, made), { recursive: true, useTrash: false }).then(undefined, () => undefined);
    }
  });

  it('says "not configured" with nothing set: no red status, no toast, the views say what to do', async () => {
    const baseUrl = vscode.workspace.getConfiguration('scalarlm').inspect<string>('baseUrl');
    assert.deepEqual([baseUrl?.defaultValue, baseUrl?.globalValue, baseUrl?.workspaceValue], ['', undefined, undefined], 'nothing configured anywhere');
    const status = await waitForQueueStatus(/^ScalarLM$/, 'not configured', { tooltip: true });
    assert.match(status.tooltip ?? '', /Not configured: No deployment URL is set\. Start the local simulator, or select a deployment URL/);
    assert.doesNotMatch(status.tooltip ?? '', /--url|command line|unreachable/i);
    const rendered = await statusBarItem(QUEUE_ITEM);
    assert.doesNotMatch(rendered?.ariaLabel ?? '', /unreachable/i);
    // Ours only: VS Code's own "Try New Theme" prompt comes 3 s after start on its own timer, whatever we do.
    assert.equal(await workbenchText('.notification-toast:has-text("ScalarLM")'), undefined, 'no notification of ours before the user does anything');

    await vscode.commands.executeCommand('workbench.view.extension.scalarlm');
    const runs = await waitFor(() => welcomeOf('Runs'), { timeoutMs: WAIT_MS, what: 'the welcome of the Runs view' });
    assert.match(runs, /Start Local Simulator/, `Runs: ${runs}`);
    assert.match(runs, /Select Deployment URL/, `Runs: ${runs}`);
    // The pair of buttons once, in the first view; the others say where it is (issue 17, "smaller").
    for (const view of ['Server Requests', 'Chat History']) {
      const welcome = await waitFor(() => welcomeOf(view), { timeoutMs: WAIT_MS, what: `the welcome of the ${view} view` });
      assert.doesNotMatch(welcome, /Start Local Simulator|Select Deployment URL/, `${view}: ${welcome}`);
      assert.match(welcome, /in the Runs view above/, `${view}: ${welcome}`);
    }
    assert.match((await welcomeOf('Chat History')) ?? '', /New Chat/, 'the chat welcome keeps New Chat');
    await screenshot('first-run-not-configured');
  });

  it('starts the simulator from a view\'s welcome on a stable port, offers to save that URL, and takes the same port again', async () => {
    await vscode.commands.executeCommand('workbench.view.extension.scalarlm');
    await waitFor(() => welcomeOf('Runs'), { timeoutMs: WAIT_MS, what: 'the welcome of the Runs view' });
    await workbenchClick('.pane:has(.pane-header:has-text("Runs")) .welcome-view-content .monaco-button:has-text("Start Local Simulator")');
    const toast = '.notification-toast:has-text("local simulator running at")';
    const notice = await waitFor(() => workbenchText(toast), { timeoutMs: 30_000, what: 'the simulator notification' });
    const port = Number(SIMULATOR.exec(notice)?.[1]);
    assert.ok(port >= 8000 && port <= 8009, `a stable port, not an ephemeral one: ${notice}`);
    assert.match(notice, /^ScalarLM: local simulator running at/m);
    assert.match(notice, /Save as scalarlm\.baseUrl/);
    await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { timeoutMs: 30_000 });
    assert.equal(vscode.workspace.getConfiguration('scalarlm').inspect('baseUrl')?.globalValue, undefined, 'settings unchanged until the user saves');
    const runsWelcome = await waitFor(async () => ((await welcomeOf('Runs')) ?? '').includes('Run the Example Batch') && welcomeOf('Runs'), { timeoutMs: WAIT_MS, what: 'the Runs welcome for a configured deployment' });
    assert.doesNotMatch(runsWelcome, /Start Local Simulator/);
    await waitFor(async () => (await welcomeOf('Server Requests')) === undefined, { timeoutMs: WAIT_MS, what: 'the Server Requests welcome to give way to the view' });

    await workbenchClick(`${toast} .monaco-button:has-text("Save as scalarlm.baseUrl")`);
    const saved = `http://127.0.0.1:${port}`;
    await waitFor(() => vscode.workspace.getConfiguration('scalarlm').inspect('baseUrl')?.globalValue === saved, { timeoutMs: WAIT_MS, what: 'the URL saved in user settings' });

    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await waitForQueueStatus(/^ScalarLM unreachable$/, 'the saved URL, now with nothing behind it');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.startSimulator');
    const again = await waitForQueueStatus(/^\d+ queued/, 'the simulator behind the saved URL', { tooltip: true, timeoutMs: 30_000 });
    assert.equal(Number(SIMULATOR.exec(again.tooltip ?? '')?.[1]), port, `the saved URL is the simulator again: ${again.tooltip}`);
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('walks through Getting Started: each step is checked once it is done', async function () {
    this.timeout(240_000);
    // The walkthrough counts what happens once VS Code has read it (it reads walkthroughs when one is first
    // shown): the simulator is started from the step itself.
    await vscode.commands.executeCommand('scalarlm.stopSimulator');
    await waitForQueueStatus(/^ScalarLM( unreachable)?$/, 'the simulator stopped');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.openWalkthrough');
    const page = await waitFor(() => workbenchText('.gettingStartedContainer'), { timeoutMs: WAIT_MS, what: 'the walkthrough' });
    assert.match(page, /Get Started with ScalarLM Prompt Lab/);
    for (const title of ['Start the local simulator, or enter a deployment URL', 'Pick a model', 'Run the example batch', 'Chat', 'Run the example experiment', 'Train an adaptor and compare it with the base']) {
      assert.ok(page.includes(title), `the step "${title}" in ${page}`);
    }
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.walkthroughs.length === 1);
    assert.equal(await stepDone('deployment'), false, 'a step not done yet is not checked');
    await clickStepButton('deployment', 'Start Local Simulator');
    await waitForStep('deployment', 30_000);
    const started = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
    const simulatorUrl = SIMULATOR.exec(started.tooltip ?? '')?.[0];
    assert.ok(simulatorUrl, `the tooltip names the simulator: ${started.tooltip}`);

    await setSettings({ maxTokens: 16 });
    // Opening the model picker and leaving it is not picking a model (issue 17: it was checked then).
    await clickUntil(() => clickStepButton('model', 'Select Model'), () => workbenchText('.quick-input-widget:visible .quick-input-list .monaco-list-row'), { timeoutMs: WAIT_MS, what: 'the model list' });
    await pressKey('Escape');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible')) === undefined, { timeoutMs: WAIT_MS, what: 'the model picker to close' });
    // A later step checked: the walkthrough has taken in everything done before it.
    await clickStepButton('chat', 'New Chat');
    await waitFor(async () => (await webviewQuery('scalarlm-chat', '#composer textarea'))?.count, { timeoutMs: WAIT_MS, what: 'the new chat' });
    await vscode.commands.executeCommand('scalarlm.openWalkthrough');
    await waitForStep('chat');
    assert.equal(await stepDone('model'), false, 'the model step is not checked by opening the picker');
    // The deployment's default is first and already in use: picking it is a choice all the same.
    // The picker opens once the deployment has listed its models; until then the keyboard is the page's, so it is
    // opened (again, if it closed) until it has the keyboard with the list in it, then Enter picks.
    await clickUntil(
      () => clickStepButton('model', 'Select Model'),
      async () => (await workbenchText('.quick-input-widget:visible:focus-within .quick-input-list'))?.includes("Deployment's default"),
      { timeoutMs: 3 * WAIT_MS, perClickMs: 6_000, what: 'the model list, with the keyboard' },
    );
    await pressKey('Enter');
    await waitForStep('model');

    // The examples are copied into the workspace folder and named relative to it.
    const examples = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'scalarlm-examples');
    await clickStepButton('batch', 'Run the Example Batch');
    await waitFor(async () => (await webviewQuery(RESULTS, 'main'))?.count, { timeoutMs: WAIT_MS, what: 'the example batch results' });
    await waitForPhase('complete', 60_000);
    const example = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === vscode.Uri.joinPath(examples, 'prompts.jsonl').toString());
    assert.ok(example, 'the example prompts are open, in the workspace folder, beside their results');
    assert.equal(vscode.window.tabGroups.all.length, 2);
    const source = (await webviewQuery(RESULTS, '.run-source'))?.texts[0] ?? '';
    assert.match(source, /^scalarlm-examples\/prompts\.jsonl/, `the header names the copy relative to the workspace: ${source}`);
    await vscode.commands.executeCommand('scalarlm.openWalkthrough');
    await waitForStep('batch');
    // The user's edits to a copy are kept: running an example again copies only what is missing.
    const edited = vscode.Uri.joinPath(examples, 'prompts.jsonl');
    await vscode.workspace.fs.writeFile(edited, Buffer.from('"my own prompt"\n'));

    await clickStepButton('experiment', 'Run the Example Experiment');
    await waitForExperimentPhase('complete', 90_000);
    const cells = await webviewQuery(EXPERIMENT_PANEL, '.cell[data-row]');
    assert.ok((cells?.count ?? 0) >= 6, `two prompts × three visitors: ${cells?.count} cells`);
    assert.equal(vscode.window.tabGroups.all.length, 2, 'the experiment joins the other panels');
    const experimentSource = (await webviewQuery(EXPERIMENT_PANEL, '.run-source'))?.texts[0] ?? '';
    assert.match(experimentSource, /^scalarlm-examples\/promptfooconfig\.yaml/, `the header names the copy relative to the workspace: ${experimentSource}`);
    assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(edited)), '"my own prompt"\n', 'the edited copy is not overwritten');
    await vscode.commands.executeCommand('scalarlm.openWalkthrough');
    await waitForStep('experiment');

    // The training step: Export Training Data… from it asks which run (the newest first), then where the answers
    // come from, each counted (the example has no expected answers; all six pass its check).
    // The step opens by itself once the one before is done, so a click may land while it moves: clicked until the pick shows.
    await clickUntil(() => clickStepButton('training', 'Export Training Data…'), async () => (await workbenchText(QUICK_LIST))?.includes('from which run'), { timeoutMs: 3 * WAIT_MS, perClickMs: 6_000, what: 'the run pick' });
    const runPick = (await workbenchText(QUICK_LIST)) ?? '';
    assert.ok(runPick.indexOf('Greetings, two prompt versions over three visitors') < runPick.indexOf('prompts.jsonl'), `the experiment run, newest, first: ${runPick}`);
    await pressInQuickInput('Enter');
    const sources = await waitFor(async () => {
      const text = await workbenchText(QUICK_LIST);
      return text?.includes('Passing answers') && text;
    }, { timeoutMs: WAIT_MS, what: 'the sources of answers' });
    assert.match(sources, /Passing answers\s*6 of 6 answers passed every assertion/);
    assert.match(sources, /Expected answers\s*none: no row has an equals assertion/);
    await pressInQuickInput('Escape');
    await waitFor(async () => (await workbenchText(QUICK_LIST)) === undefined, { timeoutMs: WAIT_MS, what: 'the sources pick to close' });
    // Compare with Base on an adaptor of the user's own checks it.
    const data = vscode.Uri.joinPath(examples, 'training.jsonl');
    await vscode.workspace.fs.writeFile(data, Buffer.from('{"input": "Greet Ada", "output": "Hello Ada"}\n{"input": "Greet Alan", "output": "Hello Alan"}\n'));
    const hash = await trainOnFile(data);
    await vscode.commands.executeCommand('scalarlm.compareWithBase', vscode.Uri.joinPath(examples, 'promptfooconfig.yaml'), hash, 'tuned');
    await waitForExperimentPhase('complete', 90_000);
    await vscode.commands.executeCommand('scalarlm.openWalkthrough');
    await waitForStep('training');
    await screenshot('first-run-walkthrough');
  });
});
