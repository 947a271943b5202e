// "ScalarLM: Open Prometheus Metrics": GET /v1/metrics as a read-only document, refreshed from its title bar.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { workbenchClick } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

const SCHEME = 'scalarlm-prometheus';
const REFRESH_BUTTON = '.editor-actions a[aria-label^="Refresh Prometheus Metrics"]';

function prometheusEditor(): vscode.TextEditor | undefined {
  const editor = vscode.window.activeTextEditor;
  return editor?.document.uri.scheme === SCHEME ? editor : undefined;
}

describe('prometheus metrics', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // Slow, so a batch keeps the queue non-empty while the document is refreshed.
    sim = await startSimulatorProcess(['--tokens-per-second', '5', '--slots', '1', '--response-timeout', '2']);
    await setSettings({ baseUrl: sim.url });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await resetSettings();
    await sim.stop();
  });

  it('opens the exposition as a document of its own, under where and when it was read', async () => {
    await vscode.commands.executeCommand('scalarlm.openPrometheusMetrics');
    // Open before (another suite's deployment), the document is read again in place.
    const header = new RegExp(`^# GET ${sim.url.replace(/[.:/]/g, '\\$&')}/v1/metrics at \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ`);
    const text = await waitFor(() => {
      const shown = prometheusEditor()?.document.getText();
      return shown !== undefined && header.test(shown) && shown;
    }, { timeoutMs: 20_000, what: `the Prometheus metrics of ${sim.url}` });
    assert.match(text, /^# TYPE scalarlm_queue_depth gauge$/m);
    assert.match(text, /^scalarlm_queue_depth\{model="unknown"\} 0\.0$/m);
    assert.equal(vscode.window.tabGroups.activeTabGroup.activeTab?.label, 'Prometheus Metrics');
  });

  it("reads it again from the editor's title bar", async () => {
    const editor = await waitFor(() => prometheusEditor(), { timeoutMs: 20_000, what: 'the Prometheus metrics document' });
    void fetch(`${sim.url}/v1/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompts: ['one', 'two', 'three'], max_tokens: 40 }),
    }).catch(() => undefined);
    // The queue fills on the server; the document changes only when refreshed.
    await waitFor(async () => ((await (await fetch(`${sim.url}/v1/generate/metrics`)).json()) as { queue_depth: number }).queue_depth > 0, {
      timeoutMs: 20_000,
      what: 'the queue to fill',
    });
    await workbenchClick(REFRESH_BUTTON);
    await waitFor(() => /^scalarlm_queue_depth\{model="unknown"\} [1-9]/m.test(editor.document.getText()), { timeoutMs: 20_000, what: 'the refreshed queue depth' });
  });
});
