// Across a window reload: a conversation comes back in its panel, turns and answers as they were.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewEval, webviewQuery } from './helpers/page';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';

/** Its panel, told from other chats open in the window: by its question before the reload, by its id after. */
const QUESTION = 'A question asked before the reload.';

const answerText = (panel: string) => webviewEval<string>(panel, `document.querySelector('.answer[data-turn="0"] .content')?.textContent ?? ''`).catch(() => '');

describe('chat across a window reload', () => {
  itAcrossReload('brings the conversation back', {
    before: async () => {
      const sim = await startSimulatorProcess(['--zero-latency']);
      await setSettings({ baseUrl: sim.url });
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder, 'chat-before-reload.md');
      await vscode.workspace.fs.writeFile(uri, Buffer.from(QUESTION));
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      editor.selection = new vscode.Selection(0, 0, 1, 0);
      await vscode.commands.executeCommand('scalarlm.chatWithSelection');
      const text = await waitFor(async () => (await webviewQuery(QUESTION, '.answer[data-turn="0"][data-state="done"]'))?.count && (await answerText(QUESTION)), {
        timeoutMs: 20_000,
        what: 'the answer',
      });
      saveNote('chatId', await webviewEval<string>(QUESTION, `document.querySelector('main').dataset.chatId`));
      saveNote('answer', text);
      await resetSettings();
    },
    after: async () => {
      const chatId = readNote<string>('chatId');
      await vscode.commands.executeCommand('scalarlm.openChat', chatId);
      const user = await waitFor(async () => (await webviewQuery(chatId, '.turn[data-turn="0"] .user'))?.texts[0], { timeoutMs: 30_000, what: 'the restored conversation' });
      assert.equal(user, QUESTION);
      assert.equal(await answerText(chatId), readNote<string>('answer'));
    },
  });
});
