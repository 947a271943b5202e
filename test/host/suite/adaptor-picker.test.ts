// Add Adaptor to Experiment… and Compare with Base from the palette, on adaptors the test trains itself, on a
// deployment slow to load them (its worker's delivery and periodic task every 10 minutes): a job whose training is
// complete is offered at once, marked "not served yet"; picking it asks the deployment with one probe request, and
// a probe the deployment refuses is said plainly, before anything is run. What was added is said, with Undo.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { EXPERIMENT_PANEL, respond } from './helpers/experiment-panel';
import { chooseInQuickInput } from './helpers/quick-input';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { trainOnFile } from './helpers/training-job';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const WAIT_MS = 30_000;
const LIST = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';
const TOAST = '.notifications-toasts';
const PROMPT = `Capital of {{ land }}? ${respond('{{ said }}')}`;

async function listSaying(words: string): Promise<string> {
  return waitFor(async () => {
    const text = await workbenchText(LIST);
    return text?.includes(words) && text;
  }, { timeoutMs: WAIT_MS, what: `the adaptor list to show "${words}"` });
}

async function toastSaying(words: string): Promise<string> {
  return waitFor(async () => {
    const text = await workbenchText(TOAST);
    return text?.includes(words) && text;
  }, { timeoutMs: WAIT_MS, what: `a notification saying "${words}" (now "${await workbenchText(TOAST)}")` });
}

describe('adaptor picker: complete adaptors offered before /v1/models lists them', () => {
  const suite = useSuiteSimulator({
    args: ['--tokens-per-second', '2000', '--adaptor-load-delay', '600', '--megatron-refresh-period', '600'],
    settings: { maxTokens: 32 },
    panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' },
  });

  async function served(hash: string): Promise<boolean> {
    const { data } = (await (await fetch(`${suite.sim.url}/v1/models`)).json()) as { data: { id: string }[] };
    return data.some((model) => model.id === hash);
  }
  const probesSent = async () => (await suite.sim.stats()).requests['POST /v1/generate'] ?? 0;

  async function experiment(name: string): Promise<vscode.Uri> {
    return workspaceFile(`picker/${name}.yaml`, ['prompts:', `  - "${PROMPT}"`, 'providers:', '  - id: scalarlm:base', '    label: base', 'tests:', '  - vars: {land: Quux, said: Quuxtown}', ''].join('\n'));
  }

  async function trained(name: string, capital: string): Promise<string> {
    const data = await workspaceFile(`picker/${name}.jsonl`, JSON.stringify({ input: `Capital of Quux? ${respond('Quuxtown')}`, output: capital }) + '\n');
    const hash = await trainOnFile(data);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.equal(await served(hash), false, 'complete, and not in /v1/models yet');
    return hash;
  }

  it('offers a complete adaptor /v1/models does not list yet, marked so, and adds it once its one probe is answered', async () => {
    const config = await experiment('served-on-ask');
    const hash = await trained('first', 'Quuxville');
    const short = `adaptor ${hash.slice(0, 8)}`;
    const before = await probesSent();

    const adding = vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment', config);
    const list = await listSaying(short);
    assert.match(list, new RegExp(`${short}\\s*not served yet · \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
    assert.match(list, /requests naming it fail until the deployment serves it/);
    assert.match(list, /tiny-random\/gemma-4-dense\s*base model/);
    await chooseInQuickInput(hash.slice(0, 8), 'base model');
    await adding;

    assert.match((await vscode.workspace.openTextDocument(config)).getText(), new RegExp(`id: scalarlm:${hash}`));
    assert.equal((await probesSent()) - before, 1, 'one probe request, posted once');
    assert.ok(await served(hash), 'the probe made the deployment load it');
    const said = await toastSaying(`Added scalarlm:${hash} as "${short}" to picker/served-on-ask.yaml.`);
    assert.doesNotMatch(said, /not served/);
  });

  it('says plainly that a picked adaptor is not served when its probe is refused, and Compare with Base runs nothing', async () => {
    const config = await experiment('refused');
    const hash = await trained('second', 'Quuxburg');
    const before = await probesSent();
    // The deployment's answer to the probe: an item error, as a deployment that never loads it gives (training.md §11.1).
    await suite.sim.addFaults([{ kind: 'item-error', route: '/v1/generate', times: 1 }]);

    const comparing = vscode.commands.executeCommand<string | undefined>('scalarlm.compareWithBase', config);
    await listSaying(`adaptor ${hash.slice(0, 8)}`);
    await chooseInQuickInput(hash.slice(0, 8), 'base model');
    assert.equal(await comparing, undefined, 'no run started');
    const toast = await toastSaying(`adaptor ${hash.slice(0, 8)} is not served`);
    assert.match(toast, new RegExp(`Added scalarlm:${hash} as "adaptor ${hash.slice(0, 8)}" to picker/refused\\.yaml\\.`), 'what it changed, first');
    assert.match(toast, /this deployment has not loaded it \(its one probe request, .* answered ".+"\)/);
    assert.match(toast, /Requests naming it fail until/);
    assert.match(toast, /Compare with Base again once it is/);
    assert.equal((await probesSent()) - before, 1, 'the probe posted once');
    assert.equal(await webviewQuery(EXPERIMENT_PANEL, 'main'), undefined, 'no experiment panel opened');
  });

  it('Add Adaptor says what it added to which file, and its Undo puts the file back as it was; Open File opens it', async () => {
    const config = await experiment('undo');
    const original = (await vscode.workspace.fs.readFile(config)).toString();
    const model = 'c'.repeat(64);
    await vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment', config, model);
    const document = await vscode.workspace.openTextDocument(config);
    assert.match(document.getText(), new RegExp(`id: scalarlm:${model}`));
    await toastSaying(`Added scalarlm:${model} as "adaptor cccccccc" to picker/undo.yaml.`);
    await workbenchClick(`${TOAST} .monaco-button:has-text("Undo")`);
    await waitFor(async () => document.getText() === original && !document.isDirty && (await vscode.workspace.fs.readFile(config)).toString() === original, { timeoutMs: WAIT_MS, what: 'the file as it was, saved' });

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment', config, model, 'tuned');
    await toastSaying(`Added scalarlm:${model} as "tuned" to picker/undo.yaml.`);
    await workbenchClick(`${TOAST} .monaco-button:has-text("Open File")`);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === config.toString(), { timeoutMs: WAIT_MS, what: 'the experiment file in the editor' });
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /label: tuned/);
  });
});
