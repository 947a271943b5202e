// The results panel, the batch commands and the Runs view as a new user meets them (issue 12): a large-batch
// question with only Send and Cancel to pick, items numbered from 1, the detail pane and the filter, a retry
// named after its parent, what the server knows of an item, embeddings, a group's request as code, the line
// under the cursor, and the Runs view's context menu.

import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import * as vscode from 'vscode';
import { pressKey, screenshot, typeText, webviewClick, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { countOf, RESULTS, rowTexts, waitForPhase } from './helpers/results';
import { setSettings } from './helpers/settings';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

const WAIT_MS = 15_000;
const jsonl = (prompts: unknown[]) => prompts.map((p) => JSON.stringify(p)).join('\n') + '\n';

/** The text of every match of `selector` in the webview showing `contains`. */
async function texts(contains: string, selector: string): Promise<string[]> {
  return (await webviewQuery(contains, selector))?.texts ?? [];
}

async function clipboardWhen(what: string, ready: (text: string) => boolean): Promise<string> {
  return waitFor(async () => {
    const text = await vscode.env.clipboard.readText();
    return ready(text) && text;
  }, { timeoutMs: WAIT_MS, what });
}

function runsFolder(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'the host tests need a workspace folder');
  return vscode.Uri.joinPath(folder, '.scalarlm', 'runs');
}

describe('results panel and batch commands', () => {
  // Runs in the workspace folder's .scalarlm/runs, so the test sees the files a delete removes.
  useSuiteSimulator({
    args: ['--zero-latency'],
    settings: { maxTokens: 16, 'batch.groupSize': 2, 'runs.location': 'workspaceFolder', headers: { 'X-Team': 'ml' } },
    panel: { contains: RESULTS, name: 'results panel' },
  });
  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(runsFolder(), '..'), { recursive: true, useTrash: false });
  });

  it('asks before a large batch with the facts in view and only Send or Cancel to pick', async () => {
    await setSettings({ 'batch.confirmAbove': 5 });
    try {
      const uri = await workspaceFile('results12/large.jsonl', jsonl(Array.from({ length: 6 }, (_, i) => `large ${i}`)));
      const question = async () => waitFor(async () => {
        const text = await workbenchText('.quick-input-widget:visible');
        return text?.includes('Send 6 prompts to ScalarLM?') && text.includes('Cancel') && text;
      }, { timeoutMs: WAIT_MS, what: 'the confirmation' });

      const cancelled = vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      const shown = await question();
      assert.match(shown, /max 16 tokens · queue depth \d+ · (about \d+ (s|min) at [\d.]+ requests\/s|no estimate yet)/);
      await screenshot('results12-large-batch-question');
      await pressKey('ArrowDown');
      await pressKey('Enter');
      await cancelled;
      assert.equal(await webviewQuery(RESULTS, 'main'), undefined, 'Cancel started nothing');

      // Two rows only: going down twice comes back round to Send (a third row would be a fact, and cancel).
      const sent = vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await question();
      await pressKey('ArrowDown');
      await pressKey('ArrowDown');
      await pressKey('Enter');
      await sent;
      await waitForPhase('complete');
      assert.equal(await countOf('ok'), 6);
    } finally {
      await setSettings({ 'batch.confirmAbove': 500 });
    }
  });

  it('numbers items from 1 beside their lines, keeps the request id on one line, and leaves an item the filter hides', async () => {
    const uri = await workspaceFile('results12/three.jsonl', jsonl(['First prompt', 'Second prompt fails [[sim:item-error=ValueError: second]]', 'Third prompt']));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    assert.deepEqual(await rowTexts('.index'), ['#1', '#2', '#3']);
    assert.deepEqual(await rowTexts('button.origin'), ['L1', 'L2', 'L3']);
    assert.deepEqual(await texts(RESULTS, '#match-count'), ['3 items']);

    await webviewClick(RESULTS, '.row[data-index="1"]');
    await waitFor(async () => (await texts(RESULTS, '#detail[data-index="1"] .detail-title'))[0] === 'Item 2', { timeoutMs: WAIT_MS, what: 'item 2 in the detail' });
    // The host tells the shown item's request id (the list's items do not carry it).
    await waitFor(async () => /_0+1$/.test((await texts(RESULTS, '#detail .request-id'))[0] ?? ''), { timeoutMs: WAIT_MS, what: "item 2's request id in the detail" });
    const layout = await webviewEval<{ wraps: boolean; copyInView: boolean; cut: boolean }>(
      RESULTS,
      `(() => {
        const line = document.querySelector('#detail .request-line').getBoundingClientRect();
        const copy = document.querySelector('#detail button[data-item-action="copyRequestId"]').getBoundingClientRect();
        const pane = document.querySelector('#detail').getBoundingClientRect();
        const id = document.querySelector('#detail .request-id');
        return { wraps: line.height > copy.height * 1.6, copyInView: copy.right <= pane.right + 0.5 && copy.left >= pane.left, cut: id.scrollWidth > id.clientWidth && id.title.length > 64 };
      })()`,
    );
    assert.deepEqual(layout, { wraps: false, copyInView: true, cut: true }, 'a 74-character id in a pane beside the editor');

    await webviewClick(RESULTS, '#counts button.chip[data-status="ok"]');
    await waitFor(async () => (await texts(RESULTS, '#match-count'))[0] === '2 of 3 items', { timeoutMs: WAIT_MS, what: 'the ok filter' });
    const placeholder = await waitFor(async () => {
      const shown = await webviewEval<{ body: boolean; text: string }>(RESULTS, `({ body: !document.querySelector('#detail .detail-body').hidden, text: document.querySelector('#detail .detail-empty').textContent })`);
      return !shown.body && shown.text;
    }, { timeoutMs: WAIT_MS, what: 'the detail to leave the hidden item' });
    assert.match(placeholder, /^Item 2 is selected, but the filter or the search hides it/);
    await webviewClick(RESULTS, '#counts button.chip[data-status="ok"]');
    await waitFor(async () => (await texts(RESULTS, '#detail[data-index="1"] .detail-title'))[0] === 'Item 2', { timeoutMs: WAIT_MS, what: 'item 2 back with the filter off' });
  });

  it('heads a retry with its parent\'s title and keeps the original item numbers', async () => {
    const uri = await workspaceFile('results12/retried.jsonl', jsonl(['fine one', 'fine two', 'broken three [[sim:item-error=ValueError: three]]', 'fine four', 'broken five [[sim:item-error=ValueError: five]]']));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    await clickAction(RESULTS, 'retryFailed');
    const retry = 'Retries the failed prompts of retried.jsonl';
    await waitFor(async () => (await webviewQuery(retry, 'main[data-phase="complete"]'))?.count === 1, { timeoutMs: 30_000, what: 'the retry to end' });
    assert.equal((await texts(retry, '.run-title'))[0], 'Retry of retried.jsonl');
    assert.match((await texts(retry, '.run-source'))[0] ?? '', /^results12\/retried\.jsonl · Retries the failed prompts of retried\.jsonl \(started \d{4}-\d\d-\d\d \d\d:\d\d\)$/);
    const numbers = await webviewEval<string[]>(retry, `[...document.querySelectorAll('.row')].sort((a, b) => a.dataset.index - b.dataset.index).map((row) => row.querySelector('.index').textContent)`);
    assert.deepEqual(numbers, ['#3', '#5']);
    await webviewClick(retry, '.row[data-index="1"]');
    await waitFor(async () => (await texts(retry, '#detail .detail-title'))[0] === 'Item 5', { timeoutMs: WAIT_MS, what: 'item 5 of the retry in the detail' });
    assert.ok(readdirSync(runsFolder().fsPath).some((name) => name.endsWith('.numbers.json')), 'the numbers are kept beside the retry\'s ledger');
  });

  it('shows what the server knows of an item, and an embedding as its dimension, norm and first values', async () => {
    const uri = await workspaceFile('results12/embed.jsonl', jsonl(['Embed this sentence [[sim:embedding=16]]', 'Answer this one in words']));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    const previews = await rowTexts('.response-preview');
    assert.equal(previews[0], 'Embedding: 16 dimensions, norm 1.000');
    assert.ok(previews[1].length > 0 && !previews[1].startsWith('Embedding'), previews[1]);

    await webviewClick(RESULTS, '.row[data-index="0"]');
    const summary = await waitFor(async () => (await texts(RESULTS, '#detail[data-index="0"] .embedding-summary'))[0], { timeoutMs: WAIT_MS, what: 'the embedding in the detail' });
    assert.equal(summary, 'Embedding: 16 dimensions, norm 1.000');
    assert.match((await texts(RESULTS, '#detail .embedding-values'))[0] ?? '', /^(-?\d\.\d{4}, ){8}… \(the first 8 of 16\)$/);
    assert.equal(await webviewEval<boolean>(RESULTS, `document.querySelector('#detail .response-section').hidden`), true, 'no Raw / Rendered text view for a vector');
    const facts = await waitFor(async () => {
      const found = await webviewQuery(RESULTS, '#detail[data-index="0"] .server-section[data-state="found"] li');
      return found?.texts.length === 2 && found.texts;
    }, { timeoutMs: WAIT_MS, what: 'what the server knows' });
    assert.match(facts[0], /^\d+ tokens: \d+ prompt \+ 0 completion$/);
    await screenshot('results12-embedding');

    await vscode.env.clipboard.writeText('');
    await webviewClick(RESULTS, '#detail .embedding-section button[data-item-action="copyResponse"]');
    const copied = await clipboardWhen('the vector as JSON', (text) => text.startsWith('['));
    const vector = JSON.parse(copied) as number[];
    assert.equal(vector.length, 16);
    assert.ok(Math.abs(Math.hypot(...vector) - 1) < 1e-4);

    await webviewClick(RESULTS, '.row[data-index="1"]');
    const words = await waitFor(async () => {
      const found = await webviewQuery(RESULTS, '#detail[data-index="1"] .server-section[data-state="found"] li');
      return found?.texts.length === 2 && found.texts;
    }, { timeoutMs: WAIT_MS, what: 'the second item\'s server facts' });
    assert.match(words[0], /^\d+ tokens: \d+ prompt \+ \d+ completion$/);
    assert.match(words[1], /^Its group of 2 was submitted at \d\d:\d\d:\d\d and completed \d+ ms later$/);
  });

  it('copies a group\'s request as cURL, Python and TypeScript, from the panel and as commands', async () => {
    const token = 'tok-results-secret';
    const setting = vscode.commands.executeCommand('scalarlm.setGatewayToken');
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('secret storage'), { timeoutMs: WAIT_MS, what: 'the token input' });
    await typeText(token);
    await pressKey('Enter');
    await setting;
    try {
      const prompts = ['Copy me first', "Copy me second, it's quoted", 'Copy me third', 'Copy me fourth'];
      const uri = await workspaceFile('results12/copied.jsonl', jsonl(prompts));
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitForPhase('complete');
      assert.match((await texts(RESULTS, '#copy-request .copy-target'))[0] ?? '', /the first group/);

      await vscode.env.clipboard.writeText('');
      await webviewClick(RESULTS, '#copy-request button[data-code="curl"]');
      const curl = await clipboardWhen('the cURL command', (text) => text.startsWith('curl'));
      assert.ok(!curl.includes(token), 'never the token itself');
      assert.ok(curl.includes('-H "Authorization: Bearer ${SCALARLM_TOKEN}"'), curl);
      assert.ok(curl.includes("-H 'X-Team: ml'"), curl);
      assert.match(curl, /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/v1\/generate'/);
      const body = JSON.parse(curl.slice(curl.indexOf("--data-raw '") + 12, curl.trimEnd().length - 1).replace(/'\\''/g, "'")) as { prompts: string[]; max_tokens: number; model: string };
      assert.deepEqual(body.prompts, prompts.slice(0, 2));
      assert.equal(body.max_tokens, 16);
      assert.equal(typeof body.model, 'string', "the deployment's default, named");

      await webviewClick(RESULTS, '.row[data-index="3"]');
      await waitFor(async () => /group 1, the selected item's/.test((await texts(RESULTS, '#copy-request .copy-target'))[0] ?? ''), { timeoutMs: WAIT_MS, what: 'the copy target to follow the selection' });
      await webviewClick(RESULTS, '#copy-request button[data-code="python"]');
      const python = await clipboardWhen('the Python', (text) => text.startsWith('import scalarlm'));
      assert.ok(python.includes('"Copy me third"') && python.includes('"Copy me fourth"') && !python.includes('Copy me first'), python);

      await vscode.commands.executeCommand('scalarlm.copyBatchRequestAsTypeScript');
      const typescript = await clipboardWhen('the TypeScript', (text) => text.startsWith('const response = await fetch('));
      assert.ok(typescript.includes('"Copy me fourth"') && typescript.includes('process.env.SCALARLM_TOKEN'), typescript);
    } finally {
      await vscode.commands.executeCommand('scalarlm.clearGatewayToken');
    }
  });

  it('sends the line under the cursor when nothing is selected, from the command and from Ctrl+Alt+Enter', async () => {
    const uri = await workspaceFile('results12/cursor.md', '# Notes\nThe line under the cursor\n\nThe next line\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    editor.selection = new vscode.Selection(1, 4, 1, 4);
    await vscode.commands.executeCommand('scalarlm.generateFromSelection');
    await waitForPhase('complete');
    assert.deepEqual(await texts(RESULTS, '.run-title'), ['Line 2 of cursor.md']);
    assert.deepEqual(await rowTexts('.prompt-preview'), ['The line under the cursor']);
    assert.deepEqual(await texts(RESULTS, '#match-count'), ['1 item']);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(RESULTS, 'main')) === undefined, { timeoutMs: WAIT_MS, what: 'the panel to close' });

    const again = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    again.selection = new vscode.Selection(3, 0, 3, 0);
    await waitFor(() => vscode.window.activeTextEditor === again, { timeoutMs: WAIT_MS, what: 'the editor in front' });
    await pressKey('Control+Alt+Enter');
    await waitFor(async () => (await texts(RESULTS, '.run-title'))[0] === 'Line 4 of cursor.md', { timeoutMs: WAIT_MS, what: 'the run the keybinding started' });
    await waitForPhase('complete');
    assert.deepEqual(await rowTexts('.prompt-preview'), ['The next line']);

    again.selection = new vscode.Selection(2, 0, 2, 0);
    await vscode.commands.executeCommand('scalarlm.generateFromSelection');
    await waitFor(async () => (await workbenchText('.notifications-toasts'))?.includes('The line under the cursor is blank'), { timeoutMs: WAIT_MS, what: 'the blank-line warning' });
  });

  it('offers Export and Delete in the Runs view\'s context menu; Delete asks, then removes the ledger and the files beside it', async () => {
    const tree = '.monaco-list[aria-label="Runs"]';
    await vscode.commands.executeCommand('scalarlm.runs.focus');
    const row = `${tree} .monaco-list-row:has-text("Retry of retried.jsonl")`;
    await waitFor(async () => (await workbenchText(tree))?.includes('Retry of retried.jsonl'), { timeoutMs: WAIT_MS, what: 'the retry in the Runs view' });
    const before = readdirSync(runsFolder().fsPath);
    const numbers = before.find((name) => name.endsWith('.numbers.json'));
    assert.ok(numbers);
    const runId = numbers.slice(0, -'.numbers.json'.length);

    // A click opens the run: its panel takes the focus when it is shown, which would close a menu opened meanwhile
    // (and Enter would then go to the panel). So the menu is opened once the panel is there, from the view again.
    await workbenchClick(row);
    await waitFor(async () => (await workbenchText('.tabs-container'))?.includes('Results: Retry of retried.jsonl'), { timeoutMs: WAIT_MS, what: 'the run opened by the click' });
    await vscode.commands.executeCommand('scalarlm.runs.focus');
    await waitFor(() => workbenchText(`${tree}:focus-within .monaco-list-row.focused:has-text("Retry of retried.jsonl")`), { timeoutMs: WAIT_MS, what: 'the row focused in the Runs view' });
    await pressKey('Shift+F10');
    const menu = await waitFor(() => workbenchText('.context-view .monaco-menu'), { timeoutMs: WAIT_MS, what: 'the context menu' });
    assert.match(menu, /Open Results[\s\S]*Export Results…[\s\S]*Delete Run/);
    // By keyboard, as the menu was opened: a click can land while the menu still settles.
    for (let step = 0; step < 6 && !(await workbenchText('.context-view .monaco-menu .action-item.focused'))?.includes('Delete Run'); step++) await pressKey('ArrowDown');
    assert.match((await workbenchText('.context-view .monaco-menu .action-item.focused')) ?? '', /Delete Run/);
    await pressKey('Enter');
    const question = await waitFor(async () => {
      const text = await workbenchText('.quick-input-widget:visible');
      return text?.includes('Delete the run "Retry of retried.jsonl"?') && text;
    }, { timeoutMs: WAIT_MS, what: 'the delete question' });
    assert.ok(question.includes(`${runId}.ledger.jsonl · ${runId}.numbers.json`), question);
    assert.match(question, /Delete 2 files/);
    await pressKey('Enter');
    await waitFor(async () => !(await workbenchText(tree))?.includes('Retry of retried.jsonl'), { timeoutMs: WAIT_MS, what: 'the run to leave the view' });
    assert.deepEqual(readdirSync(runsFolder().fsPath).filter((name) => name.startsWith(runId)), []);
    assert.ok(!existsSync(vscode.Uri.joinPath(runsFolder(), `${runId}.ledger.jsonl`).fsPath));
    assert.ok(readdirSync(runsFolder().fsPath).some((name) => name.endsWith('.ledger.jsonl')), 'the other runs stay');
  });
});
