// Figures of the experiment panel for bench/extension-figures.ts: 1,000 rows x 3 prompts x 2 models (6,000
// cells) on the zero-latency simulator, from the command to the first rendered cells and to the run's end.

import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from '../helpers/extension';
import { rendererHeapBytes, webviewEval, webviewQuery } from '../helpers/page';
import { resetSettings, setSettings } from '../helpers/settings';
import { startSimulatorProcess } from '../helpers/simulator';
import { waitFor } from '../helpers/wait';
import { workspaceFile } from '../helpers/workspace';

const EXPERIMENT = 'scalarlm-experiment';
const ROWS = 1000;
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('figures: the experiment panel with 6,000 cells', () => {
  it('records time to the first rendered cells and to the end of the run', async function () {
    this.timeout(300_000);
    const sim = await startSimulatorProcess(['--zero-latency']);
    try {
      await setSettings({ baseUrl: sim.url, maxTokens: 8, 'batch.confirmAbove': 10_000 });
      for (let p = 0; p < 3; p++) await workspaceFile(`figures-exp/p${p}.txt`, `Version ${p}: tell {{ name }} one fact about {{ topic }}.`);
      await workspaceFile('figures-exp/rows.csv', 'name,topic\n' + Array.from({ length: ROWS }, (_, i) => `Person ${i},topic ${i % 101}`).join('\n') + '\n');
      const config = await workspaceFile('figures-exp/promptfooconfig.yaml', `prompts:\n  - file://p0.txt\n  - file://p1.txt\n  - file://p2.txt\nproviders:\n  - scalarlm:base\n  - scalarlm:${ADAPTOR}\ntests: file://rows.csv\n`);
      const heapBefore = await rendererHeapBytes();
      const started = performance.now();
      await vscode.commands.executeCommand('scalarlm.runExperiment', config);
      await waitFor(async () => (await webviewQuery(EXPERIMENT, '.cell[data-status="ok"]'))?.count, { timeoutMs: 120_000, what: 'the first answered cells' });
      const firstCellsMs = performance.now() - started;
      await waitFor(async () => (await webviewEval<string>(EXPERIMENT, `document.querySelector('main').dataset.phase`)) === 'complete', { timeoutMs: 240_000, what: 'the run to complete' });
      const runMs = performance.now() - started;
      const rendered = await webviewEval<number>(EXPERIMENT, `document.querySelectorAll('.matrix-row').length`);
      assert.ok(rendered > 0 && rendered < 100, `only the visible rows are in the DOM (${rendered})`);
      const figures = { cells: ROWS * 6, firstCellsMs, runMs, renderedRows: rendered, webviewHeapMb: ((await rendererHeapBytes()) - heapBefore) / 2 ** 20 };
      const dir = join(REPO_ROOT, 'test-results', 'figures');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'experiment-panel.json'), JSON.stringify(figures, null, 2));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await resetSettings();
      await sim.stop();
    }
  });
});
