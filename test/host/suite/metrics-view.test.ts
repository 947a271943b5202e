// The metrics view: a live chart in a webview with a strict CSP and nothing remote.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval, webviewQuery } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';
import { readmeImage } from './helpers/readme-image';

const VIEW = 'scalarlm-metrics';

describe('metrics view', () => {
  let sim: SimulatorProcess;

  before(async () => {
    sim = await startSimulatorProcess(['--tokens-per-second', '20', '--slots', '1', '--response-timeout', '2']);
    await setSettings({ baseUrl: sim.url, 'metrics.intervalSeconds': 1 });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await resetSettings();
    await sim.stop();
  });

  const current = async () => (await webviewQuery(VIEW, '#current'))?.texts[0];

  it('charts queue depth, tokens/s and requests/s as they change', async () => {
    await vscode.commands.executeCommand('scalarlm.openMetrics');
    await waitFor(async () => /^Queue depth 0/.test((await current()) ?? ''), { timeoutMs: 20_000, what: 'the first sample in the view' });
    const state = await webviewQuery(VIEW, '#state-text');
    assert.equal(state?.texts[0], `Connected to ${sim.url}`);

    void fetch(`${sim.url}/v1/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompts: ['a', 'b', 'c', 'd'], max_tokens: 30 }),
    }).catch(() => undefined);
    await waitFor(async () => /^Queue depth [1-4] /.test((await current()) ?? ''), { timeoutMs: 20_000, what: 'the queue to fill in the view' });
    await waitFor(async () => /tokens\/s/.test((await current()) ?? '') && !/— tokens\/s/.test((await current()) ?? ''), { timeoutMs: 20_000, what: 'a token rate' });

    const charts = await webviewQuery(VIEW, 'section.chart');
    assert.equal(charts?.count, 3);
    const path = await webviewEval<string>(VIEW, `document.querySelector('section[data-series="queueDepth"] path.chart-line').getAttribute('d') || ''`);
    assert.match(path, /^M/, 'the queue depth line is drawn');
    await readmeImage('metrics-view');
  });

  it('has a strict CSP with a nonce, and loads nothing from outside the extension', async () => {
    const csp = await webviewEval<string>(VIEW, `document.querySelector('meta[http-equiv="Content-Security-Policy"]').content`);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-[A-Za-z0-9+/=]{22,}'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    // VS Code itself puts one inline script into every webview (_vscodeApiScript); the extension adds none.
    const inline = await webviewEval<number>(VIEW, `[...document.scripts].filter((s) => !s.src && s.id !== '_vscodeApiScript').length`);
    assert.equal(inline, 0, 'no inline scripts');
    const sources = await webviewEval<string[]>(VIEW, `[...document.querySelectorAll('script[src], link[href], img[src]')].map((e) => e.src || e.href)`);
    assert.ok(sources.length >= 2, `script and stylesheet: ${sources.join(', ')}`);
    const page = new URL(await webviewEval<string>(VIEW, 'location.href'));
    for (const source of sources) assert.ok(new URL(source).host === page.host || /vscode-(cdn|resource)/.test(source), `local resource: ${source}`);
  });
});
