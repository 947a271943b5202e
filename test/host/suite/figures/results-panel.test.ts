// Figures of the results panel with 10,000 prompts, for bench/extension-figures.ts: time to the first
// render, webview and host memory, messages posted to the webview per second.

import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from '../helpers/extension';
import { webviewEval, webviewQuery } from '../helpers/page';
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
      await setSettings({ baseUrl: sim.url, maxTokens: 16, 'batch.confirmAbove': PROMPTS });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder, 'ten-thousand.jsonl');
      const lines = Array.from({ length: PROMPTS }, (_, i) => JSON.stringify({ prompt: `Benchmark prompt ${i}: say something about item ${i % 97}.` }));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(lines.join('\n') + '\n'));

      const hostBefore = process.memoryUsage();
      const started = performance.now();
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitFor(async () => (await webviewQuery(RESULTS, '.row'))?.count, { timeoutMs: 60_000, what: 'the first rows' });
      const firstRenderMs = performance.now() - started;
      await waitForPhase('complete', 240_000);
      const runMs = performance.now() - started;
      const filtered = await webviewEval<string>(RESULTS, `document.querySelector('#list').dataset.filteredCount`);
      assert.equal(filtered, String(PROMPTS));
      const messages = Number(await webviewEval<string>(RESULTS, `document.querySelector('main').dataset.messages`));
      const webviewHeapMb = (await webviewEval<number>(RESULTS, 'performance.memory ? performance.memory.usedJSHeapSize : 0')) / 2 ** 20;
      const hostAfter = process.memoryUsage();
      const figures = {
        prompts: PROMPTS,
        firstRenderMs,
        runMs,
        messages,
        messagesPerSecond: messages / (runMs / 1000),
        webviewHeapMb,
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
