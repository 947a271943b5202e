// Figures of the results panel with 10,000 prompts, for bench/extension-figures.ts: time to the first
// render, webview and host memory, messages posted to the webview per second.

import * as assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from '../helpers/extension';
import { rendererHeapBytes, webviewEval, webviewQuery } from '../helpers/page';
import { RESULTS, waitForPhase } from '../helpers/results';
import { resetSettings, setSettings } from '../helpers/settings';
import { startSimulatorProcess } from '../helpers/simulator';
import { waitFor } from '../helpers/wait';

const PROMPTS = 10_000;

describe('figures: the results panel with 10,000 prompts', () => {
  it('records time to first render, memory and messages per second', async function () {
    this.timeout(300_000);
    const sim = await startSimulatorProcess(['--zero-latency']);
    try {
      await setSettings({ baseUrl: sim.url, maxTokens: 16, 'batch.confirmAbove': PROMPTS, 'runs.location': 'workspaceFolder' });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder, 'ten-thousand.jsonl');
      const lines = Array.from({ length: PROMPTS }, (_, i) => JSON.stringify({ prompt: `Benchmark prompt ${i}: say something about item ${i % 97}.` }));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(lines.join('\n') + '\n'));

      const heapBefore = await rendererHeapBytes();
      const hostBefore = process.memoryUsage();
      const started = performance.now();
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      const commandMs = performance.now() - started;
      await waitFor(async () => (await webviewQuery(RESULTS, 'main'))?.count, { timeoutMs: 60_000, what: 'the page' });
      const pageMs = performance.now() - started;
      await waitFor(async () => (await webviewQuery(RESULTS, '.row'))?.count, { timeoutMs: 60_000, what: 'the first rows' });
      const firstRenderMs = performance.now() - started;
      await waitFor(async () => (await webviewQuery(RESULTS, '.row[data-status="ok"]'))?.count, { timeoutMs: 60_000, what: 'the first answer' });
      const firstAnswerMs = performance.now() - started;
      await waitForPhase('complete', 240_000);
      const runMs = performance.now() - started;
      const filtered = await webviewEval<string>(RESULTS, `document.querySelector('#list').dataset.filteredCount`);
      assert.equal(filtered, String(PROMPTS));
      const messages = Number(await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.messages`));
      // usedJSHeapSize counts the whole renderer (the workbench too) and its garbage; this is what the panel adds, live.
      const heapAfter = await rendererHeapBytes();
      const webviewHeapMb = (heapAfter - heapBefore) / 2 ** 20;
      const rendererHeapMb = heapAfter / 2 ** 20;
      const hostAfter = process.memoryUsage();
      // The runner's own wall time in this host, from its ledger: the header's time to its end line.
      const runs = join(folder.fsPath, '.scalarlm', 'runs');
      const newest = readdirSync(runs).filter((f) => f.endsWith('.ledger.jsonl')).map((f) => join(runs, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
      const events = readFileSync(newest, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { t: string; createdAt?: string; at?: number });
      const runnerMs = (events.at(-1)?.at ?? NaN) - Date.parse(events[0].createdAt ?? '');
      const figures = {
        prompts: PROMPTS,
        commandMs,
        pageMs,
        firstRenderMs,
        firstAnswerMs,
        runMs,
        runnerMs,
        messages,
        messagesPerSecond: messages / (runMs / 1000),
        webviewHeapMb,
        rendererHeapMb,
        hostRssBeforeMb: hostBefore.rss / 2 ** 20,
        hostRssMb: hostAfter.rss / 2 ** 20,
        hostHeapGrowthMb: (hostAfter.heapUsed - hostBefore.heapUsed) / 2 ** 20,
      };
      assert.ok(messages > 0 && firstRenderMs > 0);
      const dir = join(REPO_ROOT, 'test-results', 'figures');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'results-panel.json'), JSON.stringify(figures, null, 2));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await resetSettings();
      await sim.stop();
    }
  });
});
