// Run Experiment while the editor holds unsaved changes with errors (issue 17 item 11): the run does not
// quietly use the saved files; it says so and offers Save and Run, Run Saved or Cancel, as VS Code's tasks do
// (a quick pick: VS Code refuses modal dialogs in a test host). And a cell longer than the model's context is
// asked about before anything is sent, as the batch commands ask.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { pressKey, typeText, webviewQuery, workbenchText } from './helpers/page';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const WAIT_MS = 15_000;

async function question(): Promise<string> {
  return waitFor(async () => {
    const text = await workbenchText('.quick-input-widget:visible');
    return text?.includes('unsaved changes with') && text;
  }, { timeoutMs: WAIT_MS, what: 'the question about unsaved changes' });
}

/** Filters the quick pick down to the choice `label`, as a person types it, and picks it once it is the one focused. */
async function pick(label: string): Promise<void> {
  const focused = () => workbenchText('.quick-input-widget:visible .monaco-list-row.focused');
  await waitFor(async () => (await focused())?.includes('Save and Run'), { timeoutMs: WAIT_MS, what: 'the first choice focused' });
  await typeText(label);
  await waitFor(async () => (await focused())?.trim().startsWith(label), { timeoutMs: WAIT_MS, what: `"${label}" focused` });
  await pressKey('Enter');
}

/** The question, once it is on screen, and the choice `label` picked from it. */
async function answer(title: RegExp, label: string): Promise<string> {
  const asked = await waitFor(async () => {
    const text = await workbenchText('.quick-input-widget:visible');
    return text !== undefined && title.test(text) && text;
  }, { timeoutMs: WAIT_MS, what: `the question ${title}` });
  await typeText(label);
  await waitFor(async () => (await workbenchText('.quick-input-widget:visible .monaco-list-row.focused'))?.includes(label), { timeoutMs: WAIT_MS, what: `"${label}" focused` });
  await pressKey('Enter');
  return asked;
}

describe('run experiment with unsaved changes', () => {
  const suite = useExperimentSimulator();

  // The web workbench saves after a delay by default (desktop VS Code does not): unsaved text must stay unsaved.
  before(() => vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global));
  after(() => vscode.workspace.getConfiguration('files').update('autoSave', undefined, vscode.ConfigurationTarget.Global));

  it('says the unsaved changes hold errors and offers Save and Run, Run Saved or Cancel; Cancel runs nothing', async () => {
    const prompty = await workspaceFile('unsaved/ask.prompty', `---\nname: Ask\n---\nuser:\nHello {{ name }} ${respond('saved {{ name }}')}\n`);
    await workspaceFile('unsaved/rows.csv', 'name\nAda\n');
    const config = await workspaceFile('unsaved/promptfooconfig.yaml', 'prompts:\n  - file://ask.prompty\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(prompty));
    await editor.edit((edit) => edit.insert(new vscode.Position(4, 0), '{% if %}\n'));
    await waitFor(() => vscode.languages.getDiagnostics(prompty).some((d) => d.severity === vscode.DiagnosticSeverity.Error), { timeoutMs: WAIT_MS, what: 'an error on the unsaved text' });

    const cancelled = vscode.commands.executeCommand('scalarlm.runExperiment', config);
    const asked = await question();
    assert.match(asked, /unsaved\/ask\.prompty has unsaved changes with \d+ errors?/);
    assert.match(asked, /Save and Run[\s\S]*Run Saved[\s\S]*Cancel/);
    await pick('Cancel');
    await cancelled;
    assert.equal(await webviewQuery(EXPERIMENT_PANEL, 'main'), undefined, 'Cancel runs nothing');
    assert.equal(editor.document.isDirty, true);

    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('runs the saved files on Run Saved: the cells show the saved text, the unsaved edit stays in the editor', async () => {
    const prompty = await workspaceFile('unsaved-saved/ask.prompty', `---\nname: Ask\n---\nuser:\nHello {{ name }} ${respond('saved {{ name }}')}\n`);
    await workspaceFile('unsaved-saved/rows.csv', 'name\nAda\nGrace\n');
    const config = await workspaceFile('unsaved-saved/promptfooconfig.yaml', 'prompts:\n  - file://ask.prompty\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(prompty));
    await editor.edit((edit) => edit.replace(new vscode.Range(4, 0, 5, 0), `{% if %}Unsaved {{ name }} ${respond('unsaved {{ name }}')}\n`));
    await waitFor(() => vscode.languages.getDiagnostics(prompty).some((d) => d.severity === vscode.DiagnosticSeverity.Error), { timeoutMs: WAIT_MS, what: 'an error on the unsaved text' });

    const running = vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await question();
    await pick('Run Saved');
    await running;
    await waitForPhase('complete');
    const cells = await waitFor(async () => {
      const found = await webviewQuery(EXPERIMENT_PANEL, '.cell[data-row] .cell-text');
      return found?.count === 2 && found;
    }, { timeoutMs: WAIT_MS, what: 'the two cells' });
    assert.deepEqual(cells.texts.map((text) => text.trim()).sort(), ['saved Ada', 'saved Grace'], 'the saved file ran, not the unsaved text');
    assert.equal(editor.document.isDirty, true, 'the unsaved edit is kept, not saved');
    assert.match(editor.document.getText(), /Unsaved/);

    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('asks before sending a cell longer than the model can read: Cancel sends nothing, Send it anyway runs', async () => {
    // The simulator's model reads 8,192 tokens; at 4 characters a token this cell is well past that.
    const long = 'word '.repeat(9000);
    await workspaceFile('long-cell/long.prompty', `---\nname: Long\n---\nuser:\n${long}{{ name }} ${respond('read {{ name }}')}\n`);
    await workspaceFile('long-cell/rows.csv', 'name\nAda\n');
    const config = await workspaceFile('long-cell/promptfooconfig.yaml', 'prompts:\n  - file://long.prompty\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
    const before = (await suite.sim.stats()).enqueuedPrompts;

    const cancelled = vscode.commands.executeCommand('scalarlm.runExperiment', config);
    const asked = await answer(/Send a prompt longer than the model can read\?/, 'Cancel');
    // The cell is named by its test row, as the CLI's eval names it.
    assert.match(asked, /long-cell\/rows\.csv:2: the prompt is about [\d,]+ tokens \([\d,]+ characters\), more than the model's context of 8,192 tokens/);
    await cancelled;
    assert.equal(await webviewQuery(EXPERIMENT_PANEL, 'main'), undefined, 'Cancel runs nothing');
    assert.equal((await suite.sim.stats()).enqueuedPrompts, before, 'nothing was sent');

    const sent = vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await answer(/Send a prompt longer than the model can read\?/, 'Send it anyway');
    await sent;
    await waitForPhase('complete');
    const cell = await waitFor(() => webviewQuery(EXPERIMENT_PANEL, '.cell[data-row] .cell-text'), { timeoutMs: WAIT_MS, what: 'the cell' });
    // Sent: the deployment itself refuses it, and the cell says so.
    assert.match(cell.texts[0] ?? '', /maximum context length is 8192 tokens/);
  });
});
