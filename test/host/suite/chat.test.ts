// Chat in the editor, against the simulator: streamed text growing in the panel, Stop, errors, the queue
// path through slow heartbeats, a two-model comparison, and model output that stays inert.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { pressKey, typeText, webviewClick, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { setSettings } from './helpers/settings';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { readmeImage } from './helpers/readme-image';

const CHAT = 'scalarlm-chat';
/** A scripted answer long enough to watch it stream (the simulator sends it four characters a token). */
const LONG_ANSWER = 'A queue holds work until a worker is free. '.repeat(12);

interface AnswerSeen {
  state: string;
  length: number;
  text: string;
}

function answerAt(turn: number, column: number): Promise<AnswerSeen | undefined> {
  return webviewEval<AnswerSeen | undefined>(
    CHAT,
    `(() => { const a = document.querySelector('.answer[data-turn="${turn}"][data-answer="${column}"]');
      return a ? { state: a.dataset.state, length: Number(a.dataset.length), text: a.querySelector('.content')?.textContent ?? '' } : undefined; })()`,
  ).catch(() => undefined);
}

async function waitForAnswer(turn: number, column: number, state: string, timeoutMs = 30_000): Promise<AnswerSeen> {
  let last: AnswerSeen | undefined;
  return waitFor(async () => ((last = await answerAt(turn, column))?.state === state ? last : undefined), {
    timeoutMs,
    what: `answer ${turn}:${column} to be ${state} (last: ${last?.state})`,
  });
}

let questions = 0;

async function chatAbout(text: string): Promise<void> {
  // A new file each time: a document VS Code still holds would show its old text.
  const uri = await workspaceFile(`chat/question-${++questions}.md`, text);
  const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
  editor.selection = new vscode.Selection(0, 0, editor.document.lineCount, 0);
  await vscode.commands.executeCommand('scalarlm.chatWithSelection');
}

describe('chat', () => {
  // Example jobs: Compare Models needs the adaptors beside the base model.
  useSuiteSimulator({ args: ['--tokens-per-second', '15', '--heartbeat-interval', '0.2'], exampleJobs: true, settings: { maxTokens: 60, 'chat.stream': true }, panel: { contains: CHAT, name: 'chat panel' } });

  it('streams the answer: the text grows over time, then the figures show', async () => {
    await chatAbout(`Tell me about queues. [[sim:respond=${LONG_ANSWER}]]`);
    const lengths: number[] = [];
    await waitFor(async () => {
      const seen = await answerAt(0, 0);
      if (seen?.state === 'streaming' && seen.length > (lengths[lengths.length - 1] ?? 0)) lengths.push(seen.length);
      return lengths.length >= 3;
    }, { timeoutMs: 20_000, what: 'the text to grow three times while streaming' });
    const done = await waitForAnswer(0, 0, 'done');
    assert.ok(done.length >= lengths[lengths.length - 1]);
    const footer = (await webviewQuery(CHAT, '.answer[data-turn="0"] .footer'))?.texts[0] ?? '';
    assert.match(footer, /\d+ prompt \+ \d+ completion tokens/);
    assert.match(footer, /first token/i);
    assert.match(footer, /tokens\/s/);
  });

  it('continues the conversation from the panel, and Stop keeps the partial text', async () => {
    await chatAbout('First question.');
    await waitForAnswer(0, 0, 'done');
    await webviewClick(CHAT, '#composer textarea');
    await typeText(`A second, longer question about rivers and queues. [[sim:respond=${LONG_ANSWER}]]`);
    await webviewClick(CHAT, 'button[data-action="send"]');
    await waitFor(async () => ((await answerAt(1, 0))?.length ?? 0) > 0, { timeoutMs: 20_000, what: 'the second answer to start' });
    await webviewClick(CHAT, 'button[data-action="stop"]');
    const stopped = await waitForAnswer(1, 0, 'stopped');
    assert.ok(stopped.length > 0, 'partial text kept');
    assert.match((await webviewQuery(CHAT, '.turn[data-turn="1"] .user'))?.texts[0] ?? '', /^A second, longer question about rivers and queues\./);
  });

  it('shows an SSE error event with the server text, and a cut stream as incomplete with its partial text', async () => {
    await setSettings({ model: 'no-such-model' });
    try {
      await chatAbout('Anyone there?');
      await waitForAnswer(0, 0, 'error');
      const error = (await webviewQuery(CHAT, '.answer[data-turn="0"] .error'))?.texts[0] ?? '';
      assert.match(error, /Failed to create chat completions/);
    } finally {
      await setSettings({ model: '' });
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await chatAbout(`This stream is cut short [[sim:sse-cut]] [[sim:respond=${LONG_ANSWER}]]`);
    const cut = await waitForAnswer(0, 0, 'incomplete');
    assert.ok(cut.length > 0, 'partial text kept');
  });

  it('waits through heartbeats on the queue path, showing it is waiting, then shows the answer', async () => {
    await setSettings({ 'chat.stream': false });
    try {
      await chatAbout('A queued question.');
      const waiting = await waitFor(async () => {
        const text = (await webviewQuery(CHAT, '.answer[data-turn="0"] .waiting'))?.texts[0];
        return text && /heartbeat/.test(text) && text;
      }, { timeoutMs: 20_000, what: 'the waiting line with heartbeats' });
      assert.match(waiting, /Waiting in the queue/i);
      const done = await waitForAnswer(0, 0, 'done');
      assert.ok(done.length > 0);
    } finally {
      await setSettings({ 'chat.stream': true });
    }
  });

  it('compares models side by side, streaming every column', async () => {
    const comparing = vscode.commands.executeCommand('scalarlm.compareModels');
    const list = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible');
      return text?.includes('served ·') && text;
    }, { timeoutMs: 10_000, what: 'the model list' });
    // Served models only (a chat naming another fails), each adaptor once by its short name.
    assert.match(list, /adaptor 9f86d081\s*served · /);
    assert.equal(list.split('adaptor 9f86d081').length - 1, 1, list);
    assert.doesNotMatch(list, /adaptor ed4d3139/, 'not the failed job');
    await workbenchClick('.quick-input-widget:visible .quick-input-check-all');
    await pressKey('Enter');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('every model answers'), { timeoutMs: 10_000, what: 'the message box' });
    await typeText('Compare yourselves.');
    await pressKey('Enter');
    await comparing;
    const columns = await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"]'))?.count, { timeoutMs: 20_000, what: 'the columns' });
    assert.ok(columns >= 2, `${columns} columns`);
    assert.equal((await webviewQuery(CHAT, '#controls select[data-control="model"]'))?.count, columns, 'a model control per column');
    const answers = await Promise.all(Array.from({ length: columns }, (_, c) => waitForAnswer(0, c, 'done')));
    assert.ok(answers.every((a) => a.length > 0));
    assert.equal(new Set(answers.map((a) => a.text)).size, columns, 'each model its own answer');
    await readmeImage('chat-compare', { darkWebview: CHAT });
  });

  it('renders model output with HTML inert', async () => {
    const hostile = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"> [click](javascript:window.pwned=3) **bold**';
    await chatAbout(`Answer this [[sim:respond-b64=${Buffer.from(hostile).toString('base64')}]]`);
    await waitForAnswer(0, 0, 'done');
    const dangerous = await webviewEval<number>(CHAT, `document.querySelectorAll('.answer .content script, .answer .content img, .answer [onerror], .answer a[href^="javascript"]').length`);
    assert.equal(dangerous, 0);
    assert.equal(await webviewEval(CHAT, 'typeof window.pwned'), 'undefined');
    // The finished answer is drawn whole on the next frame after it says done.
    await waitFor(async () => (await webviewQuery(CHAT, '.answer .content strong'))?.texts[0] === 'bold', { timeoutMs: 5000, what: 'the bold text rendered' });
  });
});
