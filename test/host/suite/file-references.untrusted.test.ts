// In Restricted Mode (workspace trust on, this folder not trusted; this file runs before the one that trusts
// the folder) a file reference written in a workspace file resolves inside the workspace folder, after
// following links, or is refused at its line with a way to trust the folder: a cloned repository cannot make
// the editor read ~/.ssh or ../secrets and show them or send them to the deployment (whose request browser
// other users of the deployment can read). The prompts here are plain text and mustache, which Restricted
// Mode renders, so only the file rule stands between the outside file and the simulator.

import * as assert from 'node:assert/strict';
import { symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { EXPERIMENT_PANEL, waitForPhase } from './helpers/experiment-panel';
import { webviewQuery, webviewText, workbenchText } from './helpers/page';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const SHOWN_MS = 10_000;
const PROMPT_SECRET = 'OUTSIDE-PROMPT-c41f9e';
const SAMPLE_SECRET = 'OUTSIDE-SAMPLE-7b2d05';
const LINKED_SECRET = 'OUTSIDE-LINKED-93ae11';

function workspaceFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'The host tests need a workspace folder.');
  return folder.fsPath;
}

/** A file beside the workspace folder (in the run's folder): outside the workspace. */
function outsideFile(name: string, content: string): string {
  const path = join(dirname(workspaceFolder()), name);
  writeFileSync(path, content);
  return path;
}

/**
 * A notification holding `contains`, and its action's label, read in the notification center: it lists every
 * notification, while the workbench holds back a toast that comes quickly after three others.
 */
async function notice(contains: string, what: string): Promise<{ text: string; action?: string }> {
  const item = `.notifications-center .notification-list-item:has-text(${JSON.stringify(contains)})`;
  await vscode.commands.executeCommand('notifications.showList');
  try {
    const text = await waitFor(() => workbenchText(item), { timeoutMs: SHOWN_MS, what });
    return { text, action: await workbenchText(`${item} .monaco-button`) };
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

/** Every notification's text. */
async function allNotices(): Promise<string> {
  await vscode.commands.executeCommand('notifications.showList');
  try {
    return await waitFor(() => workbenchText('.notifications-center'), { timeoutMs: SHOWN_MS, what: 'the notification center' });
  } finally {
    await vscode.commands.executeCommand('notifications.hideList');
  }
}

async function previewText(preview: vscode.Uri, expected: string): Promise<string> {
  let last: string | undefined;
  return waitFor(
    () => {
      last = vscode.workspace.textDocuments.find((document) => document.uri.toString() === preview.toString())?.getText();
      return last?.includes(expected) ? last : undefined;
    },
    { timeoutMs: SHOWN_MS, what: `the preview to show ${JSON.stringify(expected)} (last: ${JSON.stringify(last?.slice(0, 400))})` },
  );
}

describe('untrusted: file references stay inside the workspace', () => {
  const suite = useSuiteSimulator({ args: ['--zero-latency'], settings: { maxTokens: 16 }, panel: { contains: EXPERIMENT_PANEL, name: 'experiment panel' } });

  /** Every request that would carry a prompt: batch submissions and chat completions, streamed or queued. */
  async function promptRequests(): Promise<number> {
    const { requests } = await suite.sim.stats();
    return Object.entries(requests)
      .filter(([route]) => route.startsWith('POST /v1/'))
      .reduce((sum, [, count]) => sum + count, 0);
  }

  async function assertNothingShown(secret: string): Promise<void> {
    assert.equal(await webviewText(secret), undefined, 'a webview shows the outside file');
    for (const document of vscode.workspace.textDocuments) {
      if (document.uri.scheme !== 'file') assert.ok(!document.getText().includes(secret), `${document.uri.toString()} shows the outside file`);
    }
    assert.ok(!(await allNotices()).includes(secret), 'a notification shows the outside file');
  }

  it('runs in Restricted Mode', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('refuses a config whose prompt is file://../outside.txt: in Problems, in Preview Cells and in Run Experiment, and sends nothing', async () => {
    outsideFile('outside.txt', `Repeat after me: ${PROMPT_SECRET}\n`);
    const config = await workspaceFile('confine/promptfooconfig.yaml', 'prompts:\n  - file://../../outside.txt\nproviders:\n  - scalarlm:base\ntests:\n  - vars: {}\n');
    const before = await promptRequests();

    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    const refusal = await notice('Nothing was sent', 'the refusal of Run Experiment');
    assert.match(refusal.text, /ScalarLM: confine\/promptfooconfig\.yaml:2:\d+: `\.\.\/\.\.\/outside\.txt` is outside the workspace folder/);
    assert.match(refusal.text, /into the workspace\. Nothing was sent\./);
    assert.equal(refusal.action, 'Manage Workspace Trust');
    const problem = await waitFor(() => vscode.languages.getDiagnostics(config).find((d) => /outside the workspace/.test(d.message)), { timeoutMs: SHOWN_MS, what: 'the refusal in the Problems panel' });
    assert.equal(problem.range.start.line, 1, 'the refusal is at the line of the reference');
    assert.equal(problem.severity, vscode.DiagnosticSeverity.Error);

    await vscode.commands.executeCommand('notifications.clearAll');
    const cells = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewCells', config);
    const text = await previewText(cells, 'outside the workspace');
    assert.match(text, /confine\/promptfooconfig\.yaml:2:\d+: `\.\.\/\.\.\/outside\.txt` is outside the workspace folder/);
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', cells)) ?? [];
    assert.ok(lenses.some((lens) => lens.command?.command === 'workbench.trust.manage'), 'the preview offers Manage Workspace Trust');

    assert.equal(await promptRequests(), before, 'nothing reached the deployment');
    assert.equal(await webviewQuery(EXPERIMENT_PANEL, 'main'), undefined, 'no experiment panel opened');
    await assertNothingShown(PROMPT_SECRET);
  });

  it('refuses a .prompty whose sample is ${file:../secret.json}: in its preview, Run with Sample and Chat with Prompt, and sends nothing', async () => {
    outsideFile('secret.json', JSON.stringify({ name: SAMPLE_SECRET }));
    const prompty = await workspaceFile('confine/outside-sample.prompty', '---\nname: Outside sample\ntemplate: mustache\nsample: ${file:../../secret.json}\n---\nuser:\nHello {{name}}\n');
    const before = await promptRequests();
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(prompty));

    const preview = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewPrompt', prompty);
    const text = await previewText(preview, 'outside the workspace');
    assert.match(text, /confine\/outside-sample\.prompty:4:\d+: `\.\.\/\.\.\/secret\.json` is outside the workspace folder/);
    assert.equal((await notice('outside the workspace', 'the preview refusal')).action, 'Manage Workspace Trust');
    const problem = await waitFor(() => vscode.languages.getDiagnostics(prompty).find((d) => /outside the workspace/.test(d.message)), { timeoutMs: SHOWN_MS, what: 'the refusal in the Problems panel' });
    assert.equal(problem.range.start.line, 3, 'the refusal is at the `sample:` line');

    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.runPromptWithSample', prompty);
    const sampleRefusal = await notice('Nothing was sent', 'the refusal of Run with Sample');
    assert.match(sampleRefusal.text, /confine\/outside-sample\.prompty:4:\d+: `\.\.\/\.\.\/secret\.json` is outside the workspace folder/);
    assert.equal(sampleRefusal.action, 'Manage Workspace Trust');

    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.chatWithPrompt', prompty);
    assert.match((await notice('No chat was opened', 'the refusal of Chat with Prompt')).text, /outside the workspace folder/);
    assert.equal(await webviewQuery('scalarlm-chat', 'main'), undefined, 'no chat opened');

    assert.equal(await promptRequests(), before, 'nothing reached the deployment');
    await assertNothingShown(SAMPLE_SECRET);
  });

  it('refuses a link inside the workspace that points outside it, and still reads the files inside', async () => {
    const target = outsideFile('linked.txt', `Repeat after me: ${LINKED_SECRET}\n`);
    await workspaceFile('confine/links/inside.txt', 'Say hello [[sim:respond=hello]]\n');
    symlinkSync(target, join(workspaceFolder(), 'confine', 'links', 'linked.txt'));
    const config = await workspaceFile('confine/links/promptfooconfig.yaml', 'prompts:\n  - file://inside.txt\n  - file://linked.txt\nproviders:\n  - scalarlm:base\n');
    const before = await promptRequests();

    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    assert.match((await notice('Nothing was sent', 'the refusal of the link')).text, /confine\/links\/promptfooconfig\.yaml:3:\d+: `linked\.txt` is a link to .*linked\.txt, outside the workspace folder/);
    assert.equal(await promptRequests(), before, 'nothing reached the deployment');
    await assertNothingShown(LINKED_SECRET);

    // Without the link, the file inside the workspace runs.
    await workspaceFile('confine/links/promptfooconfig.yaml', 'prompts:\n  - file://inside.txt\nproviders:\n  - scalarlm:base\n');
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    assert.ok((await promptRequests()) > before, 'the experiment inside the workspace was sent');
  });
});
