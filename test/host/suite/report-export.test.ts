// An experiment's HTML report as a user exports it from the panel (issue 17 item 14): "Preview" after the
// export shows the report as a page, not its HTML source, and a batch column's tokens and latency read "—"
// with the reason rather than 0 and nothing.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { pressKey, screenshot, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

const WAIT_MS = 15_000;

describe('experiment report export', () => {
  useExperimentSimulator();

  it('previews an exported HTML report as a page, with "—" and the reason for what the batch queue does not report', async () => {
    await workspaceFile('report/ask.txt', 'Tell {{ name }} a fact.');
    await workspaceFile('report/rows.csv', 'name\nAda\nGrace\n');
    const config = await workspaceFile('report/promptfooconfig.yaml', 'prompts:\n  - file://ask.txt\nproviders:\n  - scalarlm:base\ntests: file://rows.csv\n');
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');

    await clickAction(EXPERIMENT_PANEL, 'exportHtml');
    // The save dialog (VS Code's own, a quick input here) proposes a file in the workspace: take it.
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('Export 2 cells as HTML'), { timeoutMs: WAIT_MS, what: 'the save dialog' });
    await pressKey('Enter');
    const toast = '.notification-toast:has-text("Exported 2 cells")';
    await waitFor(() => workbenchText(toast), { timeoutMs: WAIT_MS, what: 'the export notice' });
    await workbenchClick(`${toast} .monaco-button:has-text("Preview")`);

    const shown = await waitFor(async () => (await webviewQuery('not reported by the deployment', 'table.figures tbody tr'))?.texts[0], { timeoutMs: WAIT_MS, what: 'the report shown as a page' });
    assert.match(shown, /ask\.txt × scalarlm:base/);
    assert.match(shown, /—\s+—$/, `tokens and latency not reported read "—": ${shown}`);
    assert.equal(vscode.window.activeTextEditor?.document.uri.path.endsWith('.html') ?? false, false, 'not the HTML source in an editor');
    assert.equal(vscode.workspace.textDocuments.some((document) => document.uri.path.endsWith('.html')), false, 'no editor holds the report');
    await screenshot('report-export preview');
  });
});
