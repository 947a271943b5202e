// "ScalarLM: Complete Selection" against the simulator: a raw /v1/completions stream shown live in a panel
// beside the editor, inserted after the selection, stopped part way, asked again; the text before the
// cursor when nothing is selected; the server's error in the panel.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot, webviewClick, webviewQuery } from './helpers/page';
import { setSettings } from './helpers/settings';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const PANEL = 'scalarlm-completion';
const WAIT_MS = 20_000;
const CONTINUATION = ' and the queue drains by evening.';
const FIRST_LINE = `The river bends [[sim:respond=${CONTINUATION}]]`;
// Long enough to stop part way: about 100 pieces at the simulator's 20 tokens/s.
const LONG = 'word '.repeat(80);

/** A file of its own per test: rewriting one an earlier test left open (and saved) would race its editor. */
async function openStory(name: string): Promise<vscode.TextEditor> {
  const uri = await workspaceFile(`completion/${name}.txt`, `${FIRST_LINE}\nThe second line stays.\n`);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { viewColumn: vscode.ViewColumn.One });
}

async function panelText(selector: string): Promise<string | undefined> {
  return (await webviewQuery(PANEL, selector))?.texts[0];
}

async function waitForState(state: string, what: string): Promise<void> {
  await waitFor(async () => (await webviewQuery(PANEL, `main[data-state="${state}"]`))?.count, { timeoutMs: WAIT_MS, what });
}

describe('complete selection', () => {
  // Before the suite's own clean-up closes every editor: a dirty one would ask whether to save.
  afterEach(async () => {
    for (const document of vscode.workspace.textDocuments) if (document.isDirty) await document.save();
  });
  useSuiteSimulator({ args: ['--tokens-per-second', '20'], settings: { model: '', maxTokens: 12, temperature: 0 }, panel: { contains: PANEL, name: 'completion panel' } });

  it('streams the continuation into a panel beside the editor, then inserts it after the selection', async () => {
    const editor = await openStory('story');
    editor.selection = new vscode.Selection(0, 0, 0, FIRST_LINE.length);
    await vscode.commands.executeCommand('scalarlm.completeSelection');
    await waitForState('done', 'the completion to finish');

    assert.equal(await panelText('#source'), 'story.txt, line 1');
    assert.equal(await panelText('#request'), "Model tiny-random/gemma-4-dense (the deployment's default) · max_tokens 12 · temperature 0");
    assert.equal(await panelText('#state'), 'Done: the model stopped (stop).');
    assert.equal(await panelText('#output .prompt'), FIRST_LINE);
    assert.equal(await panelText('#output .continuation'), CONTINUATION);
    assert.match((await panelText('#figures')) ?? '', /^\d+ prompt \+ \d+ completion tokens · first token \d+ ms · [\d.]+ tokens\/s · [\d.]+ s$/);

    const tab = vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((candidate) => candidate.label === 'Completion: story.txt');
    assert.ok(tab, 'a tab titled like the other panels');
    assert.notEqual(tab.group.viewColumn, editor.viewColumn, 'beside the editor, not over it');
    // The picture shows the feature, not toasts left by other tests.
    await vscode.commands.executeCommand('notifications.clearAll');
    await screenshot('complete-selection');

    await webviewClick(PANEL, 'button[data-action="insert"]');
    await waitFor(() => editor.document.getText().startsWith(`${FIRST_LINE}${CONTINUATION}\n`), { timeoutMs: WAIT_MS, what: 'the continuation inserted after the selection' });
    assert.equal(editor.document.getText(), `${FIRST_LINE}${CONTINUATION}\nThe second line stays.\n`);
    // The text lands before the editor takes focus back from the panel: wait for the focus, then read the cursor.
    await waitFor(() => vscode.window.activeTextEditor?.document === editor.document, { timeoutMs: WAIT_MS, what: 'the editor focused again' });
    const cursor = vscode.window.activeTextEditor?.selection.active;
    assert.deepEqual([cursor?.line, cursor?.character], [0, FIRST_LINE.length + CONTINUATION.length], 'the cursor after the inserted text');
  });

  it('stops part way keeping the text, and completes again on request', async () => {
    const editor = await openStory('stopped');
    await editor.edit((edit) => edit.insert(new vscode.Position(2, 0), `Go on [[sim:respond=${LONG}]]`));
    editor.selection = new vscode.Selection(2, 0, 2, editor.document.lineAt(2).text.length);
    await vscode.commands.executeCommand('scalarlm.completeSelection');
    await waitFor(async () => (await webviewQuery(PANEL, 'main[data-state="streaming"]'))?.count && ((await panelText('#output .continuation'))?.length ?? 0) >= 8, {
      timeoutMs: WAIT_MS,
      what: 'the stream to be under way',
    });
    await webviewClick(PANEL, 'button[data-action="stop"]');
    await waitForState('stopped', 'the completion to stop');
    const kept = await panelText('#output .continuation');
    assert.ok(kept && kept.length >= 8 && kept.length < LONG.length && LONG.startsWith(kept), `the text so far is kept: "${kept}"`);
    assert.equal(await panelText('#state'), 'Stopped: the text so far is kept.');
    assert.equal((await webviewQuery(PANEL, 'button[data-action="insert"]:not([disabled])'))?.count, 1);

    await webviewClick(PANEL, 'button[data-action="again"]');
    await waitFor(async () => (await webviewQuery(PANEL, 'main[data-state="streaming"], main[data-state="waiting"]'))?.count, { timeoutMs: WAIT_MS, what: 'the completion asked again' });
    await webviewClick(PANEL, 'button[data-action="stop"]');
    await waitForState('stopped', 'the second completion to stop');
  });

  it('continues everything before the cursor when nothing is selected', async () => {
    const editor = await openStory('cursor');
    editor.selection = new vscode.Selection(1, 4, 1, 4);
    await vscode.commands.executeCommand('scalarlm.completeSelection');
    await waitForState('done', 'the completion to finish');
    assert.equal(await panelText('#source'), 'cursor.txt, lines 1-2 (everything before the cursor)');
    assert.equal(await panelText('#output .prompt'), `${FIRST_LINE}\nThe `);
  });

  it("shows the server's error in the panel", async () => {
    await setSettings({ model: 'no-such-model' });
    try {
      const editor = await openStory('refused');
      editor.selection = new vscode.Selection(0, 0, 0, 5);
      await vscode.commands.executeCommand('scalarlm.completeSelection');
      await waitForState('error', 'the error');
      assert.match((await panelText('#state')) ?? '', /^Error: Failed to create completions: .*no-such-model/);
      assert.equal(await panelText('#request'), 'Model no-such-model · max_tokens 12 · temperature 0');
      assert.equal((await webviewQuery(PANEL, 'button[data-action="again"]:not([disabled])'))?.count, 1);
    } finally {
      await setSettings({ model: '' });
    }
  });
});

