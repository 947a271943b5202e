// Run Experiment while the editor holds unsaved changes with errors (issue 17 item 11): the run does not
// quietly use the saved files; it says so and offers Save and Run, Run Saved or Cancel, as VS Code's tasks do
// (a quick pick: VS Code refuses modal dialogs in a test host).

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator } from './helpers/experiment-panel';
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

describe('run experiment with unsaved changes', () => {
  useExperimentSimulator();

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
});
