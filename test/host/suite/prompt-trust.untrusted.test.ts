// In Restricted Mode (workspace trust on, this folder not trusted): a Jinja2 template that reaches for
// `constructor` to run code is refused, in the preview and in the chat commands, with a way to manage
// trust, and none of its code runs in the extension host; a mustache template still renders. Last, the
// folder is trusted through the Workspace Trust editor, and an open preview renders at once, a sample outside
// the workspace (refused until then) included.

import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { workbenchClick, webviewQuery, workbenchText } from './helpers/page';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const SHOWN_MS = 10_000;
const probe = globalThis as Record<string, unknown>;

function fileUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'The host tests need a workspace folder.');
  return vscode.Uri.joinPath(folder, 'authoring', 'untrusted', ...parts);
}

async function previewOf(uri: vscode.Uri, expected: string): Promise<string> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  return waitForPreview(await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewPrompt', uri), expected);
}

async function waitForPreview(preview: vscode.Uri, expected: string): Promise<string> {
  let last: string | undefined;
  return waitFor(
    () => {
      last = vscode.workspace.textDocuments.find((document) => document.uri.toString() === preview.toString())?.getText();
      return last?.includes(expected) ? last : undefined;
    },
    { timeoutMs: SHOWN_MS, what: `the preview to show ${JSON.stringify(expected)} (last: ${JSON.stringify(last?.slice(0, 300))})` },
  );
}

describe('untrusted: templates in Restricted Mode', () => {
  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('runs in Restricted Mode', () => {
    assert.equal(vscode.workspace.isTrusted, false);
  });

  it('refuses a Jinja2 template that reaches for constructor, and none of its code runs', async () => {
    const reach = fileUri('reach.prompty');
    const text = await previewOf(reach, '## Not rendered: this workspace is in Restricted Mode');
    assert.match(text, /reach\.prompty:1: this workspace is in Restricted Mode, and Jinja2 templates run only in trusted workspaces/);
    assert.equal(probe.__pwned, undefined, 'the template ran code in the extension host');
    const notice = await waitFor(async () => {
      const toasts = await workbenchText('.notifications-toasts');
      return toasts?.includes('Restricted Mode') && toasts;
    }, { timeoutMs: SHOWN_MS, what: 'the refusal notification' });
    assert.match(notice, /ScalarLM: authoring\/untrusted\/reach\.prompty:1: this workspace is in Restricted Mode/);
    assert.match(notice, /Manage Workspace Trust/);

    await vscode.commands.executeCommand('notifications.clearAll');
    await vscode.commands.executeCommand('scalarlm.chatWithPrompt', reach);
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes('Restricted Mode'), { timeoutMs: SHOWN_MS, what: 'the chat refusal' });
    assert.equal(await webviewQuery('scalarlm-chat', 'main'), undefined, 'no chat opened');
    assert.equal(probe.__pwned, undefined, 'the template ran code in the extension host');
  });

  it('renders a mustache template', async () => {
    const text = await previewOf(fileUri('logic-less.prompty'), '```text\nHello Ada, from a mustache template.\n```');
    assert.match(text, /^- Engine: mustache$/m);
    assert.doesNotMatch(text, /Not rendered/);
  });

  // Last: it leaves the folder trusted.
  it('renders a refused preview as soon as the folder is trusted', async () => {
    writeFileSync(join(fileUri().fsPath, '..', '..', '..', 'beside-the-workspace.json'), JSON.stringify({ name: 'Grace' }));
    const outside = await workspaceFile('authoring/untrusted/outside-sample.prompty', '---\ntemplate: mustache\nsample: ${file:../../../beside-the-workspace.json}\n---\nuser:\nHello {{name}}\n');
    const outsidePreview = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewPrompt', outside);
    await waitForPreview(outsidePreview, 'is outside the workspace folder');
    const harmless = fileUri('harmless.prompty');
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(harmless));
    const preview = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.previewPrompt', harmless);
    await waitForPreview(preview, '## Not rendered: this workspace is in Restricted Mode');
    const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', preview)) ?? [];
    const manage = lenses.find((lens) => lens.command?.title === 'Manage Workspace Trust')?.command;
    assert.equal(manage?.command, 'workbench.trust.manage');
    await vscode.commands.executeCommand(manage.command);
    await waitFor(async () => (await workbenchText('.workspace-trust-editor .workspace-trust-buttons'))?.includes('Trust'), { timeoutMs: SHOWN_MS, what: 'the Workspace Trust editor' });
    await workbenchClick('.workspace-trust-editor .workspace-trust-buttons .monaco-button >> nth=0');
    await waitFor(() => vscode.workspace.isTrusted, { timeoutMs: SHOWN_MS, what: 'the folder to be trusted' });
    await waitForPreview(preview, '```text\nHello ADA\n```');
    await waitForPreview(outsidePreview, '```text\nHello Grace\n```');
  });
});
