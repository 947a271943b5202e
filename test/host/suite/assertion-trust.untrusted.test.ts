// In Restricted Mode (workspace trust on, this folder not trusted; this file runs before the one that trusts
// the folder): the workspace's own scalarlm.baseUrl and scalarlm.headers are not used (the user's are), and a
// javascript assertion is not run: its cell says it was refused and why, and counts neither way; an assertion value
// with template tags stops the run, told as every trust refusal is: Manage Workspace Trust, and Go to Line.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, waitForPhase } from './helpers/experiment-panel';
import { webviewClick, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

describe('untrusted: judging in Restricted Mode', () => {
  const suite = useSuiteSimulator({ args: ['--zero-latency'], settings: { maxTokens: 16 }, panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' } });

  it("ignores the workspace's base URL and headers, and refuses a javascript assertion with the reason", async () => {
    assert.equal(vscode.workspace.isTrusted, false);
    // What a cloned repository could carry: a base URL that would take prompts elsewhere, and a header.
    // (maxTokens, which is not restricted, shows when the file has been read.)
    await workspaceFile('.vscode/settings.json', JSON.stringify({ 'scalarlm.baseUrl': 'http://127.0.0.1:9', 'scalarlm.headers': { 'X-Leak': 'yes' }, 'scalarlm.maxTokens': 17 }));
    await waitFor(() => vscode.workspace.getConfiguration('scalarlm').get('maxTokens') === 17, { timeoutMs: 10_000, what: 'the workspace settings to be read' });
    assert.equal(vscode.workspace.getConfiguration('scalarlm').get('baseUrl'), suite.sim.url, "Restricted Mode applies the user's base URL, not the workspace's");
    assert.deepEqual(vscode.workspace.getConfiguration('scalarlm').get('headers'), {}, "nor the workspace's headers");

    const config = await workspaceFile(
      'judge/restricted/promptfooconfig.yaml',
      'prompts:\n  - "Say hi [[sim:respond=hi]]"\nproviders:\n  - scalarlm:base\ntests:\n  - assert:\n      - type: javascript\n        value: "globalThis.__pwned = 1; return true"\n      - type: equals\n        value: hi\n',
    );
    const before = (await suite.sim.stats()).requests['POST /v1/generate'] ?? 0;
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    assert.equal((await suite.sim.stats()).requests['POST /v1/generate'], before + 1, 'the run went to the user-configured simulator');
    await webviewClick(EXPERIMENT_PANEL, '.cell[data-row="0"][data-column="0"]');
    const assertions = await waitFor(async () => (await webviewQuery(EXPERIMENT_PANEL, '[data-loaded="true"] .assertions'))?.texts[0], { timeoutMs: 10_000, what: 'the assertions in the detail' });
    assert.match(assertions, /javascript[\s\S]*run only in trusted workspaces/);
    assert.equal((globalThis as Record<string, unknown>).__pwned, undefined, 'the assertion ran in the extension host');
    // The refused assertion counts neither way: the cell passes on its equals.
    assert.equal((await webviewQuery(EXPERIMENT_PANEL, '.cell[data-row="0"][data-column="0"] .verdict:not([hidden])'))?.texts[0], 'pass ✓');
  });

  it('refuses an assertion value with template tags, offering Manage Workspace Trust and Go to Line, and sends nothing', async () => {
    const config = await workspaceFile('judge/value-template/promptfooconfig.yaml', 'prompts:\n  - "Say hi"\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {word: hi}\n    assert:\n      - type: equals\n        value: "{{ word }}"\n');
    const before = (await suite.sim.stats()).requests['POST /v1/generate'] ?? 0;
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    const toast = '.notification-toast:has-text("rendered only in trusted workspaces")';
    const text = await waitFor(() => workbenchText(toast), { timeoutMs: 10_000, what: 'the refusal' });
    assert.match(text, /judge\/value-template\/promptfooconfig\.yaml:8: the assertion value has template tags/);
    assert.match(text, /Nothing was sent\./);
    assert.equal(await workbenchText(`${toast} .monaco-button:has-text("Manage Workspace Trust")`), 'Manage Workspace Trust');
    await workbenchClick(`${toast} .monaco-button:has-text("Go to Line")`);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === config.fsPath && vscode.window.activeTextEditor.selection.active.line === 7, { timeoutMs: 10_000, what: 'the editor at the assertion' });
    assert.equal((await suite.sim.stats()).requests['POST /v1/generate'] ?? 0, before, 'nothing was sent');
  });
});
