// "ScalarLM: Select Model": a quick pick over /v1/models, written at the scope the user picks.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, typeText, workbenchText } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { EXAMPLE_JOBS, startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

// The simulator's first example adaptor (EXAMPLE_JOBS): sha256("test"), a trained job's hash.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

describe('model picker', () => {
  let sim: SimulatorProcess;

  before(async () => {
    sim = await startSimulatorProcess(['--zero-latency', EXAMPLE_JOBS]);
    await setSettings({ baseUrl: sim.url });
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await sim.stop();
  });

  it('lists the base model with its context length and each adaptor once by a short name, and saves the choice', async () => {
    await setSettings({ model: '' });
    const picking = vscode.commands.executeCommand('scalarlm.selectModel');
    const list = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible .quick-input-list');
      return text?.includes('Adaptors (') && text;
    }, { timeoutMs: 20_000, what: 'the model list' });
    assert.match(list, /Deployment's default/);
    assert.match(list, /tiny-random\/gemma-4-dense\s*base model/);
    assert.match(list, /max_model_len 8,192/);
    assert.match(list, /adaptor 9f86d081\s*served · \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // Once: its hash only on its own detail line, not also as the name of a second entry.
    assert.equal(list.split(ADAPTOR).length - 1, 1, list);
    assert.equal(list.split('adaptor 9f86d081').length - 1, 1, list);

    await typeText('adaptor 9f86d081');
    await waitFor(async () => !(await workbenchText('.quick-input-widget:visible .quick-input-list'))?.includes('base model'), { timeoutMs: 10_000, what: 'the list filtered to the adaptor' });
    await pressKey('Enter');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('User settings'), { timeoutMs: 10_000, what: 'the scope pick' });
    await pressKey('Enter');
    await picking;
    assert.equal(vscode.workspace.getConfiguration('scalarlm').inspect('model')?.globalValue, ADAPTOR);
  });

  it('shows an error from the models route instead of swallowing it', async () => {
    await sim.addFaults([{ kind: 'status', route: '/v1/models', arg: '500', times: 1 }]);
    await vscode.commands.executeCommand('scalarlm.selectModel');
    const toast = await waitFor(async () => {
      const text = await workbenchText('.notifications-toasts');
      return text?.includes('/v1/models') && text;
    }, { timeoutMs: 20_000, what: 'the error notification' });
    assert.match(toast, /500/);
    assert.match(toast, /Open Log/);
  });
});
