// Against an older server (the simulator's legacy profile): cumulative rates labelled as such in the
// status bar tooltip, the queue actions and the metrics view, which say which server generation was detected; no Prometheus
// route, said in the document.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, screenshot, statusBarItem, webviewQuery, workbenchText } from './helpers/page';
import { QUEUE_ITEM } from './helpers/queue-status';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

const VIEW = 'scalarlm-metrics';

describe('older server', () => {
  let sim: SimulatorProcess;

  before(async () => {
    sim = await startSimulatorProcess(['--profile', 'legacy', '--zero-latency']);
    await setSettings({ baseUrl: sim.url, 'metrics.intervalSeconds': 1 });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await resetSettings();
    await sim.stop();
  });

  it('labels the rates cumulative in the status bar tooltip and names the server generation in the queue actions', async () => {
    // Until the monitor has sampled this server, the item may still show the one a test before used.
    const tooltip = await waitFor(async () => {
      const text = (await statusBarItem(QUEUE_ITEM, { tooltip: true }))?.tooltip;
      return text?.includes(sim.url) && text.includes('(cumulative)') && text;
    }, { timeoutMs: 30_000, what: 'the tooltip of the older server' });
    assert.match(tooltip, /Tokens\/s \(cumulative\)/);
    assert.doesNotMatch(tooltip, /60 s/);

    void vscode.commands.executeCommand('scalarlm.showQueueActions');
    const actions = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible');
      return text?.includes('Requests/s') && text;
    }, { timeoutMs: 10_000, what: 'the queue actions with every metric' });
    await pressKey('Escape');
    assert.match(actions, /Requests\/s \(cumulative\)/);
    assert.match(actions, /Older ScalarLM \(no chat queue metrics, no Megatron health\): rates are cumulative/);
  });

  it('titles the charts of the metrics view cumulative and says which server it is', async () => {
    await vscode.commands.executeCommand('scalarlm.openMetrics');
    const server = await waitFor(async () => (await webviewQuery(VIEW, '#server'))?.texts[0], { timeoutMs: 20_000, what: 'the server line in the metrics view' });
    assert.match(server, /^Older ScalarLM .*rates are cumulative/);
    const titles = await webviewQuery(VIEW, '.chart-title');
    assert.deepEqual(titles?.texts, ['Queue depth', 'Tokens/s (cumulative)', 'Requests/s (cumulative)']);
    assert.match((await webviewQuery(VIEW, '#current'))?.texts[0] ?? '', /tokens\/s \(cumulative\)/);
    // The picture shows the feature, not toasts left by other tests.
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('metrics-view-older-server');
  });

  it('says in the Prometheus document that the server has no such route', async () => {
    await vscode.commands.executeCommand('scalarlm.openPrometheusMetrics');
    const editor = await waitFor(() => {
      const active = vscode.window.activeTextEditor;
      return active?.document.uri.scheme === 'scalarlm-prometheus' && active;
    }, { timeoutMs: 20_000, what: 'the Prometheus metrics document' });
    assert.match(editor.document.getText(), /^# This server has no \/v1\/metrics \(HTTP 404\)/m);
  });
});
