// Chat as a playground, against the simulator: New Chat with its controls (what is changed there is what
// the simulator receives), Compare Models with controls per column, the Chat History view (listed, reopened after its panel closed, renamed,
// exported, deleted), a tool call answered with a result, and a turn's request copied as cURL.

import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { pressKey, screenshot, typeText, webviewClick, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { setSettings } from './helpers/settings';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { clickUntil, waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { readmeImage } from './helpers/readme-image';

const CHAT = 'scalarlm-chat';
const BASE = 'tiny-random/gemma-4-dense';
/** The simulator's first example adaptor (exampleJobs): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const HISTORY = '.monaco-list[aria-label="Chat History"]';
const WAIT_MS = 20_000;

interface StoredChat {
  model: string;
  chatRequest: Record<string, unknown>;
}

/** The queued chats the simulator stored, newest first (its request browser, protocol §5). */
async function storedChats(sim: { url: string }): Promise<StoredChat[]> {
  const list = (await (await fetch(`${sim.url}/v1/generate/list_requests`)).json()) as { rows: { request_id: string; model: string }[] };
  return Promise.all(
    list.rows.map(async (row) => {
      const detail = (await (await fetch(`${sim.url}/v1/generate/request/${row.request_id}`)).json()) as { request: { chat_request?: Record<string, unknown> }[] };
      return { model: row.model, chatRequest: detail.request[0]?.chat_request ?? {} };
    }),
  );
}

async function answerDone(turn: number, column = 0): Promise<string> {
  await waitFor(async () => (await webviewQuery(CHAT, `.answer[data-turn="${turn}"][data-answer="${column}"][data-state="done"]`))?.count, {
    timeoutMs: WAIT_MS,
    what: `answer ${turn}:${column} to be done`,
  });
  return webviewEval<string>(CHAT, `document.querySelector('.answer[data-turn="${turn}"][data-answer="${column}"] .model').textContent`);
}

/** Sets a control as a person would (the page sends it on change). */
async function setControl(selector: string, value: string | boolean): Promise<void> {
  const property = typeof value === 'boolean' ? 'checked' : 'value';
  await webviewEval(
    CHAT,
    `(() => { const el = document.querySelector(${JSON.stringify(`#controls ${selector}`)}); el.${property} = ${JSON.stringify(value)}; el.dispatchEvent(new Event('change', { bubbles: true })); })()`,
  );
}

async function send(text: string): Promise<void> {
  // A toast left from the window's start (the deployment not yet set) would take the click.
  await vscode.commands.executeCommand('notifications.clearAll');
  await webviewClick(CHAT, '#composer textarea');
  await typeText(text);
  await webviewClick(CHAT, 'button[data-action="send"]');
}

/** The body of a copied cURL command: the single-quoted word after --data-raw. */
function curlBody(command: string): unknown {
  const start = command.indexOf("--data-raw '");
  assert.ok(start >= 0, `no --data-raw in ${command}`);
  return JSON.parse(command.slice(start + "--data-raw '".length, command.trimEnd().length - 1).replace(/'\\''/g, "'"));
}

describe('chat playground', () => {
  const suite = useSuiteSimulator({ args: ['--zero-latency'], exampleJobs: true, settings: { model: '', maxTokens: 48, temperature: 0, 'chat.stream': true, 'chat.systemPrompt': '' }, panel: { contains: CHAT, name: 'chat panel' } });

  it('New Chat: controls from the settings, the default model named, and what the controls say is what the next turn sends', async () => {
    await vscode.commands.executeCommand('scalarlm.newChat');
    // The model list arrives from /v1/models: the default named, the adaptors by their short name, with their parent.
    await waitFor(async () => (await webviewQuery(CHAT, `select[data-control="model"] option[value="${ADAPTOR}"]`))?.count, { timeoutMs: WAIT_MS, what: 'the model list' });
    const initial = await webviewEval<{ maxTokens: string; temperature: string; stream: boolean; firstOption: string; adaptor: string }>(
      CHAT,
      `(() => ({ maxTokens: document.querySelector('[data-control="maxTokens"]').value, temperature: document.querySelector('[data-control="temperature"]').value,
        stream: document.querySelector('[data-control="stream"]').checked, firstOption: document.querySelector('select[data-control="model"] option').textContent,
        adaptor: document.querySelector('select[data-control="model"] option[value="${ADAPTOR}"]').textContent }))()`,
    );
    assert.deepEqual(initial, { maxTokens: '48', temperature: '', stream: true, firstOption: `Default: ${BASE}`, adaptor: `adaptor ${ADAPTOR.slice(0, 8)} (on ${BASE})` });

    await send('Hello there');
    assert.equal(await answerDone(0), BASE, 'the panel names the model that answered');
    assert.equal((await webviewQuery(CHAT, '.models .model-chip'))?.texts[0], `${BASE} (default)`, 'and the header the default it stands for');
    assert.equal((await webviewQuery(CHAT, '.chat-title'))?.texts[0], 'Hello there', 'a new chat takes its first message as its title');

    await setControl('select[data-control="model"]', ADAPTOR);
    await setControl('[data-control="temperature"]', '0.7');
    await setControl('[data-control="maxTokens"]', '33');
    await setControl('[data-control="stream"]', false);
    await setControl('[data-control="system"]', 'Be terse.');
    await waitFor(async () => (await webviewQuery(CHAT, '.models .model-chip'))?.texts[0]?.startsWith(ADAPTOR.slice(0, 12)), { timeoutMs: WAIT_MS, what: 'the header to name the chosen model' });
    await send('A second question');
    assert.equal(await answerDone(1), `${ADAPTOR.slice(0, 12)}…`);
    await readmeImage('chat-playground');

    // Only the second turn went through the queue (stream off), so the simulator kept its request.
    const stored = await storedChats(suite.sim);
    const second = stored.find((chat) => (chat.chatRequest.messages as { content: string }[] | undefined)?.some((m) => m.content === 'A second question'));
    assert.ok(second, `the queued turn on the simulator (${stored.length} stored)`);
    const { chatRequest } = second;
    assert.deepEqual(
      { model: chatRequest.model, temperature: chatRequest.temperature, max_tokens: chatRequest.max_tokens, stream: chatRequest.stream, system: (chatRequest.messages as unknown[])[0] },
      { model: ADAPTOR, temperature: 0.7, max_tokens: 33, stream: false, system: { role: 'system', content: 'Be terse.' } },
    );
  });

  it('Compare Models: each column its own temperature, max tokens and system prompt, one stream checkbox; each column sends and copies its own', async () => {
    const comparing = vscode.commands.executeCommand('scalarlm.compareModels');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('served ·'), { timeoutMs: WAIT_MS, what: 'the model list' });
    await workbenchClick('.quick-input-widget:visible .quick-input-check-all');
    await pressKey('Enter');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('every model answers'), { timeoutMs: WAIT_MS, what: 'the message box' });
    await typeText('First, side by side.');
    await pressKey('Enter');
    await comparing;
    const columns = await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"]'))?.count, { timeoutMs: WAIT_MS, what: 'the columns' });
    assert.ok(columns >= 2, `${columns} columns`);
    await Promise.all(Array.from({ length: columns }, (_, c) => answerDone(0, c)));
    const shown = await webviewEval<{ temperatures: number; maxTokens: number; systems: number; streams: number; labels: string[] }>(
      CHAT,
      `(() => ({ temperatures: document.querySelectorAll('#controls [data-control="temperature"]').length, maxTokens: document.querySelectorAll('#controls [data-control="maxTokens"]').length,
        systems: document.querySelectorAll('#controls textarea[data-control="system"]').length, streams: document.querySelectorAll('#controls [data-control="stream"]').length,
        labels: [...document.querySelectorAll('#controls .column-controls .control-label')].filter((l) => l.textContent.startsWith('Model')).map((l) => l.textContent) }))()`,
    );
    assert.deepEqual(shown, { temperatures: columns, maxTokens: columns, systems: columns, streams: 1, labels: Array.from({ length: columns }, (_, c) => `Model ${c + 1}`) });

    await setControl('[data-control="temperature"][data-column="1"]', '0.9');
    await setControl('[data-control="maxTokens"][data-column="1"]', '21');
    await setControl('textarea[data-control="system"][data-column="1"]', 'Answer as a pirate.');
    await setControl('[data-control="stream"]', false);
    await waitFor(async () => (await webviewQuery(CHAT, '#controls .column-controls[data-column="1"] summary'))?.texts[0] === 'System prompt', { timeoutMs: WAIT_MS, what: "the host to keep column 2's system prompt" });
    assert.equal((await webviewQuery(CHAT, '#controls .column-controls[data-column="0"] summary'))?.texts[0], 'System prompt (none)', 'column 1 keeps its own');
    // Opened for the screenshot: column 2's system prompt takes a line of its own under its row.
    await webviewEval(CHAT, `document.querySelector('#controls .column-controls[data-column="1"] details').open = true`);
    await screenshot('chat-compare-columns');
    await send('Second, per column.');
    await Promise.all(Array.from({ length: columns }, (_, c) => answerDone(1, c)));

    // Stream off: the second turn went through the queue, so the simulator kept each column's request.
    const stored = (await storedChats(suite.sim)).filter((chat) => (chat.chatRequest.messages as { content: string }[] | undefined)?.some((m) => m.content === 'Second, per column.'));
    assert.equal(stored.length, columns, 'one request per column');
    const sent = (chat: StoredChat) => ({ temperature: chat.chatRequest.temperature, max_tokens: chat.chatRequest.max_tokens, stream: chat.chatRequest.stream, first: (chat.chatRequest.messages as { role: string; content: string }[])[0] });
    const pirate = stored.filter((chat) => sent(chat).first.role === 'system');
    assert.equal(pirate.length, 1, 'only column 2 has a system prompt');
    assert.deepEqual(sent(pirate[0]), { temperature: 0.9, max_tokens: 21, stream: false, first: { role: 'system', content: 'Answer as a pirate.' } });
    for (const other of stored.filter((chat) => chat !== pirate[0])) {
      assert.deepEqual(sent(other), { temperature: undefined, max_tokens: 48, stream: false, first: { role: 'user', content: 'First, side by side.' } }, 'the other columns as the settings started them');
    }

    for (const [column, expected] of [[1, pirate[0]], [0, undefined]] as const) {
      await vscode.env.clipboard.writeText('');
      await webviewClick(CHAT, `.answer[data-turn="1"][data-answer="${column}"] button[data-code="curl"]`);
      const copied = await waitFor(async () => {
        const text = await vscode.env.clipboard.readText();
        return text.startsWith('curl') && text;
      }, { timeoutMs: WAIT_MS, what: `column ${column + 1}'s cURL command on the clipboard` });
      const body = curlBody(copied);
      const model = (body as { model?: string }).model;
      assert.deepEqual(body, (expected ?? stored.find((chat) => chat.chatRequest.model === model && chat !== pirate[0]))?.chatRequest, `column ${column + 1} copies exactly what it sent`);
    }
  });

  it('Chat History lists conversations newest first; one reopens after its panel closed, is renamed, exported and deleted', async () => {
    await vscode.commands.executeCommand('scalarlm.newChat');
    await waitFor(async () => (await webviewQuery(CHAT, '#composer textarea:not([disabled])'))?.count, { timeoutMs: WAIT_MS, what: 'the new chat' });
    await send('Why do rivers meander?');
    await answerDone(0);
    const chatId = await webviewEval<string>(CHAT, `document.querySelector('main').dataset.chatId`);
    const answer = await webviewEval<string>(CHAT, `document.querySelector('.answer .content').textContent`);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(CHAT, 'main')) === undefined, { timeoutMs: 10_000, what: 'the chat panel to close' });

    await vscode.commands.executeCommand('scalarlm.chatHistory.focus');
    const first = `${HISTORY} .monaco-list-row[aria-posinset="1"]`;
    await waitFor(async () => (await workbenchText(first))?.includes('Why do rivers meander?'), { timeoutMs: WAIT_MS, what: 'the conversation first in Chat History' });
    assert.ok((await workbenchText(first))?.includes(`${BASE} · Why do rivers meander?`), 'with the model that answered and the first line');

    const reopened = async () => (await webviewQuery(CHAT, '.turn[data-turn="0"] .user'))?.texts[0];
    await clickUntil(() => workbenchClick(first), reopened, { timeoutMs: WAIT_MS, what: 'the conversation to open again' });
    assert.equal(await reopened(), 'Why do rivers meander?');
    assert.equal(await webviewEval<string>(CHAT, `document.querySelector('.answer .content').textContent`), answer, 'with its answer');

    // The reopened panel takes focus once its webview has loaded, and that closes a quick input opened before it.
    await waitFor(() => webviewEval<boolean>(CHAT, 'document.hasFocus()'), { timeoutMs: WAIT_MS, what: 'the reopened panel to take focus' });
    await clickUntil(
      () => workbenchClick(`${HISTORY} .monaco-list-row:has-text("Why do rivers meander?") .action-label[aria-label="Rename Conversation…"]`),
      async () => (await workbenchText('.quick-input-widget:visible'))?.includes('Rename Conversation'),
      { timeoutMs: WAIT_MS, what: 'the rename box' },
    );
    await typeText('Meanders');
    await pressKey('Enter');
    await waitFor(async () => (await webviewQuery(CHAT, '.chat-title'))?.texts[0] === 'Meanders', { timeoutMs: WAIT_MS, what: 'the open panel to take the new name' });
    await waitFor(async () => (await workbenchText(first))?.includes('Meanders'), { timeoutMs: WAIT_MS, what: 'Chat History to show the new name' });

    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const jsonFile = vscode.Uri.joinPath(folder, 'exports', 'meanders.chat.json');
    const markdownFile = vscode.Uri.joinPath(folder, 'exports', 'meanders.md');
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(folder, 'exports'));
    await vscode.commands.executeCommand('scalarlm.chatHistory.exportJson', chatId, jsonFile, 0);
    await vscode.commands.executeCommand('scalarlm.chatHistory.exportMarkdown', chatId, markdownFile);
    // The panel shows the answer rendered from markdown (a paragraph, and its line end); the file has its text.
    assert.deepEqual(JSON.parse(await readFile(jsonFile.fsPath, 'utf8')), {
      messages: [
        { role: 'user', content: 'Why do rivers meander?' },
        { role: 'assistant', content: answer.trim() },
      ],
    });
    const markdown = await readFile(markdownFile.fsPath, 'utf8');
    assert.match(markdown, /^# Meanders\n/);
    assert.ok(markdown.includes(`### You\n\nWhy do rivers meander?\n\n### ${BASE} (done)\n\n${answer.trim()}`), markdown);

    await workbenchClick(`${HISTORY} .monaco-list-row:has-text("Meanders") .action-label[aria-label="Delete Conversation"]`);
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('Delete the conversation "Meanders"'), { timeoutMs: WAIT_MS, what: 'the delete question' });
    await pressKey('Enter');
    await waitFor(async () => (await webviewQuery(CHAT, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the deleted conversation’s panel to close' });
    await waitFor(async () => !(await workbenchText(HISTORY))?.includes('Meanders'), { timeoutMs: WAIT_MS, what: 'Chat History to drop it' });
    assert.equal(await vscode.commands.executeCommand('scalarlm.openChat', chatId), false, 'it is gone from the store');
  });

  it('imports a conversation from a messages file or a .prompty: its turns shown, its last message waiting in the box, nothing sent', async () => {
    const sentBefore = (await suite.sim.stats()).requests['POST /v1/chat/completions'] ?? 0;
    const lines = [
      { role: 'system', content: 'You answer in one line.' },
      { role: 'user', content: 'What is a queue?' },
      { role: 'assistant', content: 'A line of work waiting its turn.' },
      { role: 'user', content: 'And a stack?' },
    ];
    const file = await workspaceFile('chat/imported.jsonl', lines.map((line) => JSON.stringify(line)).join('\n'));
    await vscode.commands.executeCommand('scalarlm.importConversation', file);
    await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"] .content'))?.texts[0]?.includes('A line of work'), { timeoutMs: WAIT_MS, what: 'the imported turn' });
    const shown = await webviewEval<{ user: string; model: string; draft: string; system: string; copyButtons: number }>(
      CHAT,
      `(() => ({ user: document.querySelector('.turn[data-turn="0"] .user').textContent, model: document.querySelector('.answer .model').textContent,
        draft: document.querySelector('#composer textarea').value, system: document.querySelector('[data-control="system"]').value,
        copyButtons: document.querySelectorAll('.answer button[data-code]').length }))()`,
    );
    assert.deepEqual(shown, { user: 'What is a queue?', model: 'from the file', draft: 'And a stack?', system: 'You answer in one line.', copyButtons: 0 });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(CHAT, 'main')) === undefined, { timeoutMs: 10_000, what: 'the chat panel to close' });

    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    await vscode.commands.executeCommand('scalarlm.importConversation', vscode.Uri.joinPath(folder, 'authoring', 'greet.prompty'));
    const draft = await waitFor(async () => (await webviewQuery(CHAT, 'main[data-chat-id]'))?.count && webviewEval<string>(CHAT, `document.querySelector('#composer textarea').value`), {
      timeoutMs: WAIT_MS,
      what: 'the imported .prompty',
    });
    assert.equal(draft, 'Hi, I am Ada. Where should I eat tonight?');
    assert.equal(await webviewEval<string>(CHAT, `document.querySelector('[data-control="system"]').value`), 'You are a guide for Paris.');
    assert.equal(await webviewEval<string>(CHAT, `document.querySelector('[data-control="maxTokens"]').value`), '48', "the .prompty's parameters");
    assert.equal((await suite.sim.stats()).requests['POST /v1/chat/completions'] ?? 0, sentBefore, 'an import sends nothing');
  });

  it('continues an imported conversation that ends in a tool result: Send (with no text) or Retry asks the model to answer it, the call and its result kept', async () => {
    await setSettings({ 'chat.stream': false });
    try {
      const call = { id: 'call_oslo', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Oslo"}' } };
      const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
      const messages = [
        { role: 'user', content: 'Weather in Oslo?' },
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_oslo', content: '{"celsius": -3}' },
      ];
      const file = await workspaceFile('chat/ends-in-tool-result.json', JSON.stringify({ messages, tools }));
      for (const action of ['send', 'retry']) {
        await vscode.commands.executeCommand('scalarlm.importConversation', file);
        await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-result-text'))?.texts[0] === '{"celsius": -3}', { timeoutMs: WAIT_MS, what: 'the imported tool result' });
        await waitFor(async () => !(await webviewEval<boolean>(CHAT, `document.querySelector('button[data-action="${action}"]').disabled`)), {
          timeoutMs: WAIT_MS,
          what: `${action} enabled, the message box empty`,
        });
        const storedBefore = (await storedChats(suite.sim)).length;
        await webviewClick(CHAT, `button[data-action="${action}"]`);
        await waitFor(async () => (await webviewQuery(CHAT, '.turn[data-turn="1"][data-kind="tool"]'))?.count, { timeoutMs: WAIT_MS, what: `the tool turn (${action})` });
        await answerDone(1);
        const stored = await storedChats(suite.sim);
        assert.equal(stored.length, storedBefore + 1, `one request (${action})`);
        const sent = stored[0].chatRequest as { messages: unknown[]; tools: unknown };
        assert.deepEqual(sent.messages, messages, `the conversation as imported, ending in the tool result (${action})`);
        assert.deepEqual(sent.tools, tools);
        assert.equal((await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-result-text'))?.texts[0], '{"celsius": -3}', `the call and its result are kept (${action})`);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await waitFor(async () => (await webviewQuery(CHAT, 'main')) === undefined, { timeoutMs: 10_000, what: 'the chat panel to close' });
      }
    } finally {
      await setSettings({ 'chat.stream': true });
    }
  });

  it('answers a tool call with a result and goes on; Copy as cURL puts the exact body on the clipboard, the token as a placeholder', async () => {
    const token = 'tok-playground-secret';
    const setting = vscode.commands.executeCommand('scalarlm.setGatewayToken');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('secret storage'), { timeoutMs: 10_000, what: 'the token input' });
    await typeText(token);
    await pressKey('Enter');
    await setting;
    await setSettings({ 'chat.stream': false });
    try {
      const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
      const file = await workspaceFile('chat/tools.json', JSON.stringify({ messages: [{ role: 'user', content: 'Weather in Oslo? [[sim:tool-call]]' }], tools, tool_choice: 'auto' }));
      await vscode.commands.executeCommand('scalarlm.chatWithFile', file);
      await answerDone(0);
      assert.equal((await webviewQuery(CHAT, '.tools'))?.texts[0], 'Tools offered: get_weather');
      assert.equal((await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-name'))?.texts[0], 'get_weather');
      assert.match((await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-arguments'))?.texts[0] ?? '', /"city": "/);
      const callId = (await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-id'))?.texts[0];
      assert.ok(callId);

      await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-turn="0"] textarea.tool-result-input'))?.count, { timeoutMs: WAIT_MS, what: 'the result box' });
      await webviewClick(CHAT, '.answer[data-turn="0"] textarea.tool-result-input');
      await typeText('{"celsius": -3}');
      await webviewClick(CHAT, '.answer[data-turn="0"] button.send-tool-result');
      await waitFor(async () => (await webviewQuery(CHAT, '.turn[data-turn="1"][data-kind="tool"]'))?.count, { timeoutMs: WAIT_MS, what: 'the tool turn' });
      await answerDone(1);
      assert.equal((await webviewQuery(CHAT, '.answer[data-turn="0"] .tool-result-text'))?.texts[0], '{"celsius": -3}');
      await screenshot('chat-playground-tool-call');

      await vscode.env.clipboard.writeText('');
      await webviewClick(CHAT, '.answer[data-turn="1"][data-answer="0"] button[data-code="curl"]');
      const copied = await waitFor(async () => {
        const text = await vscode.env.clipboard.readText();
        return text.startsWith('curl') && text;
      }, { timeoutMs: WAIT_MS, what: 'the cURL command on the clipboard' });
      assert.ok(!copied.includes(token), 'never the token itself');
      assert.ok(copied.includes('-H "Authorization: Bearer ${SCALARLM_TOKEN}"'), copied);
      assert.ok(copied.includes(`'${suite.sim.url}/v1/chat/completions'`), copied);
      const body = curlBody(copied) as { messages: unknown[]; tools: unknown };
      assert.deepEqual(body.messages.at(-1), { role: 'tool', tool_call_id: callId, content: '{"celsius": -3}' });
      assert.deepEqual(body.tools, tools);
      const [newest] = await storedChats(suite.sim);
      assert.deepEqual(newest.chatRequest, body, 'exactly the body the simulator received');
    } finally {
      await vscode.commands.executeCommand('scalarlm.clearGatewayToken');
      await setSettings({ 'chat.stream': true });
    }
  });
});
