// The loop's editor half: an experiment run's rows exported as training data, a trained adaptor added to the
// experiment's providers as an undoable edit that keeps the file's formatting, and Compare with Base running
// the experiment with the adaptor's column: only its cells sent, its pass rate beside the base's, and the two
// columns compared row by row.

import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { pressKey, typeText, webviewEval, webviewQuery, workbenchText } from './helpers/page';
import { EXPERIMENT_PANEL, respond, useExperimentSimulator, waitForPhase } from './helpers/experiment-panel';
import { chooseInQuickInput } from './helpers/quick-input';
import { waitFor } from './helpers/wait';
import { workspaceFile } from './helpers/workspace';
import { clickAction } from './helpers/panel-actions';

// sha256("test"): an adaptor the simulator serves with its example jobs.
const ADAPTOR = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
// Only while shown: a closed quick input stays in the page, hidden, with the text of its last list.
const LIST = '.quick-input-widget:not([style*="display: none"]) .quick-input-list';

async function figures(column: number): Promise<string> {
  return webviewEval<string>(EXPERIMENT_PANEL, `document.querySelector('.column-head[data-column="${column}"] .column-figures')?.textContent ?? ''`);
}

describe('training loop: export training data, add an adaptor, compare with base', () => {
  const suite = useExperimentSimulator({ exampleJobs: true });
  const posts = async () => (await suite.sim.stats()).requests['POST /v1/generate'] ?? 0;

  it('exports the expected answers, adds the adaptor undoably, and compares it with the base sending only its cells', async () => {
    const text =
      '# The loop\nprompts:\n  - "Capital of {{ country }}? ' + respond('{{ answer }}') + '"\nproviders:\n  # the base model\n  - id: scalarlm:base\n    label: base\n\n' +
      'tests:\n  - vars: {country: France, answer: Paris}\n    assert: [{type: equals, value: Paris}]\n  - vars: {country: Peru, answer: Cusco}\n    assert: [{type: equals, value: Lima}]\n';
    const config = await workspaceFile('loop/promptfooconfig.yaml', text);
    const runId = await vscode.commands.executeCommand<string>('scalarlm.runExperiment', config);
    assert.ok(runId, 'the run started');
    await waitForPhase('complete');
    const sentForBase = await posts();

    const target = vscode.Uri.joinPath(config, '..', 'data.jsonl');
    const written = await vscode.commands.executeCommand<vscode.Uri>('scalarlm.exportTrainingData', runId, { from: 'expected', target });
    assert.equal(written?.fsPath, target.fsPath);
    const lines = readFileSync(target.fsPath, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as unknown);
    assert.deepEqual(lines, [
      { input: `Capital of France? ${respond('Paris')}`, output: 'Paris' },
      { input: `Capital of Peru? ${respond('Cusco')}`, output: 'Lima' },
    ]);

    // Added as an edit of the open document, in the list's style; Undo takes it back.
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(config));
    await vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment', config, ADAPTOR, 'tuned');
    assert.equal(editor.document.getText(), text.replace('    label: base\n', `    label: base\n  - id: scalarlm:${ADAPTOR}\n    label: tuned\n`));
    await vscode.commands.executeCommand('undo');
    await waitFor(() => editor.document.getText() === text, { timeoutMs: 5000, what: 'the undo to restore the file' });

    // Compare with Base: added again, saved, run; the base column's group is the one the server holds.
    const compared = await vscode.commands.executeCommand<string>('scalarlm.compareWithBase', config, ADAPTOR, 'tuned');
    assert.ok(compared && compared !== runId, 'a new run');
    await waitForPhase('complete');
    assert.equal(await posts(), sentForBase + 1, "only the adaptor's group was sent");
    assert.equal(editor.document.isDirty, false, 'the file was saved before the run read it');
    await waitFor(async () => (await figures(1)).startsWith('pass 1/2 (50%, 9-91%)'), { timeoutMs: 10_000, what: `the adaptor column's pass rate (now "${await figures(1)}")` });
    assert.ok((await figures(0)).startsWith('pass 1/2 (50%, 9-91%)'), `the base's pass rate beside it: ${await figures(0)}`);
    assert.match(await webviewEval<string>(EXPERIMENT_PANEL, `document.querySelector('.column-head[data-column="1"]')?.textContent ?? ''`), /tuned/);
    // The panel opens with the adaptor's column compared with the base's, row by row (issue 18).
    const bar = await waitFor(async () => (await webviewQuery(EXPERIMENT_PANEL, '.comparison-bar:not([hidden])'))?.texts[0], { timeoutMs: 10_000, what: 'the column comparison' });
    assert.match(bar, /^Column "tuned" against the baseline column "base"/);
    assert.match(bar, /0 newly passing/);
    assert.match(bar, /2 same/);

    // The panel's Export Training Data… asks which answers, then (two columns) whose.
    await clickAction(EXPERIMENT_PANEL, 'exportTraining');
    await waitFor(async () => (await workbenchText(LIST))?.includes('Passing answers'), { timeoutMs: 10_000, what: 'the answers quick pick' });
    // The panel was just clicked: the quick input is given the keyboard first, and the list filtered before Enter.
    await chooseInQuickInput('Passing', 'Expected answers');
    const columns = await waitFor(async () => {
      const text = await workbenchText(LIST);
      return text?.includes('× tuned') && text;
    }, { timeoutMs: 10_000, what: 'the column quick pick' });
    assert.match(columns, /× base/);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('from the palette, offers the deployment\'s adaptors and adds the one picked with a short label', async () => {
    const config = await workspaceFile('loop/palette.yaml', 'prompts: ["Hi {{ x }}"]\nproviders: [scalarlm:base]\ntests:\n  - vars: {x: 1}\n');
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(config));
    const adding = vscode.commands.executeCommand('scalarlm.addAdaptorToExperiment');
    const list = await waitFor(async () => {
      const text = await workbenchText(LIST);
      return text?.includes(ADAPTOR) && text;
    }, { timeoutMs: 20_000, what: 'the adaptors in the quick pick' });
    assert.match(list, /adaptor 9f86d081\s*served/, 'the adaptor by its short name, marked served');
    await typeText(ADAPTOR.slice(0, 12));
    await waitFor(async () => {
      const text = await workbenchText(LIST);
      return text?.includes(ADAPTOR) && !text.includes('base model');
    }, { timeoutMs: 10_000, what: 'the list filtered to the adaptor' });
    await pressKey('Enter');
    await adding;
    assert.equal(editor.document.getText(), `prompts: ["Hi {{ x }}"]\nproviders: [scalarlm:base, {id: scalarlm:${ADAPTOR}, label: "adaptor 9f86d081"}]\ntests:\n  - vars: {x: 1}\n`);
  });
});
