// The queue status bar item through its states, as a person sees it in the workbench.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, screenshot, workbenchText } from './helpers/page';
import { waitForQueueStatus } from './helpers/queue-status';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

describe('queue status bar', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // A slow deployment: one slot at 5 tokens/s, so a small batch keeps the queue full for a while.
    sim = await startSimulatorProcess(['--tokens-per-second', '5', '--slots', '1', '--response-timeout', '2']);
  });

  after(async () => {
    await resetSettings();
    await sim.stop();
  });

  it('shows ok, busy, unreachable, and recovers by itself', async () => {
    await setSettings({ baseUrl: sim.url, 'metrics.intervalSeconds': 1, 'batch.pauseAboveQueueDepth': 3 });
    const ok = await waitForQueueStatus(/^0 queued/, 'an empty queue', { tooltip: true });
    assert.match(ok.tooltip ?? '', /Queue depth/);
    assert.match(ok.tooltip ?? '', /Health: API up · vLLM up/, 'health on one line');
    assert.match(ok.tooltip ?? '', new RegExp(sim.url.replace(/[.:/]/g, '\\$&')));
    const lines = (ok.tooltip ?? '').split('\n').filter((line) => line.trim() !== '');
    assert.ok(lines.length <= 6, `a short tooltip, not a table of every metric: ${lines.length} lines:\n${ok.tooltip ?? ''}`);

    // Every metric is one click away, in the queue actions.
    void vscode.commands.executeCommand('scalarlm.showQueueActions');
    const actions = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible');
      return text?.includes('Requests (total)') && text;
    }, { timeoutMs: 10_000, what: 'the queue actions with every metric' });
    assert.match(actions, /Open Queue Metrics/);
    await pressKey('Escape');

    const batch = fetch(`${sim.url}/v1/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompts: ['one', 'two', 'three', 'four', 'five', 'six'], max_tokens: 50 }),
    }).catch(() => undefined);
    const busy = await waitForQueueStatus(/^[4-6] queued/, 'a queue above the threshold');
    assert.match(busy.ariaLabel, /Busy: queue depth \d is above 3/);
    await screenshot('queue-status-busy');

    await sim.stop();
    await batch;
    const down = await waitForQueueStatus(/^ScalarLM unreachable$/, 'the deployment gone');
    assert.match(down.ariaLabel, /Unreachable: .*connection refused/i);

    await sim.restart();
    await waitForQueueStatus(/^\d+ queued/, 'recovery', { timeoutMs: 30_000 });
  });
});
