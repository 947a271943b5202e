// Across a window reload: a conversation comes back in its panel, turns and answers as they were.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval, webviewQuery } from './helpers/page';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

const CHAT = 'scalarlm-chat';

const answerText = () => webviewEval<string>(CHAT, `document.querySelector('.answer[data-turn="0"] .content')?.textContent ?? ''`).catch(() => '');

describe('chat across a window reload', () => {
  itAcrossReload('brings the conversation back', {
    before: async () => {
      const sim = await startSimulatorProcess(['--zero-latency']);
      await setSettings({ baseUrl: sim.url });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder, 'chat-before-reload.md');
      await vscode.workspace.fs.writeFile(uri, Buffer.from('A question asked before the reload.'));
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      editor.selection = new vscode.Selection(0, 0, 1, 0);
      await vscode.commands.executeCommand('scalarlm.chatWithSelection');
      const text = await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"][data-state="done"]'))?.count && (await answerText()), {
        timeoutMs: 20_000,
        what: 'the answer',
      });
      saveNote('chatId', await webviewEval<string>(CHAT, `document.querySelector('main').dataset.chatId`));
      saveNote('answer', text);
      await resetSettings();
    },
    after: async () => {
      await vscode.commands.executeCommand('scalarlm.openChat', readNote<string>('chatId'));
      const user = await waitFor(async () => (await webviewQuery(CHAT, '.turn[data-turn="0"] .user'))?.texts[0], { timeoutMs: 30_000, what: 'the restored conversation' });
      assert.equal(user, 'A question asked before the reload.');
      assert.equal(await answerText(), readNote<string>('answer'));
    },
  });
});
