// Batch generate from the editor, as a user does it: selections, lines and files to the simulator's queue;
// the results panel read from inside its webview.

import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { REPO_ROOT } from './helpers/extension';
import { pressKey, webviewClick, webviewEval, webviewQuery, workbenchClick, workbenchText } from './helpers/page';
import { counts, countOf, RESULTS, rowTexts, waitForPhase } from './helpers/results';
import { setSettings } from './helpers/settings';
import { startSimulatorProcess } from './helpers/simulator';
import { useSuiteSimulator } from './helpers/suite-simulator';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { readmeImage } from './helpers/readme-image';
import { clickAction } from './helpers/panel-actions';

async function openEditor(uri: vscode.Uri): Promise<vscode.TextEditor> {
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
}

const jsonl = (prompts: unknown[]) => prompts.map((p) => JSON.stringify(p)).join('\n') + '\n';

describe('batch generate', () => {
  const suite = useSuiteSimulator({ args: ['--tokens-per-second', '400', '--slots', '8', '--response-timeout', '5'], settings: { maxTokens: 16, 'batch.groupSize': 8, 'metrics.intervalSeconds': 1 }, panel: { contains: RESULTS, name: 'results panel' } });

  it('runs 50 prompts from a JSONL file: 47 ok and 3 errors whose server text reads in the panel', async () => {
    const prompts = Array.from({ length: 50 }, (_, i) => ({ prompt: `File prompt ${i}` }));
    for (const i of [7, 21, 42]) prompts[i] = { prompt: `Failing prompt ${i} [[sim:item-error=ValueError: broken item ${i}]]` };
    const uri = await workspaceFile('batch/fifty.jsonl', jsonl(prompts));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    assert.deepEqual(await counts(), { ok: 47, error: 3, pending: 0, unknown: 0, unsent: 0, queued: 0 });

    await webviewClick(RESULTS, '#counts button.chip[data-status="error"]');
    await waitFor(async () => (await webviewEval<string>(RESULTS, `document.querySelector('#list').dataset.filteredCount`)) === '3', {
      timeoutMs: 10_000,
      what: 'the list filtered to the 3 errors',
    });
    assert.deepEqual(await rowTexts('.error-preview'), ['ValueError: broken item 7', 'ValueError: broken item 21', 'ValueError: broken item 42']);
    await webviewClick(RESULTS, '.row[data-index="21"]');
    const detail = await waitFor(async () => (await webviewQuery(RESULTS, '#detail[data-index="21"] pre.error'))?.texts[0], { timeoutMs: 10_000, what: 'the error in the detail' });
    assert.equal(detail, 'ValueError: broken item 21');
    await readmeImage('batch-results');

    // Retry failed: a new run of the 3 failed prompts, linked to this one, in its own panel.
    await clickAction(RESULTS, 'retryFailed');
    await waitFor(async () => (await webviewQuery('Retry of fifty.jsonl', 'main[data-phase="complete"]'))?.count === 1, { timeoutMs: 30_000, what: 'the retry run to end' });
    const retried = await webviewQuery('Retry of fifty.jsonl', '#counts button.chip[data-status="error"] .count');
    assert.equal(retried?.texts[0], '3');
  });

  it('lists runs in the Runs view with their counts, opens one, and deletes one', async () => {
    const tree = '.monaco-list[aria-label="Runs"]';
    await vscode.commands.executeCommand('scalarlm.runs.focus');
    const rows = await waitFor(async () => {
      const text = await workbenchText(tree);
      return text?.includes('fifty.jsonl') && text;
    }, { timeoutMs: 10_000, what: 'the runs in the view' });
    assert.match(rows, /fifty\.jsonl[\s\S]*47 ok · 3 error · complete/);
    assert.match(rows, /Retry of fifty\.jsonl[\s\S]*3 error/);
    await workbenchClick(`${tree} .monaco-list-row:has-text("fifty.jsonl"):not(:has-text("Retry"))`);
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 47);

    await workbenchClick(`${tree} .monaco-list-row:has-text("Retry of fifty.jsonl")`);
    await workbenchClick(`${tree} .monaco-list-row:has-text("Retry of fifty.jsonl") .action-label[aria-label="Delete Run"]`);
    await waitFor(async () => (await workbenchText('.quick-input-widget:visible'))?.includes('Delete the run'), { timeoutMs: 10_000, what: 'the delete question' });
    await pressKey('Enter');
    await waitFor(async () => !(await workbenchText(tree))?.includes('Retry of fifty.jsonl'), { timeoutMs: 10_000, what: 'the run to go' });
  });

  it('sends each selection as one prompt, and reveals a prompt in its document from the panel', async () => {
    const uri = await workspaceFile('batch/notes.md', '# Notes\nFirst selected prompt\nnot this line\nSecond selected prompt\n');
    const editor = await openEditor(uri);
    editor.selections = [new vscode.Selection(1, 0, 1, 21), new vscode.Selection(3, 0, 3, 22)];
    await vscode.commands.executeCommand('scalarlm.generateFromSelection');
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 2);
    assert.deepEqual(await rowTexts('.prompt-preview'), ['First selected prompt', 'Second selected prompt']);

    await webviewClick(RESULTS, '.row[data-index="1"] button.origin');
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString() && vscode.window.activeTextEditor.selection.start.line === 3, {
      timeoutMs: 10_000,
      what: 'the second prompt revealed in notes.md',
    });
  });

  it('sends one prompt per line of the selection, or of the whole document', async () => {
    const uri = await workspaceFile('batch/lines.txt', 'alpha\n\nbeta\ngamma\n');
    await openEditor(uri);
    await vscode.commands.executeCommand('scalarlm.generateLines');
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 3);
    assert.deepEqual(await rowTexts('.prompt-preview'), ['alpha', 'beta', 'gamma']);
  });

  it('reads a .json GenerateRequest with its own max_tokens, and a text file split by ---', async () => {
    const json = await workspaceFile('batch/request.json', JSON.stringify({ prompts: ['one', { prompt: 'two' }, { messages: [{ role: 'user', content: 'three' }] }], max_tokens: 4 }, null, 2));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', json);
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 3);
    const parameters = await webviewQuery(RESULTS, '.run-parameters');
    assert.match(parameters?.texts[0] ?? '', /max 4 tokens/);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const text = await workspaceFile('batch/pieces.prompt', 'First piece\nstill first\n---\nSecond piece\n');
    await vscode.commands.executeCommand('scalarlm.generateFromFile', text);
    await waitForPhase('complete');
    assert.deepEqual((await rowTexts('.prompt-preview')).map((t) => t.replace(/\s+/g, ' ')), ['First piece still first', 'Second piece']);
  });

  it('names file and line of every invalid JSONL line, in the Problems panel too, sends nothing, and goes to the first', async () => {
    const before = (await suite.sim.stats()).enqueuedPrompts;
    const uri = await workspaceFile('batch/broken.jsonl', '"fine"\n"also fine"\n{"prompt": 42}\n"never sent"\n{"messages": []}\n');
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    const toast = '.notification-toast:has-text("broken.jsonl:3")';
    const text = await waitFor(() => workbenchText(toast), { timeoutMs: 10_000, what: 'the input error' });
    assert.match(text, /got a number \(42\)\. 1 more problem is in the Problems panel\. Nothing was sent\./);
    const diagnostics = vscode.languages.getDiagnostics(uri);
    assert.deepEqual(diagnostics.map((d) => [d.range.start.line, d.source]), [[2, 'ScalarLM'], [4, 'ScalarLM']]);
    assert.match(diagnostics[1].message, /"messages" must be a non-empty array/);
    await workbenchClick(`${toast} .monaco-button:has-text("Go to Line")`);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.path.endsWith('broken.jsonl') && vscode.window.activeTextEditor.selection.active.line === 2, {
      timeoutMs: 10_000,
      what: 'the cursor on line 3 of broken.jsonl',
    });
    assert.equal((await suite.sim.stats()).enqueuedPrompts, before);
  });

  it('sends an unchanged file once: the second run fetches its groups from the server and says so', async () => {
    const uri = await workspaceFile('batch/twice.jsonl', jsonl(Array.from({ length: 20 }, (_, i) => `Sent once ${i}`)));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    const posts = (await suite.sim.stats()).requests['POST /v1/generate'];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(RESULTS, 'main')) === undefined, { timeoutMs: 10_000, what: 'the first panel to close' });
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 20);
    assert.equal((await suite.sim.stats()).requests['POST /v1/generate'], posts, 'nothing was sent again');
    const stats = await waitFor(async () => (await webviewQuery(RESULTS, '#stats'))?.texts[0], { timeoutMs: 10_000, what: 'the run figures' });
    assert.match(stats, /3 groups already on the server: fetched, not re-sent/);
  });

  it('reconciles a submit whose connection dropped, instead of sending it twice', async () => {
    const uri = await workspaceFile('batch/dropped.jsonl', jsonl(['before', 'the answer to this submit is lost [[sim:drop-after]]', 'after']));
    const submissions = (await suite.sim.stats()).generateSubmissions;
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    assert.equal(await countOf('ok'), 3);
    const added = Object.entries((await suite.sim.stats()).generateSubmissions).filter(([group]) => !(group in submissions));
    assert.deepEqual(added.map(([, n]) => n), [1], 'one group, submitted once');
  });

  it('shows hostile model output as text: no script runs, no image loads, no javascript: link', async () => {
    const hostile = '<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2">\n\n[click me](javascript:window.pwned=3) **bold**';
    const uri = await workspaceFile('batch/hostile.jsonl', jsonl([`answer [[sim:respond-b64=${Buffer.from(hostile).toString('base64')}]]`]));
    await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
    await waitForPhase('complete');
    await webviewClick(RESULTS, '.row[data-index="0"]');
    for (const format of ['rendered', 'raw']) {
      await webviewClick(RESULTS, `button[data-format="${format}"]`);
      await waitFor(async () => (await webviewQuery(RESULTS, `#detail .response[data-format="${format}"]`))?.count === 1, { timeoutMs: 10_000, what: `the ${format} response` });
      const dangerous = await webviewEval<number>(RESULTS, `document.querySelectorAll('#detail .response script, #detail .response img, #detail .response [onerror], #detail .response a[href^="javascript"]').length`);
      assert.equal(dangerous, 0, `nothing live in the ${format} view`);
      assert.equal(await webviewEval(RESULTS, 'typeof window.pwned'), 'undefined');
    }
    const raw = (await webviewQuery(RESULTS, '#detail .response'))?.texts[0] ?? '';
    assert.match(raw, /<script>window\.pwned = 1<\/script>/, 'the raw view shows the markup as text');
    await webviewClick(RESULTS, 'button[data-format="rendered"]');
    const bold = await waitFor(async () => (await webviewQuery(RESULTS, '#detail .response strong'))?.texts[0], { timeoutMs: 10_000, what: 'rendered markdown' });
    assert.equal(bold, 'bold');
  });

  it('cancels mid-run and still accounts for every prompt', async () => {
    const slow = await startSimulatorProcess(['--tokens-per-second', '20', '--slots', '1', '--response-timeout', '2']);
    try {
      await setSettings({ baseUrl: slow.url, 'batch.groupSize': 4, 'batch.maxInFlight': 1 });
      const uri = await workspaceFile('batch/cancelled.jsonl', jsonl(Array.from({ length: 24 }, (_, i) => `slow prompt ${i}`)));
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitFor(async () => (await countOf('pending')) > 0, { timeoutMs: 20_000, what: 'a group in flight' });
      await clickAction(RESULTS, 'cancel');
      await waitForPhase('cancelled');
      const after = await counts();
      assert.equal(after.ok + after.error + after.pending + after.unknown + after.unsent + after.queued, 24);
      assert.ok(after.unsent > 0, `prompts never sent are listed as unsent: ${JSON.stringify(after)}`);
    } finally {
      await setSettings({ baseUrl: suite.sim.url, 'batch.groupSize': 8, 'batch.maxInFlight': 4 });
      await slow.stop();
    }
  });

  it('shows the prompts of a group being submitted as pending while the counters say so, never unknown', async () => {
    // The POST of a group waits for its answers (protocol §10.1): a slow queue keeps it on its way for seconds.
    const slow = await startSimulatorProcess(['--tokens-per-second', '40', '--slots', '1', '--response-timeout', '5']);
    try {
      await setSettings({ baseUrl: slow.url, 'batch.groupSize': 4, 'batch.maxInFlight': 1 });
      const uri = await workspaceFile('batch/in-flight.jsonl', jsonl(Array.from({ length: 8 }, (_, i) => `in flight ${i}`)));
      await vscode.commands.executeCommand('scalarlm.generateFromFile', uri);
      await waitFor(async () => (await countOf('pending')) > 0, { timeoutMs: 20_000, what: 'a group in flight' });
      const states = await rowTexts('.badge');
      assert.deepEqual(states.filter((state) => !['ok', 'pending', 'queued'].includes(state)), [], `rows while the run goes: ${states.join(', ')}`);
      await webviewClick(RESULTS, '.row[data-status="pending"]');
      const detail = await waitFor(async () => {
        const text = (await webviewQuery(RESULTS, '.detail'))?.texts[0];
        return /Item \d/.test(text ?? '') && text;
      }, { timeoutMs: 15_000, what: 'the detail of a pending item' });
      assert.doesNotMatch(detail, /cut off/, 'a submit on its way is not said to be cut off');
      await waitForPhase('complete');
      assert.equal(await countOf('ok'), 8);
    } finally {
      await setSettings({ baseUrl: suite.sim.url, 'batch.groupSize': 8, 'batch.maxInFlight': 4 });
      await slow.stop();
    }
  });

  it('lists a run the CLI made in the workspace folder\'s .scalarlm/runs, and opens it', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder);
    const runs = vscode.Uri.joinPath(folder, '.scalarlm', 'runs');
    await vscode.workspace.fs.createDirectory(runs);
    try {
      const uri = await workspaceFile('batch/from-terminal.jsonl', jsonl(Array.from({ length: 12 }, (_, i) => `From the terminal ${i}`)));
      const cli = spawn(process.execPath, [join(REPO_ROOT, 'dist', 'cli.js'), 'generate', uri.fsPath, '--url', suite.sim.url, '--max-tokens', '8'], { cwd: folder.fsPath, stdio: 'ignore' });
      const [code] = await once(cli, 'exit');
      assert.equal(code, 0);
      const tree = '.monaco-list[aria-label="Runs"]';
      await vscode.commands.executeCommand('scalarlm.runs.focus');
      // The view looks for other processes' runs every few seconds: the run shows as it goes, then complete.
      await waitFor(async () => /from-terminal\.jsonl[\s\S]*12 ok · complete/.test((await workbenchText(tree)) ?? ''), { timeoutMs: 15_000, what: 'the terminal run, complete, in the Runs view' });
      await workbenchClick(`${tree} .monaco-list-row:has-text("from-terminal.jsonl")`);
      await waitForPhase('complete');
      assert.equal(await countOf('ok'), 12);
      assert.deepEqual((await rowTexts('.prompt-preview')).slice(0, 2), ['From the terminal 0', 'From the terminal 1']);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, '.scalarlm'), { recursive: true });
    }
  });
});
