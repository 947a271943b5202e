// Panels as a new user meets them: results, chat, metrics and experiment panels share one column beside the
// editor instead of splitting it again and again; tabs and commands are named for what they show; Compare
// Models says two are needed and stays open; Insert at cursor keeps the selected prompt.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID } from './helpers/extension';
import { waitForPhase as waitForExperimentPhase } from './helpers/experiment-panel';
import { pressKey, webviewClick, webviewEval, workbenchText } from './helpers/page';
import { waitForPhase } from './helpers/results';
import { setSettings } from './helpers/settings';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const CHAT = 'scalarlm-chat';
const WAIT_MS = 20_000;

function tabLabels(): string[][] {
  return vscode.window.tabGroups.all.map((group) => group.tabs.map((tab) => tab.label));
}

async function waitForTab(pattern: RegExp): Promise<vscode.Tab> {
  return waitFor(() => vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => pattern.test(tab.label)), { timeoutMs: WAIT_MS, what: `a tab ${pattern} (tabs: ${JSON.stringify(tabLabels())})` });
}

/** Back in the text editor of the first column, as a person clicks into it. */
async function focusEditor(document: vscode.TextDocument): Promise<void> {
  await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
}

describe('panels: one column beside the editor, named for what they show', () => {
  const suite = useSuiteSimulator({
    args: ['--tokens-per-second', '2000', '--slots', '16'],
    exampleJobs: true,
    settings: { maxTokens: 16, 'metrics.intervalSeconds': 1 },
    panel: { contains: 'scalarlm-', name: 'ScalarLM panels' },
  });

  it('opens results, chat, metrics and an experiment in one column beside the editor, and reuses it', async () => {
    const prompts = await vscode.workspace.openTextDocument(await workspaceFile('columns/prompts.jsonl', '"One."\n"Two."\n'));
    await workspaceFile('columns/rows.csv', 'name\nAda\nGrace\n');
    const config = await vscode.workspace.openTextDocument(
      await workspaceFile('columns/promptfooconfig.yaml', 'prompts:\n  - "Hello {{ name }}"\nproviders:\n  - id: "scalarlm:"\ntests: file://rows.csv\n'),
    );
    await focusEditor(prompts);
    assert.equal(vscode.window.tabGroups.all.length, 1);

    await vscode.commands.executeCommand('scalarlm.generateFromFile', prompts.uri);
    const results = await waitForTab(/^Results: /);
    await waitForPhase('complete');
    assert.equal(vscode.window.tabGroups.all.length, 2, `results beside the editor: ${JSON.stringify(tabLabels())}`);
    const column = results.group.viewColumn;
    assert.notEqual(column, vscode.ViewColumn.One);

    await vscode.commands.executeCommand('scalarlm.newChat');
    const chat = await waitForTab(/^Chat: New chat$/);
    assert.equal(chat.group.viewColumn, column, 'the chat joins the results');
    // From the chat, which has the focus now: the metrics join them too, and so does another chat.
    await vscode.commands.executeCommand('scalarlm.openMetrics');
    const metrics = await waitForTab(/^Queue Metrics$/);
    assert.equal(metrics.group.viewColumn, column);
    await vscode.commands.executeCommand('scalarlm.newChat');
    // Two tabs never read the same (issue 17): the second new chat is numbered.
    await waitForTab(/^Chat: New chat \(2\)$/);

    await focusEditor(config);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config.uri);
    const experiment = await waitForTab(/^Experiment: /);
    await waitForExperimentPhase('complete');
    assert.equal(experiment.group.viewColumn, column);

    await focusEditor(prompts);
    await vscode.commands.executeCommand('scalarlm.generateLines');
    await waitFor(() => vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.label.startsWith('Results: ')).length === 2, { timeoutMs: WAIT_MS, what: 'a second results panel' });
    assert.equal(vscode.window.tabGroups.all.length, 2, `still two editor groups: ${JSON.stringify(tabLabels())}`);
    assert.deepEqual(
      vscode.window.tabGroups.all.find((group) => group.viewColumn === column)?.tabs.map((tab) => tab.label.replace(/: .*/, '')).sort(),
      ['Chat', 'Chat', 'Experiment', 'Queue Metrics', 'Results', 'Results'],
    );

    // The same file and the same experiment run again: each run its own tab, told apart by a number.
    await focusEditor(prompts);
    await vscode.commands.executeCommand('scalarlm.generateFromFile', prompts.uri);
    await waitForTab(/^Results: .*prompts\.jsonl \(2\)$/);
    await focusEditor(config);
    await vscode.commands.executeCommand('scalarlm.runExperiment', config.uri);
    await waitForTab(/^Experiment: .* \(2\)$/);
    await waitForExperimentPhase('complete');
    const labels = vscode.window.tabGroups.all.flatMap((group) => group.tabs).map((tab) => tab.label);
    assert.equal(new Set(labels).size, labels.length, `every tab reads differently: ${JSON.stringify(labels)}`);
  });

  it('names each Refresh for what it refreshes', () => {
    const commands = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands as { command: string; title: string; category?: string }[];
    const refreshes = commands.filter((command) => command.title.startsWith('Refresh')).map((command) => `${command.category}: ${command.title}`);
    assert.deepEqual(refreshes.sort(), ['ScalarLM: Refresh Chat History', 'ScalarLM: Refresh Prometheus Metrics', 'ScalarLM: Refresh Runs', 'ScalarLM: Refresh Server Requests', 'ScalarLM: Refresh Training Jobs']);
    assert.equal(new Set(commands.map((command) => `${command.category}: ${command.title}`)).size, commands.length, 'no two palette entries alike');
  });

  it('keeps Compare Models open with one model ticked, saying two are needed', async () => {
    const models = (await (await fetch(`${suite.sim.url}/v1/models`)).json()) as { data: { id: string }[] };
    assert.ok(models.data.length >= 2, 'the simulator serves a base model and adaptors');
    await setSettings({ model: models.data[0].id });
    const picking = vscode.commands.executeCommand('scalarlm.compareModels');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('served ·'), { timeoutMs: WAIT_MS, what: 'the model list' });
    await pressKey('Enter'); // the model of the settings is ticked: one
    const asked = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible');
      return text?.includes('needs two or more') && text;
    }, { timeoutMs: WAIT_MS, what: 'the picker to say two are needed' });
    assert.match(asked, /one ticked/);
    assert.match(asked, /served ·/, 'the list is still there');
    await pressKey('Escape');
    assert.equal(await picking, undefined);
    await setSettings({ model: '' });
  });

  it('inserts an answer after the selected prompt, keeping the prompt', async () => {
    const prompt = 'Say hello. [[sim:respond=Hello there.]]';
    const document = await vscode.workspace.openTextDocument(await workspaceFile('columns/question.md', prompt));
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(0, 0, 0, prompt.length);
    await vscode.commands.executeCommand('scalarlm.chatWithSelection');
    await waitFor(async () => (await webviewEval<string | undefined>(CHAT, `document.querySelector('.answer[data-turn="0"][data-answer="0"]')?.dataset.state`).catch(() => undefined)) === 'done', { timeoutMs: WAIT_MS, what: 'the answer' });
    await webviewClick(CHAT, '.answer[data-turn="0"][data-answer="0"] button[data-answer-action="insert"]');
    await waitFor(() => document.getText() !== prompt, { timeoutMs: WAIT_MS, what: 'the answer inserted' });
    assert.equal(document.getText(), `${prompt}\nHello there.`);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
