// A job that completes leads to the next step, in a real VS Code: the editor, which submitted it and follows it
// in its panel, says it completed with Add to Experiment… and Compare with Base; the panel offers the same two.
// Each asks which experiment file (the workspace has two) and runs the experiments' own command with the job
// hash as the model, so the experiment gets the adaptor as a provider.

import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as vscode from 'vscode';
import { REPO_ROOT } from './helpers/extension';
import { webviewClick, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { chooseInQuickInput } from './helpers/quick-input';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess, type SimulatorProcess } from './helpers/simulator';
import { submitOnFile, trainOnFile } from './helpers/training-job';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const WAIT_MS = 30_000;
const TOASTS = '.notifications-toasts';
const QUICK_INPUT = '.quick-input-widget:not([style*="display: none"])';
const EXPERIMENT = 'prompts:\n  - "Capital of {{ country }}?"\nproviders:\n  - id: scalarlm:base\n    label: base\ntests:\n  - vars: {country: France}\n';

async function pickExperiment(folder: string, other: string): Promise<void> {
  await waitFor(async () => (await workbenchText(QUICK_INPUT))?.includes('which experiment?'), { timeoutMs: WAIT_MS, what: 'the experiment file pick' });
  await chooseInQuickInput(`${folder}/`, `${other}/`);
}

describe('training jobs: a completed job leads to the experiment', () => {
  let sim: SimulatorProcess;

  before(async () => {
    // 100 steps of 50 ms: a panel can be closed while its job still runs.
    sim = await startSimulatorProcess(['--zero-latency', '--training-step-time', '0.05']);
    await setSettings({ baseUrl: sim.url });
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await resetSettings();
    await sim.stop();
  });

  it('says the job completed with Add to Experiment… and Compare with Base, and the panel offers both', async () => {
    const first = await workspaceFile('completion/first/promptfooconfig.yaml', EXPERIMENT);
    const second = await workspaceFile('completion/second/promptfooconfig.yaml', EXPERIMENT);
    await vscode.commands.executeCommand('notifications.clearAll');
    const hash = await trainOnFile(await workspaceFile('completion/data.jsonl', `${JSON.stringify({ input: 'What comes next?', output: 'the experiment' })}\n`));

    const notice = await waitFor(async () => {
      const text = await workbenchText(TOASTS);
      return text?.includes(`Training job ${hash.slice(0, 12)}… COMPLETED`) && text;
    }, { timeoutMs: WAIT_MS, what: 'the notification that the job completed' });
    assert.match(notice, /COMPLETED \(step \d+ of \d+ · last loss \d\.\d{4}\)\. Judge its adaptor/);
    assert.match(notice, /Add to Experiment…/);
    assert.match(notice, /Compare with Base/);

    // The panel's Add to Experiment…: the adaptor goes into the experiment picked, as a provider.
    await waitFor(async () => (await webviewQuery(hash, '#add-to-experiment:not([hidden])'))?.count === 1, { timeoutMs: WAIT_MS, what: "the panel's Add to Experiment…" });
    assert.equal((await webviewQuery(hash, '#compare-with-base:not([hidden])'))?.count, 1, "the panel's Compare with Base");
    await webviewClick(hash, '#add-to-experiment');
    await pickExperiment('completion/second', 'completion/first');
    await waitFor(() => readFileSync(second.fsPath, 'utf8').includes(`scalarlm:${hash}`) || vscode.workspace.textDocuments.some((d) => d.uri.fsPath === second.fsPath && d.getText().includes(`scalarlm:${hash}`)), {
      timeoutMs: WAIT_MS,
      what: 'the adaptor added to the second experiment',
    });
    assert.ok(!readFileSync(first.fsPath, 'utf8').includes(hash), 'the other experiment left as it was');

    // The notification's Compare with Base: added to the experiment picked, saved, and run.
    await workbenchClick(`${TOASTS} .monaco-button:has-text("Compare with Base")`);
    await pickExperiment('completion/first', 'completion/second');
    await waitFor(() => readFileSync(first.fsPath, 'utf8').includes(`scalarlm:${hash}`), { timeoutMs: WAIT_MS, what: 'the adaptor added to the first experiment and saved' });
  });

  it('still says a job submitted here completed when its panel was closed while it ran', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    const hash = await submitOnFile(await workspaceFile('completion/closed.jsonl', `${JSON.stringify({ input: 'Who closed it?', output: 'the user' })}\n`), { timeoutMs: WAIT_MS });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const running = ((await fetch(`${sim.url}/v1/megatron/train/${hash}`).then((r) => r.json())) as { job_status?: { status: string } }).job_status?.status;
    assert.notEqual(running, 'COMPLETED', 'the panel was closed before the job completed');
    await waitFor(async () => (await workbenchText(TOASTS))?.includes(`Training job ${hash.slice(0, 12)}… COMPLETED`), { timeoutMs: WAIT_MS, what: 'the notification that the job completed, its panel closed' });
  });

  it('says nothing new for a job that had completed before its panel opened', async () => {
    // Trained from the command line, outside this window, and complete before the panel opens.
    const data = await workspaceFile('completion/elsewhere.jsonl', `${JSON.stringify({ input: 'Trained where?', output: 'elsewhere' })}\n`);
    const trained = await promisify(execFile)(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'train', data.fsPath, '--url', sim.url, '--json']);
    const job = { name: (JSON.parse(trained.stdout) as { job_hash: string }).job_hash };
    await waitFor(async () => ((await fetch(`${sim.url}/v1/megatron/train/${job.name}`).then((r) => r.json())) as { job_status?: { status: string } }).job_status?.status === 'COMPLETED', {
      timeoutMs: WAIT_MS,
      what: 'the job trained from the command line to complete',
    });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.training.openJob', job.name);
    await waitFor(async () => (await webviewQuery(job.name, 'main[data-status="COMPLETED"] #add-to-experiment:not([hidden])'))?.count === 1, { timeoutMs: WAIT_MS, what: 'the panel of the completed job' });
    assert.doesNotMatch((await workbenchText(TOASTS)) ?? '', /COMPLETED/);
  });
});
