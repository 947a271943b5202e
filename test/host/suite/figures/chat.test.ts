// Figures of chat streaming through the extension, for bench/extension-figures.ts: whether the panel keeps
// every token at 2,000 and 5,000 tokens/s, messages per second into the webview, and time to first token
// beside a raw read of the same stream in the same run.

import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from '../helpers/extension';
import { webviewEval, webviewQuery } from '../helpers/page';
import { resetSettings, setSettings } from '../helpers/settings';
import { startSimulatorProcess } from '../helpers/simulator';
import { waitFor } from '../helpers/wait';

const CHAT = 'scalarlm-chat';
const SECONDS = 3;

/** Milliseconds from sending a streaming chat request to the first content chunk, read straight off the socket. */
async function rawTimeToFirstToken(url: string, content: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content }], stream: true, max_tokens: 16 }),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('The stream ended without content.');
    seen += decoder.decode(value, { stream: true });
    if (/"content":"[^"]/.test(seen)) break;
  }
  const ms = performance.now() - started;
  await reader.cancel();
  return ms;
}

/** The floor for "command to first visible text": an empty webview panel, from creating it to its text on screen. */
async function emptyPanelMs(): Promise<number> {
  const marker = `empty-panel-floor-${Date.now()}`;
  const started = performance.now();
  const panel = vscode.window.createWebviewPanel('scalarlm.figures.empty', 'Empty', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {});
  try {
    panel.webview.html = `<!DOCTYPE html><html><body><main>${marker}</main></body></html>`;
    await waitFor(async () => (await webviewQuery(marker, 'main'))?.count, { timeoutMs: 20_000, what: 'the empty panel' });
    return performance.now() - started;
  } finally {
    panel.dispose();
  }
}

describe('figures: chat streaming through the extension', () => {
  it('records the token rate the panel keeps up with, messages per second and time to first token', async function () {
    this.timeout(180_000);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const figures = [];
    for (const rate of [2000, 5000]) {
      const sim = await startSimulatorProcess(['--tokens-per-second', String(rate)]);
      try {
        await setSettings({ baseUrl: sim.url, 'chat.stream': true });
        // The simulator streams a scripted answer four characters a token: SECONDS of tokens at this rate.
        const answer = 'abc '.repeat(rate * SECONDS);
        const prompt = `Stream fast [[sim:respond=${answer}]]`;
        const rawMs = await rawTimeToFirstToken(sim.url, prompt);
        const floorMs = await emptyPanelMs();

        const uri = vscode.Uri.joinPath(folder, `figures-chat-${rate}.md`);
        await vscode.workspace.fs.writeFile(uri, Buffer.from(prompt));
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
        editor.selection = new vscode.Selection(0, 0, 1, 0);
        const started = performance.now();
        await vscode.commands.executeCommand('scalarlm.chatWithSelection');
        await waitFor(async () => Number(await webviewEval<string>(CHAT, `document.querySelector('.answer')?.dataset.length ?? '0'`).catch(() => '0')) > 0, {
          timeoutMs: 20_000,
          what: 'the first text in the panel',
        });
        const firstVisibleMs = performance.now() - started;
        await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-state="done"]'))?.count, { timeoutMs: 60_000, what: 'the answer to end' });
        const shown = Number(await webviewEval<string>(CHAT, `document.querySelector('.answer').dataset.length`));
        const messages = Number(await webviewEval<string>(CHAT, `document.querySelector('main').dataset.messages`));
        const footer = (await webviewQuery(CHAT, '.answer .footer'))?.texts[0] ?? '';
        const ttft = Number(/First token ([\d.]+) ms/.exec(footer)?.[1] ?? NaN);
        const totalMs = Number(/Total ([\d.]+) s/.exec(footer)?.[1] ?? NaN) * 1000;
        figures.push({
          tokensPerSecond: rate,
          tokens: rate * SECONDS,
          characters: answer.length,
          charactersShown: shown,
          messages,
          messagesPerSecond: messages / (totalMs / 1000),
          // What the simulator really delivered: its timers pace tokens, and at high rates it falls behind.
          achievedTokensPerSecond: (rate * SECONDS) / ((totalMs - ttft) / 1000),
          timeToFirstTokenExtensionMs: ttft,
          timeToFirstTokenRawMs: rawMs,
          commandToFirstVisibleTextMs: firstVisibleMs,
          emptyPanelMs: floorMs,
        });
        assert.equal(shown, answer.length, 'every character shown');
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await sim.stop();
      }
    }
    await resetSettings();
    const dir = join(REPO_ROOT, 'test-results', 'figures');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'chat.json'), JSON.stringify(figures, null, 2));
  });
});
