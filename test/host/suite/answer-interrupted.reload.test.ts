// A window reload in the middle of a streamed answer: the text that had arrived comes back, marked
// interrupted (not stopped: nobody pressed Stop) with a line saying the reload cut it, and Retry asks again
// and gets the whole answer.
//
// The reload must come while the answer streams, after the first parts of the other files that span a
// reload: this file's name sorts first of them (after annotated-answers, whose first part is over and closed by
// then), so its answer starts before one of them starts the local simulator (which takes precedence over the URL
// setting) and streams from this test's simulator, slowly.
// Its panel opens first, so theirs are in front at the reload, as they expect. After the reload the local
// simulator may be back: Retry is then answered at its pace.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { webviewClick, webviewEval, webviewQuery } from './helpers/page';
import { itAcrossReload, readNote, saveNote } from './helpers/reload';
import { resetSettings, setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

/** Its panel, told from the other chats the window restores: by the question before the reload, by its id after. */
const QUESTION = 'Tell me about rivers.';
/** 4,000 characters, four a token: 100 s at this test's ten tokens a second, 20 s at the local simulator's fifty. */
const LONG_ANSWER = 'A river carries what the rain gave it, one bend at a time. '.repeat(68);
/** A few seconds of text: the conversation was saved while it streamed. */
const SHOWN_BEFORE_RELOAD = 160;

interface AnswerSeen {
  state: string;
  text: string;
  error: string;
}

function firstAnswer(panel: string): Promise<AnswerSeen | undefined> {
  return webviewEval<AnswerSeen | undefined>(
    panel,
    `(() => { const a = document.querySelector('.answer[data-turn="0"][data-answer="0"]');
      return a ? { state: a.dataset.state, text: (a.querySelector('.content')?.textContent ?? '').trim(), error: a.querySelector('.error')?.hidden ? '' : a.querySelector('.error')?.textContent ?? '' } : undefined; })()`,
  ).catch(() => undefined);
}

describe('chat: an answer cut by a window reload', () => {
  itAcrossReload('keeps its text, marked interrupted, and Retry answers in full', {
    before: async () => {
      const sim = await startSimulatorProcess(['--tokens-per-second', '10']);
      // Ended by the session's end otherwise, which would cut the stream before the reload does.
      saveNote('interruptedSimPid', sim.keepThroughReload());
      saveNote('interruptedSimUrl', sim.url);
      await setSettings({ baseUrl: sim.url, 'chat.stream': true });
      const uri = await workspaceFile('chat/interrupted.md', `${QUESTION} [[sim:respond=${LONG_ANSWER}]]`);
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
      editor.selection = new vscode.Selection(0, 0, 1, 0);
      await vscode.commands.executeCommand('scalarlm.chatWithSelection');
      await waitFor(
        async () => {
          const seen = await firstAnswer(QUESTION);
          return seen?.state === 'streaming' && seen.text.length >= SHOWN_BEFORE_RELOAD;
        },
        { timeoutMs: 30_000, what: `the answer to stream ${SHOWN_BEFORE_RELOAD} characters` },
      );
      saveNote('interruptedChatId', await webviewEval<string>(QUESTION, `document.querySelector('main').dataset.chatId`));
      await resetSettings();
    },
    after: async () => {
      await stopOldSimulator(readNote<string>('interruptedSimUrl'), readNote<number>('interruptedSimPid'));
      const sim = await startSimulatorProcess(['--zero-latency']);
      try {
        await setSettings({ baseUrl: sim.url, 'chat.stream': true });
        const chatId = readNote<string>('interruptedChatId');
        await vscode.commands.executeCommand('scalarlm.openChat', chatId);
        let seen: AnswerSeen | undefined;
        await waitFor(async () => (seen = await firstAnswer(chatId))?.state === 'interrupted', { timeoutMs: 30_000, what: 'the answer restored as interrupted' });
        assert.ok(seen);
        assert.ok(seen.text.length > 0, 'the text that had arrived is kept');
        assert.ok(LONG_ANSWER.startsWith(seen.text), 'the text kept is the start of the answer');
        assert.ok(seen.text.length < LONG_ANSWER.length, 'and only the start');
        assert.match(seen.error, /window reload/i);
        assert.equal((await webviewQuery(chatId, '.answer[data-turn="0"] .badge'))?.texts[0], 'interrupted');

        await webviewClick(chatId, 'button[data-action="retry"]');
        await waitFor(async () => (seen = await firstAnswer(chatId))?.state === 'done', { timeoutMs: 40_000, what: 'the retried answer, done' });
        assert.equal(seen.text, LONG_ANSWER.trim());
        assert.equal(seen.error, '');
        assert.equal((await webviewQuery(chatId, '.turn'))?.count, 1, 'Retry answers the same turn again');
        // The other chats restored here read "the chat panel": this one goes.
        await closeTabs((label) => label.startsWith(`Chat: ${QUESTION}`));
      } finally {
        await resetSettings();
        await sim.stop();
      }
    },
  });
});

async function closeTabs(which: (label: string) => boolean): Promise<void> {
  const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && which(tab.label));
  await vscode.window.tabGroups.close(tabs);
}

/** The simulator the first session left streaming, if it still runs (it is checked by its URL before its process is ended). */
async function stopOldSimulator(url: string, pid: number): Promise<void> {
  const alive = await fetch(`${url}/_sim/stats`).then(
    (response) => response.ok,
    () => false,
  );
  if (alive) process.kill(pid, 'SIGTERM');
}
