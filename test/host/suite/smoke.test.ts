// Proves the harness: the extension loads and activates in a real extension host, and every helper the
// other host tests rely on works against what the workbench really renders.

import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import * as vscode from 'vscode';
import { EXTENSION_ID, REPO_ROOT, extensionUnderTest, hostMode } from './helpers/extension';
import { pressKey, screenshot, statusBarItem, webviewClick, webviewEval, webviewQuery, webviewText, workbenchClick, workbenchText } from './helpers/page';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SHOWN_MS = 10_000;

describe('smoke: the extension in a real extension host', () => {
  it('is the build the runner chose: the repository in dev mode, an installed copy in vsix mode', () => {
    const installedAt = realpathSync(extensionUnderTest().extensionPath);
    if (hostMode() === 'dev') assert.equal(installedAt, realpathSync(REPO_ROOT));
    else assert.notEqual(installedAt, realpathSync(REPO_ROOT));
  });

  it('activates', async () => {
    const extension = extensionUnderTest();
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('registers every command its package.json contributes', async () => {
    const extension = extensionUnderTest();
    await extension.activate();
    const contributed = (extension.packageJSON.contributes.commands as { command: string }[]).map((entry) => entry.command);
    assert.ok(contributed.length > 0, `${EXTENSION_ID} contributes no commands`);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((command) => !registered.has(command)),
      [],
      'contributed commands that activation did not register',
    );
  });
});

describe('harness: the page helper and the simulator', () => {
  it('saves a full-page PNG screenshot', async () => {
    const file = readFileSync(await screenshot('harness workbench'));
    assert.deepEqual(file.subarray(0, PNG_SIGNATURE.length), PNG_SIGNATURE);
    assert.ok(file.length > 10_000, `a workbench screenshot of only ${file.length} bytes`);
  });

  it('reads a status bar entry as rendered, by the id given to createStatusBarItem', async () => {
    // The entry's DOM id starts with the id of the extension that created it: in dev mode the tests lie
    // inside the extension, so an item they create belongs to it. (The vsix run is limited to "smoke:".)
    const item = vscode.window.createStatusBarItem('scalarlm.harnessProbe', vscode.StatusBarAlignment.Left);
    try {
      item.text = '$(beaker) harness probe';
      item.tooltip = 'probe tooltip';
      item.show();
      const entry = await waitFor(() => statusBarItem('scalarlm.harnessProbe', { tooltip: true }), { timeoutMs: SHOWN_MS, what: 'the probe status bar entry' });
      assert.equal(entry.text, 'harness probe');
      assert.equal(entry.tooltip, 'probe tooltip');
    } finally {
      item.dispose();
    }
    await waitFor(async () => (await statusBarItem('scalarlm.harnessProbe')) === undefined, { timeoutMs: SHOWN_MS, what: 'the entry to go' });
  });

  it('reads, queries, clicks and evaluates inside a webview', async () => {
    const panel = vscode.window.createWebviewPanel('scalarlm.harnessProbe', 'Harness probe', vscode.ViewColumn.One, { enableScripts: true });
    try {
      panel.webview.html = probeWebviewHtml(randomBytes(16).toString('base64'));
      const text = await waitFor(() => webviewText('harness-probe'), { timeoutMs: SHOWN_MS, what: 'the probe webview' });
      assert.match(text, /clicks: 0/);
      await waitFor(() => webviewEval<boolean>('harness-probe', 'window.harnessProbeReady === true'), { timeoutMs: SHOWN_MS, what: 'its script' });
      await webviewClick('harness-probe', '#more');
      const result = await waitFor(
        async () => {
          const found = await webviewQuery('harness-probe', 'p.count');
          return found?.texts[0] === 'clicks: 1' && found;
        },
        { timeoutMs: SHOWN_MS, what: 'the click to count' },
      );
      assert.equal(result.count, 1);
      assert.equal(await webviewEval('harness-probe', 'typeof acquireVsCodeApi'), 'function');
    } finally {
      panel.dispose();
    }
    await waitFor(async () => (await webviewText('harness-probe')) === undefined, { timeoutMs: SHOWN_MS, what: 'the webview to close' });
  });

  it('reads and clicks the workbench itself, and presses keys', async () => {
    const answer = vscode.window.showInformationMessage('Harness probe notification', 'Accept');
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes('Harness probe notification'), {
      timeoutMs: SHOWN_MS,
      what: 'the notification',
    });
    await workbenchClick('.notification-toast:has-text("Harness probe notification") .monaco-button:has-text("Accept")');
    assert.equal(await answer, 'Accept');

    const picked = vscode.window.showQuickPick(['one', 'two'], { placeHolder: 'Harness probe pick' });
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('one'), { timeoutMs: SHOWN_MS, what: 'the quick pick' });
    await pressKey('Escape');
    assert.equal(await picked, undefined);
  });

  it('runs the bundled simulator as a child process: stats, faults, restart on the same port', async () => {
    const sim = await startSimulatorProcess(['--zero-latency']);
    try {
      assert.equal((await fetch(`${sim.url}/v1/health`)).status, 200);
      assert.equal((await sim.stats()).requests['GET /v1/health'], 1);
      await sim.addFaults([{ kind: 'status', route: '/v1/health', arg: '503', times: 1 }]);
      assert.equal((await fetch(`${sim.url}/v1/health`)).status, 503);
      await sim.restart();
      assert.equal((await fetch(`${sim.url}/v1/health`)).status, 200, 'the restarted simulator on the same port');
      assert.equal((await sim.stats()).requests['GET /v1/health'], 1, 'a fresh simulator: counts start again');
    } finally {
      await sim.stop();
    }
    await assert.rejects(fetch(`${sim.url}/v1/health`));
  });
});

function probeWebviewHtml(nonce: string): string {
  return `<!DOCTYPE html>
<html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}';">
</head>
<body data-probe="harness-probe">
<p class="count">clicks: 0</p><button id="more">More</button>
<script nonce="${nonce}">
  let clicks = 0;
  document.getElementById('more').addEventListener('click', () => {
    document.querySelector('p.count').textContent = 'clicks: ' + ++clicks;
  });
  window.harnessProbeReady = true;
</script>
</body></html>`;
}
