// "ScalarLM: Select Model" seen whole: the adaptors under the base model, each once, marked served or not; the
// served ones still there on a server without the training route; picking the model already in use asks nothing.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, screenshot, typeText, workbenchText } from './helpers/page';
import { resetSettings, setSettings } from './helpers/settings';
import { EXAMPLE_JOBS, startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

// The simulator's example jobs (EXAMPLE_JOBS): sha256("test"), its first adaptor; sha256("sim-failed-job"), the job that failed.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const FAILED = 'ed4d3139c4a130851a7a98cdaedfee7d90b7fdd54bfd4cc721a44c30d8283004';
// Only while shown: a closed quick input stays in the page, hidden, with the text of its last list.
const WIDGET = '.quick-input-widget:not([style*="display: none"])';
const LIST = `${WIDGET} .quick-input-list`;

function waitForList(contains: string, what: string): Promise<string> {
  return waitFor(async () => {
    const text = await workbenchText(LIST);
    return text?.includes(contains) && text;
  }, { timeoutMs: 20_000, what });
}

describe('model picker: training jobs', () => {
  let sim: SimulatorProcess;

  before(async () => {
    sim = await startSimulatorProcess(['--zero-latency', EXAMPLE_JOBS]);
    await setSettings({ baseUrl: sim.url, model: '' });
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  after(async () => {
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await sim.stop();
  });

  it('lists the adaptors below the base model, each marked served or not, with status and steps', async () => {
    void vscode.commands.executeCommand('scalarlm.selectModel');
    const list = await waitForList('Adaptors (', 'the adaptors section');
    assert.match(list, /Base model/);
    assert.match(list, /Adaptors \(3 of 4 served\)/);
    // The picture shows the feature, not toasts left by other tests.
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('model-picker-training-jobs');

    // Filtered to the job that never became an adaptor (matched on its description).
    await typeText('will not be served');
    const failed = await waitForList(FAILED, 'the failed job alone');
    assert.match(failed, /adaptor ed4d3139\s*failed: it will not be served · .* UTC/);
    assert.match(failed, /FAILED · step 12 of 100/);
    assert.doesNotMatch(failed, new RegExp(ADAPTOR));

    await pressKey('Control+a');
    await typeText('COMPLETED');
    const completed = await waitForList(ADAPTOR, 'the completed jobs');
    assert.match(completed, /adaptor 9f86d081\s*served · /);
    assert.match(completed, /COMPLETED · step 100 of 100 · loss 0\.42 · trained 30 min/);
  });

  it('lists the served adaptors, once, when the server has no training route', async () => {
    await sim.addFaults([{ kind: 'status', route: '/v1/megatron/list_models', arg: '404', times: 1 }]);
    void vscode.commands.executeCommand('scalarlm.selectModel');
    const list = await waitForList('adaptor of', 'the served models');
    assert.match(list, /Adaptors \(3 of 3 served\)/);
    assert.match(list, /adaptor 9f86d081\s*served · adaptor of tiny-random\/gemma-4-dense/);
    assert.doesNotMatch(list, new RegExp(FAILED));
  });

  it('does not ask User or Workspace again when the model picked is the one in use', async () => {
    await setSettings({ model: ADAPTOR });
    let settled = false;
    const picking = Promise.resolve(vscode.commands.executeCommand('scalarlm.selectModel')).finally(() => (settled = true));
    await waitForList('Adaptors (', 'the model list');
    await typeText(ADAPTOR.slice(0, 16));
    const filtered = await waitForList('· current', 'the current model marked');
    assert.match(filtered, /adaptor 9f86d081\s*served · .* UTC · current/);
    await pressKey('Enter');
    // Asking for the scope would keep the command waiting on a second pick.
    await waitFor(() => settled, { timeoutMs: 10_000, what: 'the command to finish without a second question' });
    await picking;
    assert.equal(await workbenchText(WIDGET), undefined, 'no second pick is open');
    await waitFor(async () => (await workbenchText('.statusbar'))?.includes('is already the model in use'), { timeoutMs: 10_000, what: 'the status bar to say nothing changed' });
    assert.equal(vscode.workspace.getConfiguration('scalarlm').inspect('model')?.globalValue, ADAPTOR);
  });
});
