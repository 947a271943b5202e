// Figures of chat streaming through the extension, for bench/extension-figures.ts: whether the panel keeps
// every token at 2,000 and 5,000 tokens/s, messages per second into the webview, and time to first token
// beside a raw read of the same stream in the same run.

import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import * as vscode from 'vscode';
import { profileHost, stampWhenShown, writeFigures } from '../helpers/figures';
import { webviewEval, webviewQuery } from '../helpers/page';
import { resetSettings, setSettings } from '../helpers/settings';
import { startSimulatorProcess } from '../helpers/simulator';
import { waitFor } from '../helpers/wait';

const CHAT = 'scalarlm-chat';
const SECONDS = 3;

/**
 * Milliseconds from sending a streaming chat request on a new connection (node:http, nothing warmed up for it)
 * to the first content chunk read off the socket: the floor the extension's time to first token is held to.
 */
async function rawTimeToFirstToken(url: string, content: string): Promise<number> {
  const body = JSON.stringify({ messages: [{ role: 'user', content }], stream: true, max_tokens: 16 });
  const started = performance.now();
  return new Promise<number>((resolve, reject) => {
    const req = request(`${url}/v1/chat/completions`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
      let seen = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        seen += chunk;
        if (!/"content":"[^"]/.test(seen)) return;
        resolve(performance.now() - started);
        response.destroy();
      });
      response.on('end', () => reject(new Error('The stream ended without content.')));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The floor for "command to first visible text": an empty webview panel, from creating it to its text first
 * painted (the page's own first-contentful-paint, on the machine's clock like the chat's stamp).
 */
async function emptyPanelMs(): Promise<number> {
  const marker = `empty-panel-floor-${Date.now()}`;
  const startedAt = Date.now();
  const panel = vscode.window.createWebviewPanel('scalarlm.figures.empty', 'Empty', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true });
  try {
    panel.webview.html = `<!DOCTYPE html><html><body><main>${marker}</main></body></html>`;
    const paintedAt = await waitFor(
      async () => (await webviewQuery(marker, 'main'))?.count && webviewEval<number | undefined>(marker, `(() => { const paint = performance.getEntriesByName('first-contentful-paint')[0]; return paint && performance.timeOrigin + paint.startTime; })()`),
      { timeoutMs: 20_000, what: 'the empty panel painted' },
    );
    return paintedAt - startedAt;
  } finally {
    panel.dispose();
  }
}

const FIRST_TEXT = `Number(document.querySelector('.answer')?.dataset.length ?? 0) > 0`;

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
        // Plain text: a Markdown file would wake VS Code's own Markdown extension in this host as the chat starts.
        const uri = vscode.Uri.joinPath(folder, `figures-chat-${rate}.txt`);
        await vscode.workspace.fs.writeFile(uri, Buffer.from(prompt));
        const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
        editor.selection = new vscode.Selection(0, 0, 1, 0);
        const rawMs = await rawTimeToFirstToken(sim.url, prompt);
        const floorMs = await emptyPanelMs();
        const profile = await profileHost(`chat-${rate}`);
        const startedAt = Date.now();
        await vscode.commands.executeCommand('scalarlm.chatWithSelection');
        const firstText = await stampWhenShown(CHAT, 'main', FIRST_TEXT, 20_000);
        const firstVisibleMs = (await firstText()) - startedAt;
        await profile.stop();
        await waitFor(async () => (await webviewQuery(CHAT, '.answer[data-state="done"]'))?.count, { timeoutMs: 60_000, what: 'the answer to end' });
        const shown = Number(await webviewEval<string>(CHAT, `document.querySelector('.answer').dataset.length`));
        const messages = Number(await webviewEval<string>(CHAT, `document.querySelector('main').dataset.messages`));
        const footer = (await webviewQuery(CHAT, '.answer .footer'))?.texts[0] ?? '';
        const ttft = Number(/First token ([\d.]+) ms/.exec(footer)?.[1] ?? NaN);
        const totalMs = Number(/Total ([\d.]+) s/.exec(footer)?.[1] ?? NaN) * 1000;
        figures.push({
          firstOfWindow: figures.length === 0,
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
    writeFigures('chat.json', figures);
  });
});
