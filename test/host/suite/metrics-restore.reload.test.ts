// Across a window reload: the local simulator comes back on its port, and the metrics view is restored
// with the points it drew before.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval, webviewQuery } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { waitFor } from './helpers/wait';

const VIEW = 'scalarlm-metrics';

interface HeldHistory {
  points: number;
  oldest: number;
}

const history = () =>
  webviewEval<HeldHistory>(VIEW, `({ points: Number(document.querySelector('main').dataset.points), oldest: Number(document.querySelector('main').dataset.oldest) })`);

describe('window reload', () => {
  itAcrossReload('restores the metrics view and the local simulator', {
    before: async () => {
      await setSettings({ 'metrics.intervalSeconds': 1 });
      await vscode.commands.executeCommand('scalarlm.startSimulator');
      const running = await waitForQueueStatus(/^\d+ queued/, 'the local simulator', { tooltip: true, timeoutMs: 30_000 });
      await vscode.commands.executeCommand('scalarlm.openMetrics');
      const held = await waitFor(async () => {
        const h = (await webviewQuery(VIEW, '#current')) && (await history());
        return h && h.points >= 3 && h;
      }, { timeoutMs: 20_000, what: 'three points in the metrics view' });
      saveNote('history', held);
      saveNote('simulator', /http:\/\/127\.0\.0\.1:\d+/.exec(running.tooltip ?? '')?.[0]);
    },
    after: async () => {
      const before = readNote<HeldHistory>('history');
      // Restored panels come back as tabs, maybe behind another; showing it reveals the restored one.
      await vscode.commands.executeCommand('scalarlm.openMetrics');
      const restored = await waitFor(async () => (await webviewQuery(VIEW, '#current')) && (await history()), {
        timeoutMs: 30_000,
        what: 'the restored metrics view',
      });
      assert.ok(restored.oldest <= before.oldest, `points from before the reload kept: oldest ${restored.oldest} vs ${before.oldest}`);
      assert.ok(restored.points >= before.points);
      const running = await waitForQueueStatus(/^\d+ queued/, 'the simulator back after the reload', { tooltip: true, timeoutMs: 30_000 });
      assert.match(running.tooltip ?? '', new RegExp(readNote<string>('simulator').replace(/[.:/]/g, '\\$&')));
      // Editors stay open: other tests' second parts look at their own restored panels.
      await vscode.commands.executeCommand('scalarlm.stopSimulator');
      await resetSettings();
    },
  });
});
