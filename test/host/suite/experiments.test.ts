// Experiments in the editor, as a user runs them: the CodeLens above `prompts:` runs a 2 prompts x 2 models x
// 5 rows experiment into a matrix of 20 cells read from inside its webview; a cell's detail; a .prompty with
// its sample; a template error that sends nothing; hostile model output shown inert.

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { screenshot, webviewClick, webviewEval, webviewQuery } from './helpers/page';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';

const EXPERIMENT = EXPERIMENT_PANEL;
/** The simulator's first example adaptor (exampleJobs): sha256("test"). */
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

async function chip(status: string): Promise<number> {
  return Number((await webviewQuery(EXPERIMENT, `#counts button.chip[data-status="${status}"] .count`))?.texts[0] ?? NaN);
}

/** The text a cell shows in the grid. */
async function cellText(row: number, column: number): Promise<string> {
  return webviewEval<string>(EXPERIMENT, `document.querySelector('.cell[data-row="${row}"][data-column="${column}"] .cell-text')?.textContent ?? ''`);
}

describe('experiments', () => {
  const suite = useExperimentSimulator({ exampleJobs: true });

  it('runs 2 prompts x 2 models x 5 rows from the CodeLens above prompts: into 20 cells with the right answers', async () => {
    await workspaceFile('exp/greet.prompty', `---\nname: Greet\nsample:\n  name: Ada\n---\nuser:\nGreet {{ name }} from {{ city }}. ${respond('greeting {{ name }}')}\n`);
    await workspaceFile('exp/short.txt', `Hi {{ name }} ${respond('short {{ name }} of {{ city }}')}`);
    await workspaceFile('exp/rows.csv', 'name,city\nAda,London\nGrace,New York\nAlan,Manchester\nLinus,Helsinki\nJoan,Paris\n');
    const config = await workspaceFile(
      'exp/promptfooconfig.yaml',
      `prompts:\n  - file://greet.prompty\n  - id: file://short.txt\n    label: short\nproviders:\n  - id: scalarlm:base\n    label: base\n  - id: scalarlm:${ADAPTOR}\n    label: adaptor\ntests: file://rows.csv\n`,
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(config));
    const lenses = await waitFor(async () => {
      const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', config)) ?? [];
      return all.find((lens) => lens.command?.command === 'scalarlm.runExperiment');
    }, { timeoutMs: 10_000, what: 'the Run Experiment CodeLens' });
    await vscode.commands.executeCommand(lenses.command?.command as string, ...(lenses.command?.arguments ?? []));
    await waitForPhase('complete');
    assert.equal(await chip('ok'), 20);
    assert.equal(await webviewEval(EXPERIMENT, `document.querySelectorAll('.matrix-header [data-column], [role="columnheader"][data-column]').length`), 4);
    assert.equal(await cellText(1, 0), 'greeting Grace');
    assert.equal(await cellText(1, 2), 'short Grace of New York');
    assert.equal(await cellText(4, 3), 'short Joan of Paris');
    await screenshot('experiment-matrix');

    // A cell's detail: the rendered prompt and the vars, from the host.
    await webviewClick(EXPERIMENT, '.cell[data-row="3"][data-column="2"]');
    const detail = await waitFor(async () => (await webviewQuery(EXPERIMENT, '[data-row="3"][data-column="2"][data-loaded="true"]'))?.texts[0], { timeoutMs: 10_000, what: 'the cell detail' });
    assert.match(detail, /name\s+Linus\s+city\s+Helsinki/);
    const prompt = await webviewEval<string>(EXPERIMENT, `document.querySelector('[data-loaded="true"] pre.prompt')?.textContent ?? ''`);
    assert.match(prompt, /^Hi Linus \[\[sim:respond=short Linus of Helsinki\]\]$/);

    // Unchanged, again: every cell fetched from the server, nothing sent.
    const posts = (await suite.sim.stats()).requests['POST /v1/generate'];
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(async () => (await webviewQuery(EXPERIMENT, 'main')) === undefined, { timeoutMs: 10_000, what: 'the panel to close' });
    await vscode.commands.executeCommand('scalarlm.runExperiment', config);
    await waitForPhase('complete');
    assert.equal((await suite.sim.stats()).requests['POST /v1/generate'], posts, 'nothing sent the second time');
    assert.match((await webviewQuery(EXPERIMENT, 'main'))?.texts[0] ?? '', /20 cells fetched/);
  });

  it('runs a .prompty with its sample, and sends nothing when a cell cannot render', async () => {
    const prompty = await workspaceFile('exp/sample.prompty', `---\nname: Sample\nsample:\n  name: Ada\n---\nuser:\nHello {{ name }} ${respond('hello {{ name }}')}\n`);
    await vscode.commands.executeCommand('scalarlm.runPromptWithSample', prompty);
    await waitForPhase('complete');
    assert.equal(await chip('ok'), 1);
    assert.equal(await cellText(0, 0), 'hello Ada');

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const before = (await suite.sim.stats()).enqueuedPrompts;
    const broken = await workspaceFile('exp/broken.prompty', '---\nname: Broken\nsample:\n  name: Ada\n---\nuser:\nHello {{ nmae }}\n');
    await vscode.commands.executeCommand('scalarlm.runPromptWithSample', broken);
    await waitFor(async () => vscode.languages.getDiagnostics(broken).some((d) => /nmae/.test(d.message)), { timeoutMs: 10_000, what: 'the undefined variable as a diagnostic' });
    assert.equal((await suite.sim.stats()).enqueuedPrompts, before, 'nothing was sent');
    assert.equal(await webviewQuery(EXPERIMENT, 'main'), undefined, 'no run was started');
  });

  it('shows hostile model output inert in the grid and in the detail', async () => {
    const hostile = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">[x](javascript:window.pwned=3) **bold**';
    const prompty = await workspaceFile('exp/hostile.prompty', `---\nname: Hostile\n---\nuser:\nanswer [[sim:respond-b64=${Buffer.from(hostile).toString('base64')}]]\n`);
    await vscode.commands.executeCommand('scalarlm.runPromptWithSample', prompty);
    await waitForPhase('complete');
    assert.match(await cellText(0, 0), /<script>window\.pwned = 1<\/script>/, 'the grid shows the markup as text');
    await webviewClick(EXPERIMENT, '.cell[data-row="0"][data-column="0"]');
    await waitFor(async () => (await webviewQuery(EXPERIMENT, '[data-loaded="true"]'))?.count === 1, { timeoutMs: 10_000, what: 'the detail' });
    for (const format of ['rendered', 'raw']) {
      await webviewClick(EXPERIMENT, `button[data-format="${format}"]`);
      const live = await webviewEval<number>(EXPERIMENT, `document.querySelectorAll('main script, main img, main [onerror], main a[href^="javascript"]').length`);
      assert.equal(live, 0, `nothing live in the ${format} view`);
      assert.equal(await webviewEval(EXPERIMENT, 'typeof window.pwned'), 'undefined');
    }
  });
});
